/**
 * The one module that touches uWebSockets.js responses, so that its rules hold everywhere:
 * - respond before the handler returns, or attach onAborted (else uWS aborts the process);
 * - after an await, write only inside res.cork and only if not aborted;
 * - HEAD: this uWS fork needs onAborted before endWithoutBody(length) (else it aborts too);
 * - status first, then headers, then the body;
 * - all headers go out in one writeHeader call: each native call costs ~0.3 µs here, a
 *   dozen of them per response cost more than the analysis. uWS writes `name: value\r\n`
 *   verbatim, so the value carries the following header lines. Header values come only from
 *   this service's code (request ids are validated): none can contain CR or LF.
 * Handlers build a `Reply` and call `send` (synchronously) or `deferred(res).send` (later).
 */
import type { HttpResponse } from 'uWebSockets.js';

/** A complete response: status line, headers as flat name/value pairs, body. */
export interface Reply {
  readonly status: string;
  readonly headers: readonly string[];
  readonly body: string | Uint8Array;
}

function noop(): void {}

/**
 * Joins flat name/value pairs into the value of the first header followed by the other
 * header lines, for one writeHeader call under the first name.
 */
export function headerBlock(headers: readonly string[]): string {
  let block = headers[1];
  for (let i = 2; i < headers.length; i += 2) block += `\r\n${headers[i]}: ${headers[i + 1]}`;
  return block;
}

function write(res: HttpResponse, reply: Reply, head: boolean): void {
  res.writeStatus(reply.status);
  const h = reply.headers;
  if (h.length > 0) res.writeHeader(h[0], headerBlock(h));
  if (!head) {
    res.end(reply.body);
    return;
  }
  const length = typeof reply.body === 'string' ? Buffer.byteLength(reply.body) : reply.body.byteLength;
  res.onAborted(noop);
  res.endWithoutBody(length);
}

/** Sends a reply from inside the request handler (uWS has corked the socket already). */
export function send(res: HttpResponse, reply: Reply, head = false): void {
  write(res, reply, head);
}

/** A response that will be sent later: tracks abortion and corks the write. */
export interface Deferred {
  /** True once the client went away; nothing more can be written. */
  readonly aborted: boolean;
  /** Sends the reply unless the client has gone. */
  send(reply: Reply, head?: boolean): void;
}

/** Prepares `res` for an asynchronous answer (attaches onAborted at once). */
export function deferred(res: HttpResponse, onAbort: () => void = noop): Deferred {
  const state = { aborted: false };
  res.onAborted(() => {
    state.aborted = true;
    onAbort();
  });
  return {
    get aborted() {
      return state.aborted;
    },
    send(reply: Reply, head = false) {
      if (state.aborted) return;
      res.cork(() => write(res, reply, head));
    },
  };
}
