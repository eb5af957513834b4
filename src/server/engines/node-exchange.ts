/**
 * node:http's request and response behind the engine interface (src/http/engine.ts), with
 * uWS's semantics: bodies and chunks are copied (they are valid only during the call), and
 * `end(body, true)` closes the connection after the response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { EngineRequest, EngineResponse } from '../../http/engine.js';
import { headerValue, type HeaderLines } from '../../http/header-lines.js';
import { SplitTargetRequest } from '../../http/query.js';

/** A request: its path and query split once, headers read from node's parsed message. */
export class NodeRequest extends SplitTargetRequest implements EngineRequest {
  // node's parsed headers, read once (IncomingMessage#headers is a getter).
  private readonly headers: IncomingMessage['headers'];

  /** Wraps `message`, whose target is `path` and `search` (after the `?`, or ''). */
  constructor(
    private readonly message: IncomingMessage,
    path: string,
    search: string,
    private readonly params: readonly string[],
    method: string,
  ) {
    super(path, method, search);
    this.headers = message.headers;
  }

  /** A header by lower-case name, '' when absent. */
  getHeader(lowerCaseName: string): string {
    const v = this.headers[lowerCaseName];
    return v === undefined ? '' : typeof v === 'string' ? v : v.join(', ');
  }

  /** The route's n-th parameter. */
  getParameter(index: number): string | undefined {
    return this.params[index];
  }

  /** Every header line as received (duplicates included), names in lower case. */
  forEach(callback: (key: string, value: string) => void): void {
    const raw = this.message.rawHeaders;
    for (let i = 0; i < raw.length; i += 2) callback(raw[i].toLowerCase(), raw[i + 1]);
  }
}

const EMPTY = new Uint8Array(0);
const NOOP = (): void => undefined;

// What each connection's close tells the responses queued on it (one listener per socket).
const queuedOn = new WeakMap<Socket, Set<() => void>>();

// Calls `aborted` when `socket` closes; returns what forgets it.
function whenClosed(socket: Socket, aborted: () => void): () => void {
  const waiting = queuedOn.get(socket) ?? listenForClose(socket);
  waiting.add(aborted);
  return () => waiting.delete(aborted);
}

// The set of callbacks `socket`'s close calls, made with its one listener.
function listenForClose(socket: Socket): Set<() => void> {
  const waiting = new Set<() => void>();
  queuedOn.set(socket, waiting);
  socket.once('close', () => {
    queuedOn.delete(socket);
    for (const call of waiting) call();
  });
  return waiting;
}

/** The responses whose request body is being read, by node's response (for a parser error mid-body). */
export const bodyReaders = new WeakMap<ServerResponse, NodeResponse>();
const encoder = new TextEncoder();

/** A response written through node's ServerResponse. */
export class NodeResponse implements EngineResponse {
  private statusCode = 200;
  private statusMessage = 'OK';
  private readonly headers: string[] = [];
  private ended = false;
  private abortHandler: (() => void) | null = null;
  // Bytes of the body tryEnd has handed to node, and whether the connection closes after it.
  private bodyOffset = 0;
  private closeAfter = false;

  /** node:http stops parsing a connection whose answers wait (its `socket.pause()` on needDrain). */
  get pausesWhenBackpressured(): boolean {
    return true;
  }

  /** Wraps `res`, the response to `message`. */
  constructor(
    private readonly res: ServerResponse,
    private readonly message: IncomingMessage,
  ) {}

  /** Sets the status from a status line such as '404 Not Found'. */
  writeStatus(status: string): this {
    this.statusCode = Number(status.slice(0, 3));
    this.statusMessage = status.slice(4);
    return this;
  }

  /** Adds flat name/value pairs, each value made safe (headerValue: node would throw ERR_INVALID_CHAR on a line break). */
  writeHeaders(pairs: readonly string[]): this {
    for (let i = 0; i < pairs.length; i += 2) this.headers.push(pairs[i], headerValue(pairs[i + 1]));
    return this;
  }

  /** The status, the constant lines and the headers, as flat pairs. */
  writeHead(status: string, headers: readonly string[], lead?: HeaderLines): void {
    this.writeStatus(status);
    if (lead) this.writeHeaders(lead.pairs);
    this.writeHeaders(headers);
  }

  // Sends the status line and headers (once), with these extra fields.
  private head(...extra: string[]): void {
    if (this.res.headersSent) return;
    for (let i = 0; i < extra.length; i++) this.headers.push(extra[i]);
    this.res.writeHead(this.statusCode, this.statusMessage, this.headers);
  }

  /** Ends with `body` (copied); closes the connection after it when asked, or when a request body was left unread. */
  end(body: string | Uint8Array = EMPTY, closeConnection = false): this {
    if (this.ended) return this;
    this.ended = true;
    closeConnection ||= this.bodyLeftUnread();
    const data = typeof body === 'string' ? body : Buffer.from(body);
    if (this.res.headersSent) {
      this.res.end(data);
    } else {
      this.headWithLength(typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength, closeConnection);
      this.res.end(data);
    }
    if (closeConnection) this.message.socket.destroySoon();
    return this;
  }

  // The head with the body's Content-Length, and `Connection: close` when the connection closes after it.
  private headWithLength(length: number, close: boolean): void {
    if (close) this.head('Content-Length', String(length), 'Connection', 'close');
    else this.head('Content-Length', String(length));
  }

  // True when the request has a body that was not read to its end, and nothing reads the rest
  // (a body refused for memory is read and dropped after its answer). A request without one is
  // not `complete` yet while its handler runs: node marks that after the 'request' event.
  private bodyLeftUnread(): boolean {
    const h = this.message.headers;
    const hasBody = h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
    return hasBody && !this.message.complete && !bodyReaders.has(this.res);
  }

  /**
   * uWS's tryEnd: hands node what its buffer takes below the high-water mark (copied), with
   * `totalSize` as the Content-Length; says [all taken, response over]. The rest waits in the
   * caller's memory, not in node's buffer, for every pipelined request.
   */
  tryEnd(body: Uint8Array, totalSize: number): [boolean, boolean] {
    if (this.ended) return [true, true];
    // Queued behind an earlier answer (pipelining): nothing is handed over until it has the connection.
    if (this.queued()) return [false, false];
    if (!this.res.headersSent) {
      this.closeAfter = this.bodyLeftUnread();
      this.headWithLength(totalSize, this.closeAfter);
    }
    const piece = this.res.writableHighWaterMark;
    let at = 0;
    let open = true;
    while (open && at < body.byteLength) {
      const end = Math.min(at + piece, body.byteLength);
      open = this.res.write(Buffer.from(body.subarray(at, end)));
      at = end;
    }
    this.bodyOffset += at;
    if (this.bodyOffset < totalSize) return [at === body.byteLength, false];
    this.ended = true;
    this.res.end();
    if (this.closeAfter) this.message.socket.destroySoon();
    return [true, true];
  }

  /** Ends a response without a body: HEAD (its Content-Length among the headers written), 204, 304. */
  endWithoutBody(): this {
    if (this.ended) return this;
    this.ended = true;
    const closeConnection = this.bodyLeftUnread();
    if (closeConnection) this.head('Connection', 'close');
    else this.head();
    this.res.end();
    if (closeConnection) this.message.socket.destroySoon();
    return this;
  }

  /** Streams a chunk (copied); false when node's buffer is over its high-water mark or the response is queued. */
  write(chunk: string | Uint8Array): boolean {
    this.head();
    const queued = this.queued();
    return this.res.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk)) && !queued;
  }

  /** Calls `handler` with tryEnd's offset on each 'drain' until it returns true; a queued response first once it has the connection. */
  onWritable(handler: (offset: number) => boolean): this {
    const drained = (): void => {
      if (!handler(this.bodyOffset) && !this.ended) this.res.once('drain', drained);
    };
    if (this.queued()) this.res.once('socket', () => process.nextTick(drained));
    else this.res.once('drain', drained);
    return this;
  }

  /**
   * Calls `handler` once when the connection closes before the response ended; a response queued
   * behind another hears the socket's close (Node 20 tells it nothing until its turn).
   */
  onAborted(handler: () => void): this {
    if (this.abortHandler === null) {
      const aborted = (): void => {
        const call = this.abortHandler;
        this.abortHandler = NOOP;
        if (!this.ended) call?.();
      };
      this.res.once('close', aborted);
      if (this.queued()) {
        const forget = whenClosed(this.message.socket!, aborted);
        this.res.once('socket', forget);
      }
    }
    if (this.abortHandler !== NOOP) this.abortHandler = handler;
    return this;
  }

  // True while an earlier response on the connection still has it (node assigns it later).
  private queued(): boolean {
    return this.res.socket === null && this.message.socket?.destroyed === false;
  }

  /** Passes the body's chunks to `handler`, then an empty last one. */
  onData(handler: (chunk: ArrayBuffer | Uint8Array, isLast: boolean) => void): this {
    bodyReaders.set(this.res, this);
    this.message.on('data', (chunk: Buffer) => handler(chunk, false));
    this.message.once('end', () => {
      bodyReaders.delete(this.res);
      handler(EMPTY, true);
    });
    return this;
  }

  /** node's parser refused a chunk: the route is told the client is gone, `reply` is sent, and the connection closes. */
  fail(reply: { readonly status: string; readonly headers: readonly string[]; readonly body: string | Uint8Array }): void {
    bodyReaders.delete(this.res);
    if (this.ended) return;
    this.abortHandler?.();
    this.abortHandler = null;
    this.headers.length = 0;
    this.writeStatus(reply.status).writeHeaders(reply.headers).end(reply.body, true);
  }

  /** Runs `callback` (node batches a response's head and body itself). */
  cork(callback: () => void): this {
    callback();
    return this;
  }

  /** Closes the connection at once. */
  close(): this {
    this.ended = true;
    this.message.socket.destroy();
    return this;
  }

  /** The peer's address as text bytes (a stable key per client). */
  getRemoteAddress(): ArrayBuffer {
    return encoder.encode(this.message.socket.remoteAddress ?? '').buffer as ArrayBuffer;
  }
}
