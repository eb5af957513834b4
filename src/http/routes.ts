/**
 * The HTTP API on one engine app: analysis paths, operational endpoints, and the 400/404/405
 * fallbacks. Handlers copy what they need from `req` first, answer synchronously through
 * respond.ts, and never throw (an unexpected error is a logged 500).
 */
import type { Logger } from 'pino';
import type { EngineRequest, EngineResponse, RouteApp } from './engine.js';
import type { Analyzer } from '../analysis/analyzer.js';
import type { RegistryDiff } from '../registry/diff.js';
import { LANGS, type Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { derivedFromTail } from '../analysis/derived-from.js';
import { parseAddressInput } from '../mac/derived.js';
import { analysisFields } from './fields-param.js';
import { blocksReply, vendorsReply } from './vendor-routes.js';
import type { framingGuard } from './framing.js';
import { ALLOW, BASE_HEADERS, etagMatches, PREFLIGHT_MAX_AGE, requestIdFrom } from './headers.js';
import type { Metrics, RouteName } from './metrics.js';
import type { RateLimiter } from './rate-limit.js';
import { facts, JSON_TYPE, pathOf, problemReply, type RequestFacts } from './request-facts.js';
import { headerBlock, send, type Reply } from './respond.js';
import openapi from './openapi.json' with { type: 'json' };

const ANALYSIS_CACHE = 'public, max-age=86400';

// A short, stable tag of a projection's canonical form (for its ETag): FNV-1a, 32 bits.
const fieldsTags = new Map<string, string>();
function fieldsTag(key: string): string {
  let tag = fieldsTags.get(key);
  if (tag === undefined) {
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    tag = (h >>> 0).toString(16).padStart(8, '0');
    if (fieldsTags.size < 1024) fieldsTags.set(key, tag);
  }
  return tag;
}

/** Request headers an analysis preflight allows (a fixed list: the request's own is never echoed). */
const ALLOWED_REQUEST_HEADERS = 'If-None-Match, X-Request-Id';

/** What /api/registry adds about the snapshot served before this one (after a reload). */
export interface PreviousSnapshot {
  readonly version: string;
  readonly reloadedAt: string;
  readonly diff: RegistryDiff | null;
}

/** What the routes need from the thread that serves them. */
export interface RouteContext {
  readonly analyzer: Analyzer;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly accessLog: boolean;
  /** True once the service is shutting down (readiness fails). */
  readonly isDraining: () => boolean;
  /** Extra Prometheus text (process and pool gauges). */
  readonly extraMetrics: () => string;
  readonly framed: ReturnType<typeof framingGuard>;
  /** The per-client rate limiter of the analysis paths, or null when rate limiting is off. */
  readonly limiter: RateLimiter | null;
}

function decodeOnce(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape is reported by the parser as a bad character
  }
}

// The constant headers of an analysis, pre-joined per audience and language (respond.ts
// sends a header block in one call); ETag and X-Request-Id follow per request.
function analysisHeaders(dataVersion: string, cors: boolean, lang: Lang): string {
  return headerBlock(['Cache-Control', ANALYSIS_CACHE, 'X-Data-Version', dataVersion, ...BASE_HEADERS[cors ? 'cors' : 'plain'][lang]]);
}

/** Everything the routes derive from one registry snapshot, built once per snapshot. */
interface Snapshot {
  readonly analyzer: Analyzer;
  readonly dataVersion: string;
  readonly etagPrefix: string;
  readonly constant: Readonly<Record<'cors' | 'plain', Readonly<Record<Lang, string>>>>;
  readonly registryBody: string;
}

function snapshot(analyzer: Analyzer, previous: PreviousSnapshot | null): Snapshot {
  const dataVersion = analyzer.meta.version;
  const perLang = (cors: boolean) => Object.fromEntries(LANGS.map((l) => [l, analysisHeaders(dataVersion, cors, l)])) as Record<Lang, string>;
  return {
    analyzer,
    dataVersion,
    etagPrefix: `"${analyzer.renderVersion}-`,
    constant: { cors: perLang(true), plain: perLang(false) },
    registryBody: JSON.stringify({ ...analyzer.meta, previous }),
  };
}

/** Switches the routes to another registry snapshot, between two requests. */
export type SwapSnapshot = (analyzer: Analyzer, previous: PreviousSnapshot | null) => void;

/**
 * Registers every route of the API on `app`, the operational endpoints (health, readiness,
 * metrics, registry metadata) on `opsApp` (the admin listener, when ADMIN_PORT sets one);
 * returns how to switch them to a new snapshot.
 */
export function registerRoutes(app: RouteApp, ctx: RouteContext, opsApp: RouteApp = app): SwapSnapshot {
  const { metrics, logger, framed, limiter } = ctx;
  // Every handler reads the snapshot once, at its start: a reload between two requests
  // changes what the next one sees, never half of one.
  let snap = snapshot(ctx.analyzer, null);

  const finish = (res: EngineResponse, route: RouteName, f: RequestFacts, reply: Reply, started: number) => {
    send(res, reply, f.method === 'head');
    metrics.count(route, reply.status);
    metrics.observe(route, (performance.now() - started) / 1000);
    if (ctx.accessLog) {
      logger.info({ reqId: f.id, method: f.method, url: pathOf(f), status: Number(reply.status.slice(0, 3)), ms: performance.now() - started }, 'request');
    }
  };

  // Wraps a handler so that no exception escapes into the engine (uWS would abort the process).
  // `limited`: the route counts against the client's rate limit (when one is configured).
  const guarded = (route: RouteName, cors: boolean, handle: (req: EngineRequest, f: RequestFacts) => Reply, method: 'get' | 'head' | null = null, limited = false) => {
    return (res: EngineResponse, req: EngineRequest) => {
      const started = performance.now();
      let f: RequestFacts | undefined;
      let reply: Reply;
      try {
        f = facts(req, cors, method);
        reply = limited && limiter ? rateLimited(res, req, f, handle) : handle(req, f);
      } catch (e) {
        f ??= { req, method: '?', lang: 'en', id: requestIdFrom(''), cors };
        logger.error({ err: e, reqId: f.id, url: pathOf(f) }, 'unexpected error');
        reply = problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
      }
      finish(res, route, f, reply, started);
    };
  };

  // The handler's reply with the rate limit headers, or 429 when the client has no token left.
  const rateLimited = (res: EngineResponse, req: EngineRequest, f: RequestFacts, handle: (req: EngineRequest, f: RequestFacts) => Reply): Reply => {
    const d = limiter!.take(res, req);
    const headers = ['RateLimit-Policy', limiter!.policy, 'RateLimit', d.state];
    if (!d.allowed) {
      metrics.add('refused_rate_limit');
      const detail = t(f.lang, 'detail.rate_limited', { rps: limiter!.rps, burst: limiter!.burst, retry: d.retryAfter });
      return problemReply('rate_limited', f, detail, ['Retry-After', String(d.retryAfter), ...headers]);
    }
    const reply = handle(req, f);
    return { ...reply, headers: [...reply.headers, ...headers] };
  };

  const analysis = (req: EngineRequest, f: RequestFacts): Reply => {
    const input = decodeOnce(req.getParameter(0) ?? '');
    const parsed = parseAddressInput(input);
    if (typeof parsed !== 'number' && !('mac' in parsed)) return problemReply(parseErrorCode(parsed), f, parseErrorDetail(parsed, f.lang));
    const rawFields = req.getQuery('fields');
    const fields = rawFields === undefined ? { projection: null } : analysisFields(f, rawFields);
    if ('refused' in fields) return fields.refused;
    const projection = fields.projection;
    const mac = typeof parsed === 'number' ? parsed : parsed.mac;
    const s = snap;
    // A MAC from an EUI-64 or IPv6 input answers with derivedFrom: its own representation and tag.
    const derived = typeof parsed === 'number' ? '' : `-${parsed.kind}-${input.toLowerCase()}`;
    // A projection has its own tag: a short digest of its canonical form.
    const projected = projection === null ? '' : `-p${fieldsTag(projection.key)}`;
    const etag = `${s.etagPrefix}${mac.toString(16).padStart(12, '0')}-${f.lang}${derived}${projected}"`;
    const block = `${s.constant[f.cors ? 'cors' : 'plain'][f.lang]}\r\nETag: ${etag}\r\nX-Request-Id: ${f.id}`;
    if (etagMatches(req.getHeader('if-none-match'), etag)) return { status: '304 Not Modified', headers: ['Cache-Control', block], body: '' };
    // A view of the analyzer's buffer: the engine copies it out before the next request runs.
    let body: Uint8Array;
    if (projection !== null) body = s.analyzer.renderProjectedBytes(mac, f.lang, projection, typeof parsed === 'number' ? null : { kind: parsed.kind, value: input });
    else {
      const bytes = s.analyzer.renderBytes(mac, f.lang);
      body = typeof parsed === 'number' ? bytes : Buffer.concat([bytes.subarray(0, bytes.length - 1), Buffer.from(derivedFromTail(parsed, input))]);
    }
    return { status: '200 OK', headers: ['Content-Type', `${JSON_TYPE}\r\nCache-Control: ${block}`], body };
  };

  const missing = (_req: EngineRequest, f: RequestFacts): Reply => problemReply('missing_mac', f, t(f.lang, 'detail.empty'));

  const notAllowed = (allow: string) => (_req: EngineRequest, f: RequestFacts): Reply =>
    problemReply('method_not_allowed', f, t(f.lang, 'detail.method_not_allowed', { method: f.method.toUpperCase(), allow }), ['Allow', allow]);

  const preflight = (_req: EngineRequest, f: RequestFacts): Reply => ({
    status: '204 No Content',
    headers: [
      ...BASE_HEADERS.cors[f.lang],
      'Access-Control-Allow-Methods', ALLOW.public,
      'Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS,
      'Access-Control-Max-Age', PREFLIGHT_MAX_AGE,
      'X-Request-Id', f.id,
    ],
    body: '',
  });

  for (const [prefix, cors] of [['/api/public/mac', true], ['/api/mac', false]] as const) {
    const allow = cors ? ALLOW.public : ALLOW.private;
    // uWS does not route HEAD to GET handlers: both are registered (respond.ts drops the body).
    for (const [path, handler] of [[`${prefix}/:mac`, analysis], [prefix, missing], [`${prefix}/`, missing]] as const) {
      app.get(path, framed(guarded('analysis', cors, handler, 'get', true), true, cors));
      app.head(path, framed(guarded('analysis', cors, handler, 'head', true), true, cors));
      if (cors) app.options(path, framed(guarded('analysis', true, preflight), 'by-method', true));
      app.any(path, framed(guarded('analysis', cors, notAllowed(allow)), 'by-method', cors));
    }
  }

  // The registry as a service: vendor search and prefix listing (public with CORS), the export.
  const vendors = (req: EngineRequest, f: RequestFacts): Reply => vendorsReply(snap.analyzer, req, f);
  for (const [path, cors] of [['/api/public/vendors', true], ['/api/vendors', false]] as const) {
    app.get(path, framed(guarded('registry', cors, vendors, 'get', true), true, cors));
    app.head(path, framed(guarded('registry', cors, vendors, 'head', true), true, cors));
    if (cors) app.options(path, framed(guarded('registry', true, preflight), 'by-method', true));
    app.any(path, framed(guarded('registry', cors, notAllowed(cors ? ALLOW.public : ALLOW.private)), 'by-method', cors));
  }
  const blocks = (req: EngineRequest, f: RequestFacts): Reply => blocksReply(snap.analyzer, req, f);
  app.get('/api/registry/blocks', framed(guarded('registry', false, blocks, 'get', true), true));
  app.head('/api/registry/blocks', framed(guarded('registry', false, blocks, 'head', true), true));
  app.any('/api/registry/blocks', framed(guarded('registry', false, notAllowed(ALLOW.private)), 'by-method'));

  const json = (f: RequestFacts, status: string, body: unknown, cache: string, extra: readonly string[] = []): Reply => ({
    status,
    headers: ['Content-Type', JSON_TYPE, 'Cache-Control', cache, 'X-Request-Id', f.id, ...BASE_HEADERS.plain[f.lang], ...extra],
    body: JSON.stringify(body),
  });
  const openapiBody = JSON.stringify(openapi);

  const ops: ReadonlyArray<readonly [string, (req: EngineRequest, f: RequestFacts) => Reply]> = [
    ['/healthz', (_req, f) => json(f, '200 OK', { status: 'ok' }, 'no-store')],
    [
      '/readyz',
      (_req, f) =>
        ctx.isDraining()
          ? problemReply('unavailable', f, t(f.lang, 'detail.unavailable'), ['Retry-After', '5'])
          : json(f, '200 OK', { status: 'ready', dataVersion: snap.dataVersion }, 'no-store'),
    ],
    ['/api/registry', (_req, f) => ({ ...json(f, '200 OK', null, 'no-cache', ['X-Data-Version', snap.dataVersion]), body: snap.registryBody })],
    [
      '/api/openapi.json',
      (_req, f) => ({ ...json(f, '200 OK', null, 'public, max-age=3600', ['Access-Control-Allow-Origin', '*']), body: openapiBody }),
    ],
    [
      '/metrics',
      (_req, f) => ({
        status: '200 OK',
        headers: ['Content-Type', 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control', 'no-store', 'X-Request-Id', f.id, ...BASE_HEADERS.plain[f.lang]],
        body: metrics.render() + ctx.extraMetrics(),
      }),
    ],
  ];
  for (const [path, handler] of ops) {
    // The OpenAPI document is for clients: it stays on the public listener.
    const target = path === '/api/openapi.json' ? app : opsApp;
    target.get(path, framed(guarded('ops', false, handler, 'get'), true));
    target.head(path, framed(guarded('ops', false, handler, 'head'), true));
    target.any(path, framed(guarded('ops', false, notAllowed('GET, HEAD')), 'by-method'));
  }

  const notFound = framed(guarded('other', false, (_req, f) => problemReply('not_found', f, t(f.lang, 'detail.not_found', { path: pathOf(f) }))), 'by-method');
  app.any('/*', notFound);
  if (opsApp !== app) opsApp.any('/*', notFound);
  return (analyzer, previous) => {
    snap = snapshot(analyzer, previous);
  };
}
