/** Response header sets, request ids and entity tags. */
import { randomBytes } from 'node:crypto';
import { LANGS, type Lang } from '../i18n/lang.js';

/** Headers a browser script may read on a cross-origin response. */
export const EXPOSED_HEADERS = 'ETag, X-Data-Version, X-Request-Id, Content-Language, Retry-After, RateLimit, RateLimit-Policy, X-Extract-Count, X-Extract-Truncated';

/** Preflight cache lifetime in seconds. */
export const PREFLIGHT_MAX_AGE = '86400';

const CORS = ['Access-Control-Allow-Origin', '*', 'Access-Control-Expose-Headers', EXPOSED_HEADERS];

/** Headers every response carries: language, nosniff, and CORS on the public paths. */
function baseHeaders(lang: Lang, cors: boolean): readonly string[] {
  return ['Content-Language', lang, 'X-Content-Type-Options', 'nosniff', ...(cors ? CORS : [])];
}

/** Precomputed base header lists, by [cors][lang] (built once; hot paths reuse them). */
export const BASE_HEADERS: Readonly<Record<'cors' | 'plain', Readonly<Record<Lang, readonly string[]>>>> = {
  cors: Object.fromEntries(LANGS.map((l) => [l, baseHeaders(l, true)])) as Record<Lang, readonly string[]>,
  plain: Object.fromEntries(LANGS.map((l) => [l, baseHeaders(l, false)])) as Record<Lang, readonly string[]>,
};

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;
const idPrefix = `${randomBytes(6).toString('hex')}-`;
let idCounter = 0;

/** Echoes a sane incoming X-Request-Id, else makes a new one unique to this thread. */
export function requestIdFrom(incoming: string): string {
  if (incoming.length > 0 && SANE_REQUEST_ID.test(incoming)) return incoming;
  idCounter++;
  return idPrefix + idCounter.toString(36);
}

/** True when an If-None-Match value matches `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.length === 0) return false;
  if (ifNoneMatch.trim() === '*') return true;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}
