/**
 * Query parameters of the requests that are not uWS's own (src/http/query.ts): read in place when
 * nothing is escaped, through the decoded map otherwise; either way the answer must be
 * parseQuery's (the first of repeated keys, `+` a space, a malformed escape kept raw).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery, SplitTargetRequest } from '../src/http/query.js';

class Target extends SplitTargetRequest {}

const KEYS = ['lang', 'fields', 'q', 'limit', 'a', 'la', 'lang2', 'l%61ng', 'a b', 'a=b', 'a&b', ''];

describe('query parameters', () => {
  it('are what parseQuery gives, for every key, escaped or not', () => {
    const piece = fc.constantFrom('lang', 'la', 'ng', 'fields', 'q', 'a', 'b', '=', '&', '%', '%61', '%E9', '%zz', '+', 'en', 'fr', ' ', 'é', '');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (pieces) => {
        const search = pieces.join('');
        // An empty query has no parameters (parseQuery would read one empty key in it).
        const map = search === '' ? new Map<string, string>() : parseQuery(search);
        const req = new Target('/x', 'get', search);
        for (const key of KEYS) expect(req.getQuery(key), `${search} ${key}`).toBe(map.get(key));
        // Asked again after the map was built (an escaped query builds it on first use).
        for (const key of KEYS) expect(req.getQuery(key)).toBe(map.get(key));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the first of repeated keys, a key alone as empty, and the whole string without a key', () => {
    const req = new Target('/x', 'get', 'lang=fr&fields=a,b&lang=en&flag&x=1=2');
    expect(req.getQuery('lang')).toBe('fr');
    expect(req.getQuery('fields')).toBe('a,b');
    expect(req.getQuery('flag')).toBe('');
    expect(req.getQuery('x')).toBe('1=2');
    expect(req.getQuery('fla')).toBeUndefined();
    expect(req.getQuery()).toBe('lang=fr&fields=a,b&lang=en&flag&x=1=2');
    expect(new Target('/x', 'get', 'q=a+b&lang=fr').getQuery('q')).toBe('a b');
    expect(new Target('/x', 'get', '').getQuery('lang')).toBeUndefined();
  });
});
