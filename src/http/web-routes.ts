/**
 * The service's own web page: GET/HEAD `/` and `/assets/*`, served from memory (src/web/assets.ts)
 * with ETag revalidation, gzip when the client accepts it, and a strict Content-Security-Policy
 * (the page loads nothing but its own files and calls only this origin's API).
 */
import type { Logger } from 'pino';
import type { EngineRequest, EngineResponse, RouteApp } from './engine.js';
import { t } from '../i18n/messages.js';
import type { Asset } from '../web/assets.js';
import type { framingGuard } from './framing.js';
import { etagMatches } from './headers.js';
import type { Metrics } from './metrics.js';
import { facts, pathOf, problemReply, type RequestFacts } from './request-facts.js';
import { send, type Reply } from './respond.js';

const SECURITY_HEADERS = [
  'Content-Security-Policy', "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options', 'nosniff',
  'X-Frame-Options', 'DENY',
  'Referrer-Policy', 'no-referrer',
] as const;

/**
 * True when Accept-Encoding allows gzip (RFC 9110 §12.5.3): listed, or covered by `*`, with
 * a non-zero q. `gzip;q=0` (or `*;q=0` without gzip) refuses it.
 */
export function acceptsGzip(acceptEncoding: string): boolean {
  let star: boolean | null = null;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') star = allowed;
  }
  return star === true;
}

/** The reply for one asset, given the request's validators and encodings. */
export function assetReply(asset: Asset, f: RequestFacts, ifNoneMatch: string, gzipOk: boolean): Reply {
  const common = ['ETag', asset.etag, 'Cache-Control', asset.cache, 'Vary', 'Accept-Encoding', 'X-Request-Id', f.id, ...SECURITY_HEADERS];
  if (etagMatches(ifNoneMatch, asset.etag)) return { status: '304 Not Modified', headers: common, body: '' };
  const zipped = gzipOk && asset.gzip !== null;
  return {
    status: '200 OK',
    headers: ['Content-Type', asset.type, ...(zipped ? ['Content-Encoding', 'gzip'] : []), ...common],
    body: zipped ? asset.gzip! : asset.body,
  };
}

/** Registers the page and its assets (before the API's catch-all 404). */
export function registerWebRoutes(app: RouteApp, assets: ReadonlyMap<string, Asset>, metrics: Metrics, logger: Logger, framed: ReturnType<typeof framingGuard>): void {
  const handler = (asset: Asset, method: 'get' | 'head') => (res: EngineResponse, req: EngineRequest) => {
    const started = performance.now();
    let f: RequestFacts | undefined;
    let reply: Reply;
    try {
      f = facts(req, false, method);
      reply = assetReply(asset, f, req.getHeader('if-none-match'), acceptsGzip(req.getHeader('accept-encoding')));
    } catch (e) {
      f ??= facts(req, false, method);
      logger.error({ err: e, reqId: f.id, url: pathOf(f) }, 'unexpected error');
      reply = problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
    }
    send(res, reply, method === 'head');
    metrics.count('web', reply.status);
    metrics.observe('web', (performance.now() - started) / 1000);
  };
  const notAllowed = (res: EngineResponse, req: EngineRequest) => {
    const f = facts(req, false, null);
    send(res, problemReply('method_not_allowed', f, t(f.lang, 'detail.method_not_allowed', { method: f.method.toUpperCase(), allow: 'GET, HEAD' }), ['Allow', 'GET, HEAD']));
    metrics.count('web', '405');
  };
  for (const [path, asset] of assets) {
    app.get(path, framed(handler(asset, 'get'), true));
    app.head(path, framed(handler(asset, 'head'), true));
    app.any(path, framed(notAllowed, 'by-method'));
  }
}
