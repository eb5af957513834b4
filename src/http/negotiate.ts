/**
 * Content negotiation for every route (RFC 9110 §12.5): which of the representations a route
 * offers the client's Accept prefers, and whether Accept-Encoding allows a coding. q-values,
 * wildcards (`*` / `type/*` / `*` codings) and `identity` are honoured; parameters other than q
 * are ignored. A header that names nothing we offer leaves the route's default: a service is
 * allowed to disregard Accept (§12.5.1), and every client gets an answer it can read.
 */

interface Range {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
  /** Position in the header: the client's order breaks ties between equal q. */
  readonly order: number;
}

// The q parameter of `;`-separated params (1 when absent, 0 when unreadable or out of range).
function qOf(params: readonly string[]): number {
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq < 0 || p.slice(0, eq).trim().toLowerCase() !== 'q') continue;
    const v = p.slice(eq + 1).trim();
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(v)) return 0;
    return Number(v);
  }
  return 1;
}

const cache = new Map<string, readonly Range[]>();

// The media ranges of an Accept value, parsed once per distinct value (bounded cache).
function rangesOf(accept: string): readonly Range[] {
  let ranges = cache.get(accept);
  if (ranges !== undefined) return ranges;
  ranges = accept
    .split(',')
    .map((part, order) => {
      const [media, ...params] = part.split(';');
      const [type = '', subtype = ''] = media.trim().toLowerCase().split('/');
      return { type, subtype, q: qOf(params), order };
    })
    .filter((r) => r.type !== '' && r.subtype !== '');
  if (cache.size < 256) cache.set(accept, ranges);
  return ranges;
}

// How precisely `range` names `type/subtype` (3 exact, 2 type/*, 1 */*), or 0 when it does not.
function specificity(range: Range, type: string, subtype: string): number {
  if (range.type === type && range.subtype === subtype) return 3;
  if (range.type === type && range.subtype === '*') return 2;
  if (range.type === '*' && range.subtype === '*') return 1;
  return 0;
}

/**
 * The offered value the Accept header prefers. Each offer takes the q of the most specific
 * range that names it; the highest q wins, then an offer named exactly over one reached by a
 * wildcard, then the range the client listed first, then `fallback`, then the offer listed
 * first. `fallback` also when Accept is empty or gives none of the offers a q above 0.
 * `offers` are [media type, value] pairs; several types may map to one value.
 */
export function preferredType<T>(accept: string, offers: ReadonlyArray<readonly [string, T]>, fallback: T): T {
  if (accept.length === 0) return fallback;
  const ranges = rangesOf(accept);
  let best = fallback;
  let key: readonly number[] | null = null;
  for (const [media, value] of offers) {
    const slash = media.indexOf('/');
    const type = media.slice(0, slash);
    const subtype = media.slice(slash + 1);
    let spec = 0;
    let q = 0;
    let order = 0;
    for (const r of ranges) {
      const s = specificity(r, type, subtype);
      if (s > spec) [spec, q, order] = [s, r.q, r.order];
    }
    if (q <= 0) continue;
    const k = [q, spec === 3 ? 1 : 0, -order, value === fallback ? 1 : 0];
    if (key === null || isGreater(k, key)) [best, key] = [value, k];
  }
  return best;
}

// Lexicographic comparison of two equal-length keys (strictly greater: the earlier offer keeps ties).
function isGreater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/**
 * The value of parameter `name` on the range of Accept that names `media` exactly (`header` of
 * `text/csv; header=absent`, RFC 4180 §3), lower-cased; null when no such range or parameter.
 */
export function acceptParameter(accept: string, media: string, name: string): string | null {
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';');
    if (range.trim().toLowerCase() !== media) continue;
    for (const p of params) {
      const eq = p.indexOf('=');
      if (eq > 0 && p.slice(0, eq).trim().toLowerCase() === name) return p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    }
  }
  return null;
}

/**
 * True when Accept-Encoding allows `coding` (RFC 9110 §12.5.3): listed with q > 0, or covered
 * by `*` with q > 0 and not listed. An absent header allows nothing but identity here (the
 * service compresses only on request). `x-gzip` is read as gzip.
 */
export function acceptsEncoding(acceptEncoding: string, coding: 'gzip'): boolean {
  if (acceptEncoding.length === 0) return false;
  let star: boolean | null = null;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';');
    const c = name.trim().toLowerCase();
    if (c === coding || (coding === 'gzip' && c === 'x-gzip')) return qOf(params) > 0;
    if (c === '*') star = qOf(params) > 0;
  }
  return star === true;
}
