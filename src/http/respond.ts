/**
 * The one module that writes engine responses (src/http/engine.ts), so that the engines'
 * rules hold everywhere:
 * - respond before the handler returns, or attach onAborted (else uWS aborts the process);
 * - after an await, write only inside res.cork and only if not aborted;
 * - HEAD: this uWS fork needs onAborted before endWithoutBody (else it aborts too), and the
 *   Content-Length goes in the headers (endWithoutBody(length) closes the connection);
 * - the head (status and every header) in one writeHead call, then the body. Header values
 *   come only from this service's code (request ids are validated): none can contain CR or LF.
 * Handlers build a `Reply` and call `send` (synchronously), or use an `AsyncResponse`.
 */
import type { EngineResponse } from './engine.js';
import type { HeaderLines } from './header-lines.js';

/** A complete response: status line, headers as flat name/value pairs, body. */
export interface Reply {
  readonly status: string;
  /** Constant lines sent before `headers`, which must then not be empty. */
  readonly lead?: HeaderLines;
  readonly headers: readonly string[];
  readonly body: string | Uint8Array;
}

/** Statuses whose answers have no content and no Content-Length (RFC 9110 §8.6, §15.3.5, §15.4.5). */
const NO_CONTENT = new Set(['204 No Content', '304 Not Modified']);

function noop(): void {}

/**
 * Largest piece AsyncResponse#write hands the engine in one cork: it must fit in what uWS's
 * 16 kB cork buffer leaves after the chunk's size line (and the first write's Date and
 * Transfer-Encoding). A larger write takes uWS 20.30's `uncork(data)` path, which can send a
 * size line without its chunk when the socket is full (uWebSockets.js issue 1249;
 * test/backpressure.test.ts).
 */
export const WRITE_SLICE = 14 * 1024;

// A body's length in bytes.
function bytesOf(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

// True when `body` is at most WRITE_SLICE bytes; a string is measured only when it could be more
// (UTF-8 takes at most 3 bytes per UTF-16 code unit).
function small(body: string | Uint8Array): boolean {
  return (typeof body === 'string' && body.length * 3 <= WRITE_SLICE) || bytesOf(body) <= WRITE_SLICE;
}

// Ends with `body`, through tryEnd: as much as the socket takes now, the rest as it drains.
// `end` would copy the whole body into the engine per request (pipelined requests never read
// grow the process without bound), and on uWS loses a body that overflows the cork buffer.
// On uWS small bodies use tryEnd too: the first answer that waits stops uWS reading more
// pipelined requests. node:http stops reading such a connection itself, so small bodies keep
// `end` there; so does `close`, which uWS's tryEnd cannot do.
function endWith(res: EngineResponse, body: string | Uint8Array, close: boolean): void {
  const isSmall = small(body);
  if (close || (isSmall && res.pausesWhenBackpressured)) {
    res.end(body, close);
    return;
  }
  let bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const total = bytes.byteLength;
  if (res.tryEnd(bytes, total)[1]) return;
  // A small body may be a view of memory the next request reuses (the analysis route's).
  if (isSmall) bytes = bytes.slice();
  // A response left open needs onAborted (uWS aborts the process otherwise); neither engine
  // calls onWritable after an abort.
  res.onAborted(noop);
  res.onWritable((offset) => res.tryEnd(bytes.subarray(offset), total)[0]);
}

function write(res: EngineResponse, reply: Reply, head: boolean, close = false): void {
  const empty = NO_CONTENT.has(reply.status);
  if (!head && (!empty || close)) {
    res.writeHead(reply.status, reply.headers, reply.lead);
    endWith(res, reply.body, close);
    return;
  }
  // HEAD: the GET's Content-Length as our header (uWS 20.30's endWithoutBody(length) closes
  // the connection). 204 and 304: no body and no Content-Length.
  let headers = reply.headers;
  if (!empty) headers = [...headers, 'Content-Length', String(bytesOf(reply.body))];
  res.writeHead(reply.status, headers, reply.lead);
  res.onAborted(noop);
  res.endWithoutBody();
}

/** Sends a reply from inside the request handler (uWS has corked the socket already). */
export function send(res: EngineResponse, reply: Reply, head = false): void {
  write(res, reply, head);
}

/**
 * A response answered after the handler returned (a request body to read, a stream to
 * write). It attaches onAborted at once, writes only inside cork and only while the client
 * is there, and turns uWS backpressure into promises.
 */
export class AsyncResponse {
  private gone = false;
  private begun = false;
  private waiting: (() => void) | null = null;

  /** Prepares `res`; `onDone` runs once, when the response ends or the client goes away. */
  constructor(
    private readonly res: EngineResponse,
    private readonly onDone: () => void = noop,
  ) {
    res.onAborted(() => {
      this.waiting?.();
      this.finish();
    });
  }

  // Marks the response over (once) and reports it.
  private finish(): void {
    if (this.gone) return;
    this.gone = true;
    this.onDone();
  }

  /** True once the client went away (or the response was ended): nothing more is written. */
  get aborted(): boolean {
    return this.gone;
  }

  /** True once a streamed response has begun (its status line is gone: no other answer is possible). */
  get started(): boolean {
    return this.begun;
  }

  /** Sends a whole reply; `close` also closes the connection (e.g. a body left unread). */
  send(reply: Reply, close = false): void {
    if (this.gone) return;
    this.finish();
    this.res.cork(() => write(this.res, reply, false, close));
  }

  /** Starts a streamed (chunked) response. */
  begin(status: string, headers: readonly string[]): void {
    if (this.gone) return;
    this.begun = true;
    this.res.cork(() => this.res.writeHead(status, headers));
  }

  /**
   * Writes a chunk in WRITE_SLICE slices, one cork each, waiting for the socket to drain when
   * backpressured (uWS shifts its whole backpressure buffer on every partial send, so buffering
   * megabytes makes a slow reader's stream quadratic); resolves when done or the client is gone.
   */
  async write(bytes: Uint8Array | string): Promise<void> {
    const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    for (let at = 0; at < data.byteLength && !this.gone; at += WRITE_SLICE) {
      const slice = data.subarray(at, Math.min(at + WRITE_SLICE, data.byteLength));
      let drained = true;
      this.res.cork(() => {
        drained = this.res.write(slice);
      });
      if (!drained) await this.drained();
    }
  }

  // Resolves when the socket is writable again (or the client went away), on a later turn: a
  // handler registered inside uWS's writable callback is dropped when it returns.
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.res.onWritable(() => {
        this.waiting = null;
        setImmediate(resolve);
        return true;
      });
    });
  }

  /** Cuts a streamed response short (closes the connection): the client sees it incomplete. */
  abort(): void {
    if (this.gone) return;
    this.finish();
    this.res.close();
  }

  /** Ends a streamed response with an optional last chunk of at most WRITE_SLICE bytes (write the rest first). */
  end(last: Uint8Array | string = ''): void {
    if (this.gone) return;
    const length = bytesOf(last);
    if (length > WRITE_SLICE) throw new RangeError(`AsyncResponse#end takes at most ${WRITE_SLICE} bytes (${length} given): write() them first`);
    this.finish();
    this.res.cork(() => this.res.end(last));
  }
}
