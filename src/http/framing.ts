/**
 * Refuses requests whose framing a proxy in front could read differently (request smuggling,
 * RFC 9112 §6.3, §3.2): a Transfer-Encoding other than `chunked`, both Transfer-Encoding and
 * Content-Length, a Content-Length that is not one number, two Content-Length or Host lines, a
 * body on GET or HEAD. This uWS build accepts them all. The 400 (`Connection: close`) goes out
 * on the next turn, not inside the handler: with a response pending, uWS drops the connection
 * when it parses another request, so bytes smuggled after the refused one are never served.
 */
import type { Logger } from 'pino';
import { t } from '../i18n/messages.js';
import type { EngineRequest, EngineResponse, Handler } from './engine.js';
import type { Metrics } from './metrics.js';
import type { ProblemCode } from '../i18n/problems.js';
import { detached, facts, problemReply, type RequestFacts } from './request-facts.js';
import { AsyncResponse, type Reply } from './respond.js';

/** What is ambiguous about a request's framing. */
export type FramingFault = 'transfer_encoding' | 'both_lengths' | 'bad_length' | 'duplicate_length' | 'duplicate_host' | 'body_not_allowed';

/** What the node engine refuses that uWS 20.30 leaves unanswered: another HTTP major version, a bad target, no Host, an unparsable, large or slow head, a bad chunk. */
export type RequestFault = FramingFault | 'http_version' | 'request_target' | 'missing_host' | 'malformed' | 'bad_chunk' | 'headers_too_large' | 'header_timeout';

const FAULT_CODES: Partial<Record<RequestFault, ProblemCode>> = {
  http_version: 'http_version_not_supported',
  headers_too_large: 'headers_too_large',
  header_timeout: 'request_timeout',
};

/** The problem reply refusing a request for `fault` (the connection is then closed). */
export function refusalReply(fault: RequestFault, f: RequestFacts, params?: Readonly<Record<string, string>>): Reply {
  return problemReply(FAULT_CODES[fault] ?? 'bad_request', f, t(f.lang, `detail.framing.${fault}`, params));
}

// One walk over the header lines counts the framing fields and keeps each one's first value (a
// present but empty line counts: RFC 9112 §6.3); the callback is allocated once.
let hosts = 0;
let lengths = 0;
let codings = 0;
let length = '';
let coding = '';
const readLine = (key: string, value: string): void => {
  if (key === 'host') hosts++;
  else if (key === 'content-length') {
    if (lengths++ === 0) length = value;
  } else if (key === 'transfer-encoding') {
    if (codings++ === 0) coding = value;
  }
};

const PLAIN_NUMBER = /^\d{1,15}$/;

/** The framing fault of a request, or null; `bodyless`: the route takes no body, so any body is refused. */
export function framingFault(req: EngineRequest, bodyless: boolean): FramingFault | null {
  hosts = 0;
  lengths = 0;
  codings = 0;
  req.forEach(readLine);
  if (codings > 0) {
    // Exactly one line, exactly `chunked`: an empty one, a second line or another coding is refused.
    if (codings > 1 || coding !== 'chunked') return 'transfer_encoding';
    if (lengths > 0) return 'both_lengths';
  }
  if (lengths > 0 && !PLAIN_NUMBER.test(length)) return 'bad_length';
  if (bodyless && (codings > 0 || (lengths > 0 && Number(length) > 0))) return 'body_not_allowed';
  if (lengths > 1) return 'duplicate_length';
  if (hosts > 1) return 'duplicate_host';
  return null;
}

/** Wraps route handlers so that a request with ambiguous framing is refused before them. */
export function framingGuard(metrics: Metrics, logger: Logger) {
  const refuse = (res: EngineResponse, req: EngineRequest, fault: FramingFault, cors: boolean) => {
    const f = detached(facts(req, cors, null));
    const reply = refusalReply(fault, f);
    logger.debug({ reqId: f.id, fault }, 'ambiguous framing refused');
    const out = new AsyncResponse(res);
    setImmediate(() => {
      out.send(reply, true);
      metrics.count('other', reply.status);
    });
  };
  /** `handler` behind the framing check; `bodyless`: true on GET/HEAD routes, 'by-method' on catch-all routes. */
  return (handler: Handler, bodyless: boolean | 'by-method', cors = false): Handler =>
    (res, req) => {
      const noBody = bodyless === 'by-method' ? isBodyless(req.getMethod()) : bodyless;
      const fault = framingFault(req, noBody);
      if (fault === null) handler(res, req);
      else refuse(res, req, fault, cors);
    };
}

function isBodyless(method: string): boolean {
  return method === 'get' || method === 'head';
}
