/**
 * The service's own web page: GET/HEAD `/` and `/assets/*`, served from memory (src/web/assets.ts)
 * with ETag revalidation, gzip when the client accepts it, and a strict Content-Security-Policy
 * (the page loads nothing but its own files and calls only this origin's API).
 */
import type { Asset } from '../web/assets.js';
import { etagMatches } from './headers.js';
import { acceptsEncoding } from './negotiate.js';
import type { RequestFacts } from './request-facts.js';
import type { Reply } from './respond.js';
import type { RouteKit } from './route-kit.js';

const SECURITY_HEADERS = [
  'Content-Security-Policy', "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options', 'nosniff',
  'X-Frame-Options', 'DENY',
  'Referrer-Policy', 'no-referrer',
] as const;

/** The reply for one asset, given the request's validators and encodings. */
function assetReply(asset: Asset, f: RequestFacts, ifNoneMatch: string, gzipOk: boolean): Reply {
  const common = ['ETag', asset.etag, 'Cache-Control', asset.cache, 'Vary', 'Accept-Encoding', 'X-Request-Id', f.id, ...SECURITY_HEADERS];
  if (etagMatches(ifNoneMatch, asset.etag)) return { status: '304 Not Modified', headers: common, body: '' };
  const zipped = gzipOk && asset.gzip !== null;
  return {
    status: '200 OK',
    headers: ['Content-Type', asset.type, ...(zipped ? ['Content-Encoding', 'gzip'] : []), ...common],
    body: zipped ? asset.gzip! : asset.body,
  };
}

/** Declares the page and its assets (before the API's catch-all 404). */
export function registerWebRoutes(kit: RouteKit, assets: ReadonlyMap<string, Asset>): void {
  for (const [path, asset] of assets) {
    kit.read(path, { metric: 'web', whileStarting: true }, (req, f) => assetReply(asset, f, req.getHeader('if-none-match'), acceptsEncoding(req.getHeader('accept-encoding'), 'gzip')));
  }
}
