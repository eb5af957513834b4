/**
 * The uWS engine: uWebSockets.js's native app as it is. Its request and response objects
 * are the engine interface's (src/http/engine.ts is their subset), so handlers receive them
 * with no wrapper: this is the fast path. Linux shares an explicit port between the threads'
 * apps through SO_REUSEPORT, which uWS sets itself.
 */
import type { UwsModule } from '../uws-native.js';
import type { EngineApp } from './engine-app.js';

/** An EngineApp over a native uWS app. */
export function uwsApp(uws: UwsModule): EngineApp {
  const app = uws.App();
  let listenSocket: import('uWebSockets.js').us_listen_socket | null = null;
  // uWS's HttpResponse and HttpRequest satisfy the engine interface: handlers go to uWS as they are.
  const engine: EngineApp = {
    get: (pattern, handler) => app.get(pattern, handler),
    head: (pattern, handler) => app.head(pattern, handler),
    post: (pattern, handler) => app.post(pattern, handler),
    options: (pattern, handler) => app.options(pattern, handler),
    any: (pattern, handler) => app.any(pattern, handler),
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
