/**
 * The engine interface: what the HTTP layer needs from a server engine; uws-app.ts and
 * node-exchange.ts (src/server/engines) adapt to it. Handlers follow the stricter engine, uWS:
 * `req` is valid only during the handler; a response not ended inside it needs `onAborted` at
 * once; status, then headers, then the body.
 */

import type { HeaderLines } from './header-lines.js';

/** A request, readable only during its handler. */
export interface EngineRequest {
  /** The path, without the query string, as sent (not decoded). */
  getUrl(): string;
  /** The method in lower case. */
  getMethod(): string;
  /** The whole query string, as sent (after the `?`, '' when none). */
  getQuery(): string;
  /** A query parameter, decoded, or undefined when absent. */
  getQuery(key: string): string | undefined;
  /** A header value by lower-case name, '' when absent. */
  getHeader(lowerCaseName: string): string;
  /** The route's n-th `:parameter`. */
  getParameter(index: number): string | undefined;
  /** Every header line, in order, with lower-case names (duplicates included). */
  forEach(callback: (key: string, value: string) => void): void;
}

/** A response: status, then headers, then body (whole, or streamed with backpressure). */
export interface EngineResponse {
  /** The status line ('200 OK') and every header, once, before the body: `lead`'s constant lines, then flat name/value pairs (no CR or LF). */
  writeHead(status: string, headers: readonly string[], lead?: HeaderLines): void;
  /** True when the engine stops reading a connection whose answers wait (node:http): small answers may use `end`. */
  readonly pausesWhenBackpressured?: boolean;
  /** Ends the response with `body` (and a Content-Length); `closeConnection` closes it after. */
  end(body?: string | Uint8Array, closeConnection?: boolean): EngineResponse;
  /**
   * Sends what the socket takes now of `body`, with `totalSize` as the Content-Length, and says
   * [all taken, response over]; the rest goes in later calls from onWritable's offset. Unlike
   * `end`, it never loses data past uWS's cork buffer nor copies the whole body.
   */
  tryEnd(body: Uint8Array, totalSize: number): [boolean, boolean];
  /** Ends without a body or a Content-Length of its own: HEAD (its Content-Length among the headers written), 204, 304. */
  endWithoutBody(): EngineResponse;
  /** Streams a chunk; false when the socket is backpressured (wait for onWritable). */
  write(chunk: string | Uint8Array): boolean;
  /** Calls `handler` with the body bytes tryEnd has written each time the socket can take more, until it returns true. */
  onWritable(handler: (offset: number) => boolean): EngineResponse;
  /** Calls `handler` when the client goes away before the response ended. */
  onAborted(handler: () => void): EngineResponse;
  /** Receives the body in chunks, each valid only during the call (copy it); the last has isLast. */
  onData(handler: (chunk: ArrayBuffer | Uint8Array, isLast: boolean) => void): unknown;
  /** Runs `callback` with writes batched into one send (after an await). */
  cork(callback: () => void): EngineResponse;
  /** Closes the connection at once (a response cut short). */
  close(): EngineResponse;
  /** The peer's address bytes (4 or 16 for uWS; the address text for node:http). */
  getRemoteAddress(): ArrayBuffer;
}

/** A route handler. */
export type Handler = (res: EngineResponse, req: EngineRequest) => void;

/** Route registration, with uWS's matching: the request's method over `any`, then a static path over `:parameter` over `/*`. */
export interface RouteApp {
  get(pattern: string, handler: Handler): unknown;
  head(pattern: string, handler: Handler): unknown;
  post(pattern: string, handler: Handler): unknown;
  options(pattern: string, handler: Handler): unknown;
  any(pattern: string, handler: Handler): unknown;
}
