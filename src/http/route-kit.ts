/**
 * The route kit: every route of the service is declared once, here, with what it is (a read or
 * a body route), who may call it (public with CORS, or not), whether it counts against the rate
 * limit, and its handler. The kit derives the rest the same way for every route family:
 * - HEAD from GET (the same reply, without its body, with its Content-Length);
 * - OPTIONS: the CORS preflight on public routes;
 * - every other method: 405 with `Allow`;
 * - the framing guard (framing.ts) before any handler, the rate limiter before limited ones;
 * - an exception in a handler is a logged 500, never a thrown error in the engine;
 * - the metrics and the access log of each reply.
 * (After fastify's `route()`, with its HEAD and OPTIONS derived from the declaration.)
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { CopiedRequest } from './copied-request.js';
import type { EngineRequest, EngineResponse, Handler, RouteApp } from './engine.js';
import type { framingGuard } from './framing.js';
import { BASE_HEADERS, PREFLIGHT_MAX_AGE, requestIdFrom } from './headers.js';
import type { Metrics, RouteName } from './metrics.js';
import type { RateLimiter } from './rate-limit.js';
import { facts, pathOf, problemReply, type RequestFacts } from './request-facts.js';
import { send, type Reply } from './respond.js';

/** A read route's handler: the whole reply, from the request (valid only during the call). */
export type ReadHandler = (req: EngineRequest, f: RequestFacts) => Reply;

/**
 * A body route's handler: it owns `res` and answers when the body has been read. `headers`
 * are the rate-limit headers every answer of it carries.
 */
export type BodyHandler = (res: EngineResponse, req: EngineRequest, f: RequestFacts, headers: readonly string[]) => void;

/** What a route is, beside its paths and handler. */
export interface RouteOptions {
  /** The metrics family its requests count in. */
  readonly metric: RouteName;
  /** Public: CORS headers on every answer, and the OPTIONS preflight. */
  readonly cors?: boolean;
  /** Counts against the client's rate limit (when RATE_LIMIT_RPS sets one). */
  readonly limited?: boolean;
  /** Another listener than the kit's own (the admin port). */
  readonly app?: RouteApp;
  /** Answers before the thread has its first snapshot (health, readiness, metrics, the page); any other route answers 503 then. */
  readonly whileStarting?: boolean;
}

/** What the kit needs from its thread. */
export interface KitContext {
  readonly framed: ReturnType<typeof framingGuard>;
  readonly limiter: RateLimiter | null;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly accessLog: boolean;
  /** Why the thread cannot answer yet (it has no snapshot: alive, not ready), in `lang`; null once it serves. */
  readonly startingDetail: (lang: Lang) => string | null;
}

/** The methods a read route and a body route answer, with OPTIONS where public. */
const ALLOW = {
  read: { public: 'GET, HEAD, OPTIONS', private: 'GET, HEAD' },
  body: { public: 'POST, OPTIONS', private: 'POST' },
} as const;

/** Request headers a preflight allows, by kind of route (fixed lists: the request's own is never echoed). */
const PREFLIGHT_HEADERS = { read: 'If-None-Match, X-Request-Id', body: 'Content-Type, Accept, X-Request-Id' } as const;

/** Declares routes on an engine app, with everything each kind of route shares. */
export class RouteKit {
  /** A kit for `app`; routes are added with read() and body(), the catch-all last with notFound(). */
  constructor(
    private readonly app: RouteApp,
    private readonly ctx: KitContext,
  ) {}

  /** A read route on each of `paths`: GET, HEAD from it, OPTIONS when public, 405 otherwise. */
  read(paths: string | readonly string[], options: RouteOptions, handle: ReadHandler): void {
    this.declareRead(paths, options, handle, (h) => h);
  }

  /**
   * A read route whose handler loads on its first request, on this thread, so that a thread
   * which never serves it never loads its modules (the registry routes: the catalog, the exports
   * and the Parquet writer). A request that arrives while it loads waits for it, on a copy of
   * the request (copied-request.ts); a load that fails is a logged 500 for the requests that
   * waited, and the next request tries again. `paths` must have no `:parameter` segment.
   */
  readLoaded(paths: string | readonly string[], options: RouteOptions, load: () => Promise<ReadHandler>): void {
    let handle: ReadHandler | null = null;
    let loading: Promise<void> | null = null;
    const loaded = () =>
      (loading ??= load().then(
        (h) => {
          handle = h;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      ));
    const deferred = (h: Handler): Handler => (res, req) => {
      if (handle !== null) return h(res, req);
      const copy = new CopiedRequest(req);
      let gone = false;
      res.onAborted(() => {
        gone = true;
      });
      const run = () => {
        if (!gone) res.cork(() => h(res, copy));
      };
      loaded().then(run, (err: unknown) => {
        this.ctx.logger.error({ err }, 'a route module failed to load');
        run(); // its handler is missing: a 500
      });
    };
    this.declareRead(paths, options, (req, f) => handle!(req, f), deferred);
  }

  // GET, HEAD, OPTIONS and 405 of a read route; `wrap` wraps the GET and HEAD handlers.
  private declareRead(paths: string | readonly string[], options: RouteOptions, route: ReadHandler, wrap: (h: Handler) => Handler): void {
    const { app = this.app, cors = false, metric, limited = false } = options;
    const handle = options.whileStarting ? route : this.afterStart(route);
    const { framed } = this.ctx;
    const allow = ALLOW.read[cors ? 'public' : 'private'];
    for (const path of typeof paths === 'string' ? [paths] : paths) {
      app.get(path, framed(wrap(this.guarded(metric, cors, 'get', limited, handle)), true, cors));
      app.head(path, framed(wrap(this.guarded(metric, cors, 'head', limited, handle)), true, cors));
      if (cors) app.options(path, framed(this.guarded(metric, true, 'options', false, preflight(allow, PREFLIGHT_HEADERS.read)), 'by-method', true));
      app.any(path, framed(this.guarded(metric, cors, null, false, notAllowed(allow)), 'by-method', cors));
    }
  }

  /**
   * A body route (POST) on each of `paths`: OPTIONS when public, 405 for every other method
   * (GET and HEAD included: a read route's `:parameter` would take them otherwise).
   */
  body(paths: string | readonly string[], options: RouteOptions, handle: BodyHandler): void {
    const { app = this.app, cors = false, metric, limited = false } = options;
    const { framed } = this.ctx;
    const allow = ALLOW.body[cors ? 'public' : 'private'];
    const refuse = notAllowed(allow);
    for (const path of typeof paths === 'string' ? [paths] : paths) {
      app.post(path, framed(this.guardedBody(metric, cors, limited, handle), false, cors));
      if (cors) app.options(path, framed(this.guarded(metric, true, 'options', false, preflight(allow, PREFLIGHT_HEADERS.body)), 'by-method', true));
      app.get(path, framed(this.guarded(metric, cors, 'get', false, refuse), true, cors));
      app.head(path, framed(this.guarded(metric, cors, 'head', false, refuse), true, cors));
      app.any(path, framed(this.guarded(metric, cors, null, false, refuse), 'by-method', cors));
    }
  }

  /** The 404 problem for every path no route declares (on `app`, by default the kit's). */
  notFound(app: RouteApp = this.app): void {
    const handle: ReadHandler = (_req, f) => problemReply('not_found', f, t(f.lang, 'detail.not_found', { path: pathOf(f) }));
    app.any('/*', this.ctx.framed(this.guarded('other', false, null, false, handle), 'by-method'));
  }

  // `handle`, or while the thread has no snapshot yet the 503 that says why.
  private afterStart(handle: ReadHandler): ReadHandler {
    const { startingDetail } = this.ctx;
    return (req, f) => {
      const detail = startingDetail(f.lang);
      return detail === null ? handle(req, f) : problemReply('unavailable', f, detail, ['Retry-After', '1']);
    };
  }

  // The reply's metrics and access log line.
  private finish(route: RouteName, f: RequestFacts, status: string, started: number): void {
    const { metrics, accessLog, logger } = this.ctx;
    metrics.count(route, status);
    metrics.observe(route, (performance.now() - started) / 1000);
    if (accessLog) logger.info({ reqId: f.id, method: f.method, url: pathOf(f), status: Number(status.slice(0, 3)), ms: performance.now() - started }, 'request');
  }

  // A synchronous handler behind the rate limiter (when `limited`), its exceptions a 500.
  private guarded(route: RouteName, cors: boolean, method: string | null, limited: boolean, handle: ReadHandler) {
    const { logger, limiter } = this.ctx;
    return (res: EngineResponse, req: EngineRequest): void => {
      const started = performance.now();
      let f: RequestFacts | undefined;
      let reply: Reply;
      try {
        f = facts(req, cors, method);
        if (!limited || limiter === null) reply = handle(req, f);
        else {
          const gate = this.gate(res, req, f);
          reply = 'refused' in gate ? gate.refused : withHeaders(handle(req, f), gate.headers);
        }
      } catch (e) {
        f ??= { req, method: method ?? '?', lang: 'en', id: requestIdFrom(''), cors };
        logger.error({ err: e, reqId: f.id, url: pathOf(f) }, 'unexpected error');
        reply = problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
      }
      send(res, reply, f.method === 'head');
      this.finish(route, f, reply.status, started);
    };
  }

  // A body handler behind the rate limiter; an exception before it took the response is a 500.
  private guardedBody(route: RouteName, cors: boolean, limited: boolean, handle: BodyHandler) {
    return (res: EngineResponse, req: EngineRequest): void => {
      const started = performance.now();
      const f = facts(req, cors, 'post');
      let headers: readonly string[] = [];
      const starting = this.ctx.startingDetail(f.lang);
      if (starting !== null) {
        const reply = problemReply('unavailable', f, starting, ['Retry-After', '1']);
        send(res, reply);
        this.finish(route, f, reply.status, started);
        return;
      }
      if (limited && this.ctx.limiter !== null) {
        const gate = this.gate(res, req, f);
        if ('refused' in gate) {
          send(res, gate.refused);
          this.finish(route, f, gate.refused.status, started);
          return;
        }
        headers = gate.headers;
      }
      try {
        handle(res, req, f, headers);
      } catch (e) {
        this.ctx.logger.error({ err: e, reqId: f.id }, 'unexpected error');
        const reply = problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
        send(res, reply);
        this.finish(route, f, reply.status, started);
      }
    };
  }

  // One token from the client's bucket: the RateLimit headers, or the 429 refusing the request.
  private gate(res: EngineResponse, req: EngineRequest, f: RequestFacts): { readonly headers: readonly string[] } | { readonly refused: Reply } {
    const limiter = this.ctx.limiter!;
    const d = limiter.take(res, req);
    const headers = ['RateLimit-Policy', limiter.policy, 'RateLimit', d.state];
    if (d.allowed) return { headers };
    this.ctx.metrics.add('refused_rate_limit');
    const detail = t(f.lang, 'detail.rate_limited', { rps: limiter.rps, burst: limiter.burst, retry: d.retryAfter });
    return { refused: problemReply('rate_limited', f, detail, ['Retry-After', String(d.retryAfter), ...headers]) };
  }
}

/** `reply` with `headers` added after its own. */
export function withHeaders(reply: Reply, headers: readonly string[]): Reply {
  return headers.length === 0 ? reply : { ...reply, headers: [...reply.headers, ...headers] };
}

// The 405 problem naming the methods the path answers.
function notAllowed(allow: string): ReadHandler {
  return (_req, f) => problemReply('method_not_allowed', f, t(f.lang, 'detail.method_not_allowed', { method: f.method.toUpperCase(), allow }), ['Allow', allow]);
}

// The CORS preflight of a public route.
function preflight(allow: string, allowHeaders: string): ReadHandler {
  return (_req, f) => ({
    status: '204 No Content',
    headers: [
      ...BASE_HEADERS.cors[f.lang],
      'Access-Control-Allow-Methods', allow,
      'Access-Control-Allow-Headers', allowHeaders,
      'Access-Control-Max-Age', PREFLIGHT_MAX_AGE,
      'X-Request-Id', f.id,
    ],
    body: '',
  });
}
