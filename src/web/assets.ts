/**
 * The web page's static files, loaded once into memory: the HTML, CSS and icon from
 * src/web/public, and the compiled client modules and their text tables from
 * dist/page/web/client. Each asset carries its ETag, and a gzip copy when that is smaller.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../registry/paths.js';

/** One file as served. */
export interface Asset {
  readonly type: string;
  readonly body: Uint8Array;
  /** Present when compression saves bytes. */
  readonly gzip: Uint8Array | null;
  readonly etag: string;
  readonly cache: string;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

// The page revalidates on every visit (its module URLs are not versioned); modules and
// styles may be reused for five minutes, then revalidate with If-None-Match.
const PAGE_CACHE = 'no-cache';
const ASSET_CACHE = 'public, max-age=300';

function asset(file: string, cache: string): Asset {
  const body = readFileSync(file);
  const zipped = gzipSync(body, { level: 9 });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { type: TYPES[extname(file)] ?? 'application/octet-stream', body, gzip: zipped.length < body.length ? zipped : null, etag, cache };
}

/** Loads every asset, keyed by URL path ("/" is the page); throws when the page was not built. */
export function loadWebAssets(root = projectRoot()): ReadonlyMap<string, Asset> {
  const publicDir = join(root, 'src', 'web', 'public');
  const clientDir = join(root, 'dist', 'page', 'web', 'client');
  if (!existsSync(join(publicDir, 'index.html')) || !existsSync(join(clientDir, 'app.js'))) {
    throw new Error(`the web page is not built (${publicDir}/index.html, ${clientDir}/app.js): run npm run build`);
  }
  const assets = new Map<string, Asset>([['/', asset(join(publicDir, 'index.html'), PAGE_CACHE)]]);
  for (const name of readdirSync(publicDir)) if (name !== 'index.html') assets.set(`/assets/${name}`, asset(join(publicDir, name), ASSET_CACHE));
  for (const name of readdirSync(clientDir)) if (name.endsWith('.js') || name.endsWith('.json')) assets.set(`/assets/${name}`, asset(join(clientDir, name), ASSET_CACHE));
  return assets;
}
