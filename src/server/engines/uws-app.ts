/**
 * The uWS engine: uWebSockets.js's native app, its responses adapted to the engine interface
 * (src/http/engine.ts). Linux shares an explicit port between the threads' apps through
 * SO_REUSEPORT, which uWS sets itself.
 */
import type { HttpResponse } from 'uWebSockets.js';
import type { EngineResponse, Handler } from '../../http/engine.js';
import { headerValue, type HeaderLines } from '../../http/header-lines.js';
import type { UwsModule } from '../uws-native.js';
import type { EngineApp } from './engine-app.js';

const OK = '200 OK';

/**
 * A native response behind the engine interface. The head goes out in one native call: uWS
 * writes `name: value\r\n` verbatim, so the first header's value carries the following lines,
 * and the constant lines (header-lines.ts) go out before the first name, already encoded.
 */
export class UwsResponse implements EngineResponse {
  constructor(private readonly res: HttpResponse) {}

  writeHead(status: string, headers: readonly string[], lead?: HeaderLines): void {
    if (status !== OK) this.res.writeStatus(status);
    if (headers.length === 0) return;
    let block = headerValue(headers[1]);
    for (let i = 2; i < headers.length; i += 2) block += `\r\n${headers[i]}: ${headerValue(headers[i + 1])}`;
    this.res.writeHeader(lead ? lead.wireBefore(headers[0]) : headers[0], block);
  }

  end(body?: string | Uint8Array, closeConnection?: boolean): this {
    this.res.end(body, closeConnection);
    return this;
  }

  tryEnd(body: Uint8Array, totalSize: number): [boolean, boolean] {
    return this.res.tryEnd(body, totalSize);
  }

  endWithoutBody(): this {
    this.res.endWithoutBody();
    return this;
  }

  write(chunk: string | Uint8Array): boolean {
    return this.res.write(chunk);
  }

  onWritable(handler: (offset: number) => boolean): this {
    this.res.onWritable(handler);
    return this;
  }

  onAborted(handler: () => void): this {
    this.res.onAborted(handler);
    return this;
  }

  onData(handler: (chunk: ArrayBuffer | Uint8Array, isLast: boolean) => void): this {
    this.res.onData(handler);
    return this;
  }

  cork(callback: () => void): this {
    this.res.cork(callback);
    return this;
  }

  close(): this {
    this.res.close();
    return this;
  }

  getRemoteAddress(): ArrayBuffer {
    return this.res.getRemoteAddress();
  }
}

/** An EngineApp over a native uWS app. */
export function uwsApp(uws: UwsModule): EngineApp {
  const app = uws.App();
  let listenSocket: import('uWebSockets.js').us_listen_socket | null = null;
  const adapt = (handler: Handler) => (res: HttpResponse, req: Parameters<Handler>[1]) => handler(new UwsResponse(res), req);
  const engine: EngineApp = {
    get: (pattern, handler) => app.get(pattern, adapt(handler)),
    head: (pattern, handler) => app.head(pattern, adapt(handler)),
    post: (pattern, handler) => app.post(pattern, adapt(handler)),
    options: (pattern, handler) => app.options(pattern, adapt(handler)),
    any: (pattern, handler) => app.any(pattern, adapt(handler)),
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
