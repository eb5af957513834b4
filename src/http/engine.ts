/**
 * The engine interface: what the HTTP layer (routes, framing checks, limits, streaming) needs
 * from a server engine. Each engine adapts to it (src/server/engines: uws-app.ts over
 * uWebSockets.js's native objects, node-exchange.ts over node:http); a response's head is
 * written in one call, in the form the route kit has it (a status, flat header pairs, constant
 * lines), and each engine puts it on the wire its own way. Route handlers follow the rules of
 * the stricter engine, uWS, whichever engine runs them:
 * - `req` is valid only during the handler: copy what you need before anything asynchronous;
 * - a response not ended inside the handler needs `onAborted` at once;
 * - status first, then headers, then the body.
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
  /**
   * The status line (its code and reason, e.g. '200 OK') and every header, once, before the
   * body: the constant lines `lead` (header-lines.ts), if any, then `headers`, flat name/value
   * pairs whose values come from this service's code (no CR or LF).
   */
  writeHead(status: string, headers: readonly string[], lead?: HeaderLines): void;
  /**
   * True when the engine stops reading a connection whose answers wait in its buffer
   * (node:http): small answers may then go out with `end`. uWS reads on and buffers every
   * answer, so respond.ts ends them with tryEnd (docs/SECURITY.md, "Pipelined GETs never read").
   */
  readonly pausesWhenBackpressured?: boolean;
  /** Ends the response with `body` (and a Content-Length); `closeConnection` closes it after. */
  end(body?: string | Uint8Array, closeConnection?: boolean): EngineResponse;
  /**
   * Sends as much of `body` as the socket takes now, with `totalSize` as the Content-Length,
   * and says [whether all of it was taken, whether the response is over]; the rest goes in
   * later calls, from onWritable's offset. For large bodies (respond.ts): on uWS its writes are
   * optional, so unlike `end` they never lose data that overflows the cork buffer
   * (WRITE_SLICE), and neither engine holds a copy of the whole body per request.
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
  /**
   * Receives the request body in chunks, each valid only during the call (copy it); the last
   * has isLast. uWS passes ArrayBuffers, node:http Buffers.
   */
  onData(handler: (chunk: ArrayBuffer | Uint8Array, isLast: boolean) => void): unknown;
  /**
   * A chunked body only, after onData: calls `onTooLarge` as soon as its chunk-size lines
   * announce more than `maxBytes` in all. The node engine reads the framing beside its parser;
   * uWS closes a connection whose chunk size it cannot hold itself, and leaves this out.
   */
  limitChunked?(maxBytes: number, onTooLarge: () => void): void;
  /** Runs `callback` with writes batched into one send (after an await). */
  cork(callback: () => void): EngineResponse;
  /** Closes the connection at once (a response cut short). */
  close(): EngineResponse;
  /** The peer's address bytes (4 or 16 for uWS; the address text for node:http). */
  getRemoteAddress(): ArrayBuffer;
}

/** A route handler. */
export type Handler = (res: EngineResponse, req: EngineRequest) => void;

/**
 * Route registration, with uWS's matching rules: a route of the request's method wins over
 * `any`; among those, a static path over a `:parameter` segment over `/*`.
 */
export interface RouteApp {
  get(pattern: string, handler: Handler): unknown;
  head(pattern: string, handler: Handler): unknown;
  post(pattern: string, handler: Handler): unknown;
  options(pattern: string, handler: Handler): unknown;
  any(pattern: string, handler: Handler): unknown;
}
