/**
 * The registry as a service: GET /api/vendors?q= and ?prefix= (public, CORS), /api/registry/blocks
 * (the snapshot as a file), /api/registry/ranges (for data engines) and /api/registry/changes
 * (public). Handlers read the request and answer a Reply, never throw on bad input; the catalog
 * is built once per snapshot (catalog/registry-service.ts).
 */
import { EXPORT_FILES, EXPORT_FORMATS, type ExportFormat } from '../catalog/export-formats.js';
import { RegistryService, type ExportBody } from '../catalog/registry-service.js';
import { RANGE_FILES, RANGE_FORMATS, type RangeFormat } from '../catalog/range-files.js';
import { BLOCK_ORDERS, prefixAnswer, prefixAnswerValue, prefixDigits, searchAnswer, searchAnswerValue, VENDORS_LIMIT, type BlockOrder } from '../catalog/vendor-answers.js';
import { CHANGES_FORMATS, CHANGES_LIMIT, changesAnswer, changesText, dayOf, type ChangesFormat } from '../catalog/changes.js';
import { QUERY_MIN_LENGTH, queryLength } from '../catalog/vendor-search.js';
import { t } from '../i18n/messages.js';
import type { EngineRequest } from './engine.js';
import { BASE_HEADERS, etagMatches } from './headers.js';
import { acceptsEncoding, preferredType } from './negotiate.js';
import { JSON_TYPE, problemReply, type RequestFacts } from './request-facts.js';
import type { Reply } from './respond.js';
import type { ServedSnapshot } from './served-snapshot.js';

// Each snapshot's registry service on this thread, made by its first registry request.
const services = new WeakMap<ServedSnapshot, RegistryService>();

/** The registry service of snapshot `s` on this thread (its catalog and the rest are built on first use). */
export function registryOf(s: ServedSnapshot): RegistryService {
  let service = services.get(s);
  if (service === undefined) services.set(s, (service = new RegistryService(s.registrySnapshot, s.analyzer.index)));
  return service;
}

const OFFSET_MAX = 1_000_000;

/** The media type of Parquet files (IANA, 2024). */
const PARQUET_TYPE = 'application/vnd.apache.parquet';

// A whole number query parameter within [min, max], or the reply refusing it.
function intParam(f: RequestFacts, name: string, fallback: number, min: number, max: number): number | Reply {
  const raw = f.req.getQuery(name);
  if (raw === undefined || raw === '') return fallback;
  const n = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (Number.isInteger(n) && n >= min && n <= max) return n;
  return problemReply('invalid_query', f, t(f.lang, 'detail.vendors.page', { name, min, max, value: raw }));
}

function ok(f: RequestFacts, registry: RegistryService, body: string): Reply {
  return {
    status: '200 OK',
    headers: ['Content-Type', JSON_TYPE, 'Cache-Control', 'public, max-age=3600', 'X-Data-Version', registry.version, 'X-Request-Id', f.id, ...BASE_HEADERS[f.cors ? 'cors' : 'plain'][f.lang]],
    body,
  };
}

/** GET /api/vendors: a search (`q`) or the blocks around a prefix (`prefix`), paged by `limit` and `offset`. */
export function vendorsReply(registry: RegistryService, req: EngineRequest, f: RequestFacts): Reply {
  const q = req.getQuery('q');
  const prefix = req.getQuery('prefix');
  if ((q === undefined) === (prefix === undefined)) return problemReply('invalid_query', f, t(f.lang, 'detail.vendors.no_query'));
  const limit = intParam(f, 'limit', VENDORS_LIMIT.default, 1, VENDORS_LIMIT.max);
  if (typeof limit !== 'number') return limit;
  const offset = intParam(f, 'offset', 0, 0, OFFSET_MAX);
  if (typeof offset !== 'number') return offset;
  const sort = req.getQuery('sort') ?? 'address';
  if (!(BLOCK_ORDERS as readonly string[]).includes(sort)) return problemReply('invalid_query', f, t(f.lang, 'detail.vendors.sort', { accepted: BLOCK_ORDERS.join(', '), value: sort }));
  const order = sort as BlockOrder;
  if (q !== undefined) {
    const length = queryLength(q);
    if (length < QUERY_MIN_LENGTH) return problemReply('invalid_query', f, t(f.lang, 'detail.vendors.short_query', { query: q, length, min: QUERY_MIN_LENGTH }));
    return ok(f, registry, JSON.stringify(searchAnswerValue(registry, searchAnswer(registry, q, offset, limit), f.lang, order)));
  }
  const digits = prefixDigits(prefix!);
  if (digits === null) return problemReply('invalid_prefix', f, t(f.lang, 'detail.invalid_prefix', { prefix: prefix! }));
  return ok(f, registry, JSON.stringify(prefixAnswerValue(registry, prefixAnswer(registry, prefix!, digits, offset, limit, order), f.lang)));
}

const CHANGES_TYPES: ReadonlyArray<readonly [string, ChangesFormat]> = [
  ['application/json', 'json'],
  ['application/x-ndjson', 'ndjson'],
  ['text/csv', 'csv'],
];

const CHANGES_MEDIA: Readonly<Record<ChangesFormat, string>> = {
  json: JSON_TYPE,
  ndjson: 'application/x-ndjson',
  csv: 'text/csv; charset=utf-8; header=present',
};

// A date query parameter: its day, null when absent, or the reply refusing it.
function dateParam(f: RequestFacts, name: string): string | null | Reply {
  const raw = f.req.getQuery(name);
  if (raw === undefined || raw === '') return null;
  return dayOf(raw) === null ? problemReply('invalid_date', f, t(f.lang, 'detail.invalid_date', { name, value: raw })) : raw;
}

/**
 * GET /api/registry/changes?since=&until=: the blocks first seen in that range of days, newest
 * first, paged (`limit`, `offset`), as JSON, NDJSON or CSV (`format`, else Accept; JSON by
 * default). The total travels in X-Total-Count for NDJSON and CSV. ETag: the data version and format.
 */
export function changesReply(registry: RegistryService, req: EngineRequest, f: RequestFacts): Reply {
  const since = dateParam(f, 'since');
  if (since !== null && typeof since !== 'string') return since;
  if (since === null) return problemReply('invalid_date', f, t(f.lang, 'detail.no_since'));
  const until = dateParam(f, 'until');
  if (until !== null && typeof until !== 'string') return until;
  if (until !== null && until < since) return problemReply('invalid_date', f, t(f.lang, 'detail.reversed_dates', { since, until }));
  const limit = intParam(f, 'limit', CHANGES_LIMIT.default, 1, CHANGES_LIMIT.max);
  if (typeof limit !== 'number') return limit;
  const offset = intParam(f, 'offset', 0, 0, OFFSET_MAX);
  if (typeof offset !== 'number') return offset;
  const format = req.getQuery('format') ?? preferredType(req.getHeader('accept'), CHANGES_TYPES, 'json');
  if (!(CHANGES_FORMATS as readonly string[]).includes(format)) return problemReply('invalid_format', f, t(f.lang, 'detail.invalid_format', { format, accepted: CHANGES_FORMATS.join(', ') }));
  const version = registry.version;
  const etag = `"${version}-changes-${format}"`;
  const headers = ['Cache-Control', 'no-cache', 'ETag', etag, 'Vary', 'Accept', 'X-Data-Version', version, 'X-Request-Id', f.id, ...BASE_HEADERS[f.cors ? 'cors' : 'plain'][f.lang]];
  if (etagMatches(req.getHeader('if-none-match'), etag)) return { status: '304 Not Modified', headers, body: '' };
  const answer = changesAnswer(registry, since, until, offset, limit);
  return {
    status: '200 OK',
    headers: ['Content-Type', CHANGES_MEDIA[format as ChangesFormat], 'X-Total-Count', String(answer.total), ...headers],
    body: changesText(registry, answer, format as ChangesFormat),
  };
}

const ACCEPTED_TYPES: ReadonlyArray<readonly [string, ExportFormat | 'parquet']> = [
  ['text/csv', 'csv'],
  ['application/x-ndjson', 'ndjson'],
  ['application/json', 'json'],
  [PARQUET_TYPE, 'parquet'],
];

const BLOCK_FORMATS: readonly string[] = [...EXPORT_FORMATS, 'parquet'];

/**
 * A file of the snapshot with its ETag (the data version and `tag`, and -gzip for the gzip
 * form), 304 on a match, Content-Disposition, gzip when accepted and `gzippable` (Parquet is
 * compressed inside).
 */
function fileReply(registry: RegistryService, req: EngineRequest, f: RequestFacts, tag: string, file: { readonly type: string; readonly file: string }, body: () => ExportBody, gzippable: boolean): Reply {
  const version = registry.version;
  const gzip = gzippable && acceptsEncoding(req.getHeader('accept-encoding'), 'gzip');
  const etag = `"${version}-${tag}${gzip ? '-gzip' : ''}"`;
  const headers = ['Cache-Control', 'no-cache', 'ETag', etag, 'Vary', 'Accept, Accept-Encoding', 'X-Data-Version', version, 'X-Request-Id', f.id, ...BASE_HEADERS.plain[f.lang]];
  const ifNoneMatch = req.getHeader('if-none-match');
  if (etagMatches(ifNoneMatch, etag) || etagMatches(ifNoneMatch, `"${version}-${tag}"`)) return { status: '304 Not Modified', headers, body: '' };
  const bytes = body();
  return {
    status: '200 OK',
    headers: ['Content-Type', file.type, 'Content-Disposition', `attachment; filename="${file.file}"`, ...(gzip ? ['Content-Encoding', 'gzip'] : []), ...headers],
    body: gzip ? bytes.gzip() : bytes.body,
  };
}

/** GET /api/registry/blocks: the snapshot in `format` (or as Accept asks; CSV by default), with its ETag, gzip when accepted. */
export function blocksReply(registry: RegistryService, req: EngineRequest, f: RequestFacts): Reply {
  const format = req.getQuery('format') ?? preferredType(req.getHeader('accept'), ACCEPTED_TYPES, 'csv');
  if (!BLOCK_FORMATS.includes(format)) return problemReply('invalid_format', f, t(f.lang, 'detail.invalid_format', { format, accepted: BLOCK_FORMATS.join(', ') }));
  if (format === 'parquet') return fileReply(registry, req, f, 'parquet', RANGE_FILES['blocks-parquet'], () => registry.blocksParquet(), false);
  return fileReply(registry, req, f, format, EXPORT_FILES[format as ExportFormat], () => registry.exportOf(format as ExportFormat), true);
}

const RANGE_TYPES: ReadonlyArray<readonly [string, RangeFormat]> = [
  [PARQUET_TYPE, 'parquet'],
  ['text/csv', 'csv'],
  ['application/x-ndjson', 'ndjson'],
  ['application/sql', 'postgres'],
];

/**
 * GET /api/registry/ranges: the registry flattened into non-overlapping ranges, for a range join
 * in a data engine, in `format` (or as Accept asks; Parquet by default), with its ETag.
 */
export function rangesReply(registry: RegistryService, req: EngineRequest, f: RequestFacts): Reply {
  const format = req.getQuery('format') ?? preferredType(req.getHeader('accept'), RANGE_TYPES, 'parquet');
  if (!(RANGE_FORMATS as readonly string[]).includes(format)) return problemReply('invalid_format', f, t(f.lang, 'detail.invalid_format', { format, accepted: RANGE_FORMATS.join(', ') }));
  const rangeFormat = format as RangeFormat;
  return fileReply(registry, req, f, `ranges-${format}`, RANGE_FILES[rangeFormat], () => registry.rangesOf(rangeFormat), rangeFormat !== 'parquet');
}
