/** What handlers read from a request, and problem replies built from it. */
import type { EngineRequest } from './engine.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { BASE_HEADERS, requestIdFrom } from './headers.js';
import { PROBLEMS, problemBody, type ProblemCode } from '../i18n/problems.js';
import type { Reply } from './respond.js';

const PROBLEM_TYPE = 'application/problem+json';

export { JSON_TYPE } from '../batch/media-types.js';

/**
 * Request facts read from uWS's `req`, valid only during the handler (every use below is
 * synchronous). Each getter is a native call, so the hot path reads only what it needs.
 */
export interface RequestFacts {
  readonly req: EngineRequest;
  /** Lower-case method; known from the route for GET and HEAD. */
  readonly method: string;
  readonly lang: Lang;
  readonly id: string;
  readonly cors: boolean;
  /** The path, when copied out for use after the handler returned (see `detached`). */
  readonly path?: string;
}

/** The request path (a native call: read only when needed). */
export function pathOf(f: RequestFacts): string {
  return f.path ?? f.req.getUrl();
}

/** The same facts with the path copied out, usable after the handler has returned. */
export function detached(f: RequestFacts): RequestFacts {
  return { ...f, path: pathOf(f) };
}

/** Copies the facts every handler needs; `method` is given when the route fixes it. */
export function facts(req: EngineRequest, cors: boolean, method: string | null): RequestFacts {
  return {
    req,
    method: method ?? req.getMethod(),
    lang: resolveLang(req.getQuery('lang')),
    id: requestIdFrom(req.getHeader('x-request-id')),
    cors,
  };
}

/** A problem reply (RFC 9457) with the stable code and localised texts. */
export function problemReply(code: ProblemCode, f: RequestFacts, detail: string, extra: readonly string[] = []): Reply {
  return {
    status: PROBLEMS[code].status,
    headers: ['Content-Type', PROBLEM_TYPE, 'Cache-Control', 'no-store', 'X-Request-Id', f.id, ...BASE_HEADERS[f.cors ? 'cors' : 'plain'][f.lang], ...extra],
    body: problemBody(code, f.lang, detail, pathOf(f)),
  };
}

