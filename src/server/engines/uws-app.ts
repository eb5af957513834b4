/**
 * The uWS engine: uWebSockets.js's native app as it is. Its request and response objects
 * are the engine interface's (src/http/engine.ts is their subset), so handlers receive them
 * with no wrapper: this is the fast path. Linux shares an explicit port between the threads'
 * apps through SO_REUSEPORT, which uWS sets itself.
 */
import type { Handler } from '../../http/engine.js';
import type { UwsModule } from '../uws-native.js';
import type { EngineApp } from './engine-app.js';

/** An EngineApp over a native uWS app. */
export function uwsApp(uws: UwsModule): EngineApp {
  const app = uws.App();
  let listenSocket: import('uWebSockets.js').us_listen_socket | null = null;
  // uWS's HttpResponse and HttpRequest are the engine interface (the fork's types differ only
  // in the chunk type onData hands over, which the interface widens).
  const native = (handler: Handler) => handler as unknown as Parameters<typeof app.get>[1];
  const engine: EngineApp = {
    get: (pattern, handler) => app.get(pattern, native(handler)),
    head: (pattern, handler) => app.head(pattern, native(handler)),
    post: (pattern, handler) => app.post(pattern, native(handler)),
    options: (pattern, handler) => app.options(pattern, native(handler)),
    any: (pattern, handler) => app.any(pattern, native(handler)),
    listen: (host, port) =>
      new Promise((resolve) => {
        app.listen(host, port, (socket) => {
          listenSocket = socket || null;
          resolve(listenSocket !== null);
        });
      }),
    stopListening: () => {
      if (listenSocket) uws.us_listen_socket_close(listenSocket);
      listenSocket = null;
    },
    closeAll: () => {
      listenSocket = null;
      app.close();
    },
  };
  return engine;
}
