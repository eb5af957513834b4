/**
 * The one module that touches engine responses (src/http/engine.ts: uWS's own, or the
 * node:http engine's, which follows the same rules), so that their rules hold everywhere:
 * - respond before the handler returns, or attach onAborted (else uWS aborts the process);
 * - after an await, write only inside res.cork and only if not aborted;
 * - HEAD: this uWS fork needs onAborted before endWithoutBody (else it aborts too), and the
 *   Content-Length goes in the headers (endWithoutBody(length) closes the connection);
 * - status first, then headers, then the body; uWS writes `200 OK` itself before the first
 *   header or the body, so that status costs no call;
 * - all headers go out in one writeHeader call: each native call costs ~0.3 µs here, a
 *   dozen of them per response cost more than the analysis. uWS writes `name: value\r\n`
 *   verbatim, so the value carries the following header lines, and constant lines shared by
 *   many replies (header-lines.ts) go out as that call's name, already encoded. The node:http
 *   engine takes flat pairs instead (writeHeaders). Header values come only from this
 *   service's code (request ids are validated): none can contain CR or LF.
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

const OK = '200 OK';

/** Statuses whose answers have no content and no Content-Length (RFC 9110 §8.6, §15.3.5, §15.4.5). */
const NO_CONTENT = new Set(['204 No Content', '304 Not Modified']);

function noop(): void {}

/** Largest piece handed to uWS at once by AsyncResponse#write. */
export const WRITE_SLICE = 64 * 1024;

/**
 * Joins flat name/value pairs into the value of the first header followed by the other
 * header lines, for one writeHeader call under the first name.
 */
export function headerBlock(headers: readonly string[]): string {
  let block = headers[1];
  for (let i = 2; i < headers.length; i += 2) block += `\r\n${headers[i]}: ${headers[i + 1]}`;
  return block;
}

// Status, then every header in one call: what a whole reply and a stream start share.
function writeHead(res: EngineResponse, status: string, headers: readonly string[], lead?: HeaderLines): void {
  if (res.writeHeaders) {
    res.writeStatus(status);
    if (lead) res.writeHeaders(lead.pairs);
    res.writeHeaders(headers);
    return;
  }
  if (status !== OK) res.writeStatus(status);
  if (headers.length > 0) res.writeHeader(lead ? lead.wireBefore(headers[0]) : headers[0], headerBlock(headers));
}

function write(res: EngineResponse, reply: Reply, head: boolean, close = false): void {
  const empty = NO_CONTENT.has(reply.status);
  if (!head && (!empty || close)) {
    writeHead(res, reply.status, reply.headers, reply.lead);
    res.end(reply.body, close);
    return;
  }
  // HEAD: the GET's Content-Length as a header of ours, then no body. (uWS 20.30's
  // endWithoutBody(length) closes the connection after the answer, so the next request on it
  // went unanswered; with the length written as a header, the connection stays usable.)
  // 204 and 304: no body and no Content-Length (end('') would write `Content-Length: 0`).
  let headers = reply.headers;
  if (!empty) headers = [...headers, 'Content-Length', String(typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.byteLength)];
  writeHead(res, reply.status, headers, reply.lead);
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
    this.res.cork(() => writeHead(this.res, status, headers));
  }

  /**
   * Writes a chunk; resolves when uWS can take more, or the client is gone. Large chunks go
   * out in slices of WRITE_SLICE bytes, each waiting for the socket to drain when it is
   * backpressured: uWS's backpressure buffer shifts its whole content on every partial
   * send, so a few MB buffered at once made a slow reader's stream quadratic (measured:
   * 6 MB/s, then stalls).
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

  // Resolves when uWS reports the socket writable again (or the client went away). The
  // writer resumes on a later turn of the event loop, not inside uWS's writable callback:
  // a handler registered while that callback runs is dropped when it returns, and the
  // stream then waits forever (seen with chunks already rendered by the pool).
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

  /** Ends a streamed response with an optional last chunk. */
  end(last: Uint8Array | string = ''): void {
    if (this.gone) return;
    this.finish();
    this.res.cork(() => this.res.end(last));
  }
}
