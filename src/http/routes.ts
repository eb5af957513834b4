/**
 * The HTTP API on one engine app: analysis paths, operational endpoints, and the 400/404/405
 * fallbacks. Handlers copy what they need from `req` first, answer synchronously through
 * respond.ts, and never throw (an unexpected error is a logged 500).
 */
import type { EngineRequest, RouteApp } from './engine.js';
import type { Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { derivedFromOf, parseAddressInput } from '../mac/derived.js';
import { lowerHex12 } from '../mac/prefix.js';
import { analysisFields } from './fields-param.js';
import { BASE_HEADERS, etagMatches } from './headers.js';
import type { Metrics } from './metrics.js';
import { JSON_TYPE, problemReply, type RequestFacts } from './request-facts.js';
import type { Reply } from './respond.js';
import type { ReadHandler, RouteKit, RouteOptions } from './route-kit.js';
import type { ServedSnapshot } from './served-snapshot.js';
import { SNAPSHOT_TYPE, type SnapshotFile, type SyncStatus } from '../registry/snapshot-file.js';

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

/** What the routes need from the thread that serves them. */
export interface RouteContext {
  /** The snapshot being served, read once per request (only by routes that answer after the first snapshot: route-kit.ts). */
  readonly current: () => ServedSnapshot;
  readonly metrics: Metrics;
  /** True once the service is shutting down (readiness fails). */
  readonly isDraining: () => boolean;
  /** True while the process's pool workers start (POOL_WARM_UP): not ready yet. */
  readonly isWarming: () => boolean;
  /** Why the thread has no snapshot yet (readiness fails), in a language; null once it serves (the kit's startingDetail). */
  readonly startingDetail: (lang: Lang) => string | null;
  /** Extra Prometheus text (process and pool gauges). */
  readonly extraMetrics: () => string;
  /** A follower's sync with its source (REGISTRY_SOURCE), or null for a service that follows none. */
  readonly syncStatus: () => SyncStatus | null;
}

function decodeOnce(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape is reported by the parser as a bad character
  }
}

/**
 * Declares every route of the API on the kit, the operational endpoints (health, readiness,
 * metrics, registry metadata) on `opsApp` (the admin listener, when ADMIN_PORT sets one), and
 * the 404 catch-all on both.
 */
export function registerRoutes(kit: RouteKit, ctx: RouteContext, opsApp: RouteApp | null = null): void {
  const analysis = analysisHandler(ctx.current);
  const missing = (_req: EngineRequest, f: RequestFacts): Reply => problemReply('missing_mac', f, t(f.lang, 'detail.empty'));
  for (const [prefix, cors] of [['/api/public/mac', true], ['/api/mac', false]] as const) {
    kit.read(`${prefix}/:mac`, { metric: 'analysis', cors, limited: true }, analysis);
    kit.read([prefix, `${prefix}/`], { metric: 'analysis', cors, limited: true }, missing);
  }
  registerRegistryRoutes(kit, ctx.current);
  for (const [path, options, handler] of opsRoutes(ctx)) kit.read(path, { metric: 'ops', app: opsApp ?? undefined, ...options }, handler);
  // The OpenAPI document is for clients: it stays on the public listener, and loads with its
  // first request, not with each thread's start-up.
  kit.readLoaded('/api/openapi.json', { metric: 'ops', whileStarting: true }, async () => {
    const { openapiBody: body } = await import('./openapi-document.js');
    return (_req, f) => ({ ...json(f, '200 OK', null, 'public, max-age=3600', ['Access-Control-Allow-Origin', '*']), body });
  });
  kit.notFound();
  if (opsApp !== null) kit.notFound(opsApp);
}

// GET /api/mac/:mac: one address's analysis, answered on this thread.
function analysisHandler(current: () => ServedSnapshot): ReadHandler {
  return (req, f) => {
    const input = decodeOnce(req.getParameter(0) ?? '');
    const parsed = parseAddressInput(input);
    if (typeof parsed !== 'number' && !('mac' in parsed)) return problemReply(parseErrorCode(parsed), f, parseErrorDetail(parsed, f.lang));
    const rawFields = req.getQuery('fields');
    const fields = rawFields === undefined ? { projection: null } : analysisFields(f, rawFields);
    if ('refused' in fields) return fields.refused;
    const projection = fields.projection;
    const mac = typeof parsed === 'number' ? parsed : parsed.mac;
    const eui64 = typeof parsed === 'number' ? null : parsed.eui64;
    const s = current();
    const strings = s.strings;
    // An address read out of an EUI-64, IPoIB or IPv6 input answers with derivedFrom: its own representation and tag.
    const from = derivedFromOf(parsed, input);
    const derived = from === null ? '' : `-${from.kind}-${from.value.toLowerCase()}`;
    // A projection has its own tag: a short digest of its canonical form.
    const projected = projection === null ? '' : `-p${fieldsTag(projection.key)}`;
    const address = eui64 === null ? lowerHex12(mac) : `${lowerHex12(mac)}${(0x10000 + eui64.low16).toString(16).slice(1)}`;
    const etag = `${strings.etagPrefix}${address}-${f.lang}${derived}${projected}"`;
    // The constant header lines go first, made once (header-lines.ts); ETag and X-Request-Id follow.
    const constant = strings.analysisHeaders[f.cors ? 'cors' : 'plain'][f.lang];
    if (etagMatches(req.getHeader('if-none-match'), etag)) return { status: '304 Not Modified', lead: constant.notModified, headers: ['ETag', etag, 'X-Request-Id', f.id], body: '' };
    // A view of the analyzer's buffer: the engine copies it out before the next request runs.
    const body = s.analyzer.jsonBytes(s.analyzer.factsOf(parsed), f.lang, projection, from);
    return { status: '200 OK', lead: constant.ok, headers: ['ETag', etag, 'X-Request-Id', f.id], body };
  };
}

// The registry as a service: vendor search and prefix listing (public with CORS), the files
// (blocks, ranges) and the changes. Their modules (the catalog, the exports, the Parquet
// writer) load with a thread's first registry request (route-kit.ts, readLoaded): most
// threads never serve one, and each would otherwise load them at start.
function registerRegistryRoutes(kit: RouteKit, current: () => ServedSnapshot): void {
  type RegistryReply = typeof import('./vendor-routes.js')['vendorsReply'];
  const registryRoute = (reply: (m: typeof import('./vendor-routes.js')) => RegistryReply) => async (): Promise<ReadHandler> => {
    const m = await import('./vendor-routes.js');
    const answer = reply(m);
    return (req, f) => answer(m.registryOf(current()), req, f);
  };
  const vendors = registryRoute((m) => m.vendorsReply);
  kit.readLoaded('/api/public/vendors', { metric: 'registry', cors: true, limited: true }, vendors);
  kit.readLoaded('/api/vendors', { metric: 'registry', limited: true }, vendors);
  kit.readLoaded('/api/registry/blocks', { metric: 'registry', limited: true }, registryRoute((m) => m.blocksReply));
  kit.readLoaded('/api/registry/ranges', { metric: 'registry', limited: true }, registryRoute((m) => m.rangesReply));
  const changes = registryRoute((m) => m.changesReply);
  kit.readLoaded('/api/public/registry/changes', { metric: 'registry', cors: true, limited: true }, changes);
  kit.readLoaded('/api/registry/changes', { metric: 'registry', limited: true }, changes);
}

// A JSON reply of this thread's own (the operational endpoints, the document).
function json(f: RequestFacts, status: string, body: unknown, cache: string, extra: readonly string[] = []): Reply {
  return {
    status,
    headers: ['Content-Type', JSON_TYPE, 'Cache-Control', cache, 'X-Request-Id', f.id, ...BASE_HEADERS.plain[f.lang], ...extra],
    body: JSON.stringify(body),
  };
}

// The operational endpoints: each path, whether it answers before the first snapshot or counts
// against the rate limit (the snapshot file, as the exports), and its handler.
function opsRoutes(ctx: RouteContext): ReadonlyArray<readonly [string, Pick<RouteOptions, 'whileStarting' | 'limited'>, ReadHandler]> {
  const { current } = ctx;
  const withSync = () => {
    const sync = ctx.syncStatus();
    return sync === null ? {} : { sync };
  };
  return [
    ['/healthz', { whileStarting: true }, (_req, f) => json(f, '200 OK', { status: 'ok' }, 'no-store')],
    ['/readyz', { whileStarting: true }, (_req, f) => readiness(ctx, f) ?? json(f, '200 OK', { status: 'ready', dataVersion: current().strings.dataVersion, ...withSync() }, 'no-store')],
    [
      '/api/registry',
      {},
      (_req, f) => {
        const { strings } = current();
        const sync = ctx.syncStatus();
        // The snapshot's metadata is made once; a follower's sync state is added as it is now.
        const body = sync === null ? strings.registryBody : `${strings.registryBody.slice(0, -1)},"sync":${JSON.stringify(sync)}}`;
        return { ...json(f, '200 OK', null, 'no-cache', ['X-Data-Version', strings.dataVersion]), body };
      },
    ],
    ['/api/registry/snapshot', { limited: true }, (req, f) => snapshotReply(current().file, req, f)],
    [
      '/metrics',
      { whileStarting: true },
      (_req, f) => ({
        status: '200 OK',
        headers: ['Content-Type', 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control', 'no-store', 'X-Request-Id', f.id, ...BASE_HEADERS.plain[f.lang]],
        body: ctx.metrics.render() + ctx.extraMetrics(),
      }),
    ],
  ];
}

// The 503 that says why the thread is not ready (shutting down, no snapshot yet, warming its pool), or null when it is.
function readiness(ctx: RouteContext, f: RequestFacts): Reply | null {
  if (ctx.isDraining()) return problemReply('unavailable', f, t(f.lang, 'detail.unavailable'), ['Retry-After', '5']);
  const starting = ctx.startingDetail(f.lang);
  if (starting !== null) return problemReply('unavailable', f, starting, ['Retry-After', '1']);
  if (ctx.isWarming()) return problemReply('unavailable', f, t(f.lang, 'detail.warming'), ['Retry-After', '1']);
  return null;
}

// GET /api/registry/snapshot: the file of the snapshot being served, for followers (ETag: its
// version; 304 to If-None-Match; Repr-Digest, RFC 9530).
function snapshotReply(file: SnapshotFile | null, req: EngineRequest, f: RequestFacts): Reply {
  if (file === null) return problemReply('unavailable', f, t(f.lang, 'detail.snapshot_unavailable'), ['Retry-After', '1']);
  const etag = `"${file.version}"`;
  const headers = ['ETag', etag, 'Cache-Control', 'no-cache', 'X-Data-Version', file.version, 'X-Request-Id', f.id, ...BASE_HEADERS.plain[f.lang]];
  if (etagMatches(req.getHeader('if-none-match'), etag)) return { status: '304 Not Modified', headers, body: '' };
  return { status: '200 OK', headers: ['Content-Type', SNAPSHOT_TYPE, 'Repr-Digest', file.digest, ...headers], body: file.bytes };
}
