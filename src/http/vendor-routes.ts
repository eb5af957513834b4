/**
 * The registry as a service (CONTRACT v1.2): GET /api/vendors?q= (search) and ?prefix= (every
 * block around a prefix), also public with CORS, and GET /api/registry/blocks (the snapshot as
 * a file). Handlers in the routes' shape: they read the request, answer a Reply, never throw
 * on bad input. The catalog behind them is built once per snapshot (catalog-cache.ts).
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { countryName } from '../i18n/countries.js';
import type { Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { blockFirst, blockSize, type Catalog } from '../registry/catalog.js';
import { catalogOf, exportOf, searchOf } from '../registry/catalog-cache.js';
import { blockPrefix, EXPORT_FILES, EXPORT_FORMATS, type ExportFormat } from '../registry/export-formats.js';
import { normaliseName, QUERY_MIN_LENGTH } from '../registry/vendor-search.js';
import type { EngineRequest } from './engine.js';
import { BASE_HEADERS, etagMatches } from './headers.js';
import { JSON_TYPE, problemReply, type RequestFacts } from './request-facts.js';
import type { Reply } from './respond.js';

/** Default and largest page of vendors or blocks. */
export const VENDORS_LIMIT = { default: 20, max: 200 } as const;
const OFFSET_MAX = 1_000_000;

const hex12 = (n: number) => n.toString(16).toUpperCase().padStart(12, '0').replace(/(..)(?=.)/g, '$1:');

// A block as the vendor answers list it.
function blockJson(catalog: Catalog, i: number) {
  const b = catalog.blocks[i];
  const first = blockFirst(b);
  const size = blockSize(b);
  return {
    prefix: blockPrefix(b),
    prefixLength: b.width,
    registry: b.registry,
    ...(catalog.records[b.record].iab ? { iab: true } : {}),
    first: hex12(first),
    last: hex12(first + size - 1),
    size,
  };
}

function countryJson(code: string | null, lang: Lang) {
  return code === null ? null : { code, name: countryName(code, lang) ?? code };
}

// A whole number query parameter within [min, max], or the reply refusing it.
function intParam(f: RequestFacts, name: string, fallback: number, min: number, max: number): number | Reply {
  const raw = f.req.getQuery(name);
  if (raw === undefined || raw === '') return fallback;
  const n = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  return problemReply('invalid_query', f, t(f.lang, 'detail.vendors.page', { name, min, max, value: raw }));
}

/** The hex digits of a prefix in any accepted MAC shape (6 to 12 of them), or null. */
export function prefixDigits(raw: string): string | null {
  const digits = raw.replace(/[:.\-\s]/g, '');
  return /^[0-9a-fA-F]{6,12}$/.test(digits) ? digits.toUpperCase() : null;
}

function ok(f: RequestFacts, analyzer: Analyzer, body: unknown): Reply {
  return {
    status: '200 OK',
    headers: ['Content-Type', JSON_TYPE, 'Cache-Control', 'public, max-age=3600', 'X-Data-Version', analyzer.meta.version, 'X-Request-Id', f.id, ...BASE_HEADERS[f.cors ? 'cors' : 'plain'][f.lang]],
    body: JSON.stringify(body),
  };
}

/** GET /api/vendors: a search (`q`) or the blocks around a prefix (`prefix`), paged by `limit` and `offset`. */
export function vendorsReply(analyzer: Analyzer, req: EngineRequest, f: RequestFacts): Reply {
  const q = req.getQuery('q');
  const prefix = req.getQuery('prefix');
  if ((q === undefined) === (prefix === undefined)) return problemReply('invalid_query', f, t(f.lang, 'detail.vendors.no_query'));
  const limit = intParam(f, 'limit', VENDORS_LIMIT.default, 1, VENDORS_LIMIT.max);
  if (typeof limit !== 'number') return limit;
  const offset = intParam(f, 'offset', 0, 0, OFFSET_MAX);
  if (typeof offset !== 'number') return offset;
  const catalog = catalogOf(analyzer);
  if (q !== undefined) {
    const length = normaliseName(q).replace(/ /g, '').length;
    if (length < QUERY_MIN_LENGTH) return problemReply('invalid_query', f, t(f.lang, 'detail.vendors.short_query', { query: q, length, min: QUERY_MIN_LENGTH }));
    const found = searchOf(analyzer).search(q, offset, limit);
    return ok(f, analyzer, {
      query: q,
      total: found.total,
      vendors: found.vendors.map((vi) => {
        const v = catalog.vendors[vi];
        return { name: v.name, shortName: v.shortName, country: countryJson(v.country, f.lang), blockCount: v.blocks.length, blocks: v.blocks.map((i) => blockJson(catalog, i)) };
      }),
    });
  }
  const digits = prefixDigits(prefix!);
  if (digits === null) return problemReply('invalid_prefix', f, t(f.lang, 'detail.invalid_prefix', { prefix: prefix! }));
  const scale = 16 ** (12 - digits.length);
  const first = parseInt(digits, 16) * scale;
  const around = catalog.around(first, scale);
  // The block every address under the prefix is answered with, when it is one block: the
  // narrowest containing it, with no narrower block inside the prefix.
  const containing = around.filter((i) => blockFirst(catalog.blocks[i]) <= first && blockFirst(catalog.blocks[i]) + blockSize(catalog.blocks[i]) >= first + scale);
  const narrowest = containing.at(-1);
  const mostSpecific = narrowest !== undefined && around.length === containing.length ? narrowest : -1;
  return ok(f, analyzer, {
    query: prefix,
    prefix: digits.replace(/(..)(?=.)/g, '$1:'),
    total: around.length,
    blocks: around.slice(offset, offset + limit).map((i) => {
      const b = catalog.blocks[i];
      const v = b.vendor >= 0 ? catalog.vendors[b.vendor] : null;
      return {
        ...blockJson(catalog, i),
        ...(i === mostSpecific ? { mostSpecific: true } : {}),
        vendor: v && { name: v.name, shortName: v.shortName, country: countryJson(v.country, f.lang) },
      };
    }),
  });
}

const ACCEPTED_TYPES: ReadonlyArray<readonly [string, ExportFormat]> = [
  ['text/csv', 'csv'],
  ['application/x-ndjson', 'ndjson'],
  ['application/json', 'json'],
];

// The format `format` names, else the first Accept names, else CSV.
function exportFormat(req: EngineRequest): ExportFormat | string {
  const named = req.getQuery('format');
  if (named !== undefined) return named;
  const accept = req.getHeader('accept').toLowerCase();
  let best: ExportFormat = 'csv';
  let at = Infinity;
  for (const [type, format] of ACCEPTED_TYPES) {
    const i = accept.indexOf(type);
    if (i >= 0 && i < at) [at, best] = [i, format];
  }
  return best;
}

/** GET /api/registry/blocks: the snapshot in `format` (or as Accept asks), with its ETag, gzip when accepted. */
export function blocksReply(analyzer: Analyzer, req: EngineRequest, f: RequestFacts): Reply {
  const format = exportFormat(req);
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) return problemReply('invalid_format', f, t(f.lang, 'detail.invalid_format', { format, accepted: EXPORT_FORMATS.join(', ') }));
  const version = analyzer.meta.version;
  const gzip = /\bgzip\b/i.test(req.getHeader('accept-encoding'));
  // The data version and format; the gzip form is another representation, so another tag.
  const etag = `"${version}-${format}${gzip ? '-gzip' : ''}"`;
  const file = EXPORT_FILES[format as ExportFormat];
  const headers = ['Cache-Control', 'no-cache', 'ETag', etag, 'Vary', 'Accept, Accept-Encoding', 'X-Data-Version', version, 'X-Request-Id', f.id, ...BASE_HEADERS.plain[f.lang]];
  const ifNoneMatch = req.getHeader('if-none-match');
  if (etagMatches(ifNoneMatch, etag) || etagMatches(ifNoneMatch, `"${version}-${format}"`)) return { status: '304 Not Modified', headers, body: '' };
  const body = exportOf(analyzer, format as ExportFormat);
  return {
    status: '200 OK',
    headers: ['Content-Type', file.type, 'Content-Disposition', `attachment; filename="${file.file}"`, ...(gzip ? ['Content-Encoding', 'gzip'] : []), ...headers],
    body: gzip ? body.gzip() : body.body,
  };
}
