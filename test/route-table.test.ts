/**
 * The node:http engine's routing (src/server/engines/route-table.ts) follows uWS's rules: a
 * method's own route wins over `any`; a static path over a `:parameter` pattern, over a `/*`
 * prefix; patterns in the order they were registered; a parameter is one whole segment. The
 * engine-parity test checks the service's own routes against uWS; this one checks the rules on
 * patterns the service does not have, and the matcher against the rules written plainly (cut
 * the path at every `/`, compare segment by segment): `reference` below.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../src/http/engine.js';
import { RouteTable } from '../src/server/engines/route-table.js';

// A handler that is only a name, to see which route matched.
const named = (name: string): Handler => Object.assign(() => undefined, { routeName: name });
const nameOf = (h: Handler | undefined) => (h as (Handler & { routeName?: string }) | undefined)?.routeName ?? null;

function table(routes: ReadonlyArray<readonly [string, string]>): RouteTable {
  const t = new RouteTable();
  for (const [method, pattern] of routes) (t[method as 'get' | 'any'])(pattern, named(`${method} ${pattern}`));
  return t;
}

// The rules, written plainly, for one method's patterns (no static paths, no prefixes).
function reference(patterns: readonly string[], path: string): { name: string; params: string[] } | null {
  const segments = path.split('/');
  for (const pattern of patterns) {
    const want = pattern.split('/');
    if (want.length !== segments.length) continue;
    const params: string[] = [];
    if (want.every((w, i) => (w.startsWith(':') ? (params.push(segments[i]), true) : w === segments[i]))) return { name: `get ${pattern}`, params };
  }
  return null;
}

describe('the node engine routes as uWS does', () => {
  const t = table([
    ['get', '/api/public/mac/:mac'],
    ['get', '/api/mac/:mac'],
    ['get', '/api/mac'],
    ['get', '/api/mac/'],
    ['get', '/a/:x/c'],
    ['get', '/a/b/:y'],
    ['get', '/a/b/c/:z'],
    ['get', '/a/static'],
    ['any', '/api/mac/:mac'],
    ['any', '/assets/*'],
    ['any', '/*'],
  ]);
  const m = (method: string, path: string) => {
    const r = t.match(method, path);
    return r === null ? null : { name: nameOf(r.handler), params: [...r.params] };
  };

  it('a parameter is one whole segment, which may be empty', () => {
    expect(m('get', '/api/mac/00:03:93:ab:12:34')).toEqual({ name: 'get /api/mac/:mac', params: ['00:03:93:ab:12:34'] });
    expect(m('get', '/api/public/mac/x')).toEqual({ name: 'get /api/public/mac/:mac', params: ['x'] });
    expect(m('get', '/api/mac//')?.name).toBe('any /*');
    expect(m('get', '/api/mac/x/')?.name).toBe('any /*');
    expect(m('get', '/api/mac/x/y')?.name).toBe('any /*');
    expect(m('get', '//api/mac/x')?.name).toBe('any /*');
    expect(m('get', '/a//c')).toEqual({ name: 'get /a/:x/c', params: [''] });
  });

  it('a static path wins over a pattern, a pattern over a prefix; patterns in the order registered', () => {
    expect(m('get', '/api/mac')).toEqual({ name: 'get /api/mac', params: [] });
    expect(m('get', '/api/mac/')).toEqual({ name: 'get /api/mac/', params: [] });
    expect(m('get', '/a/b/c')).toEqual({ name: 'get /a/:x/c', params: ['b'] });
    expect(m('get', '/a/b/d')).toEqual({ name: 'get /a/b/:y', params: ['d'] });
    expect(m('get', '/a/static')).toEqual({ name: 'get /a/static', params: [] });
    expect(m('get', '/a/b/c/d')).toEqual({ name: 'get /a/b/c/:z', params: ['d'] });
  });

  it("a method's own route wins over any; any's own order follows", () => {
    expect(m('post', '/api/mac/x')).toEqual({ name: 'any /api/mac/:mac', params: ['x'] });
    expect(m('get', '/assets/app.js')?.name).toBe('any /assets/*');
    expect(m('post', '/assets')?.name).toBe('any /assets/*');
    expect(m('post', '/assetsx')?.name).toBe('any /*');
    expect(m('delete', '/')?.name).toBe('any /*');
  });

  it('matches patterns as the plain rules do, on any path', () => {
    const patterns = ['/:a', '/x/:a', '/:a/y', '/x/y/:a', '/:a/:b', '/x/:a/:b/z', '/:a/:b/:c/:d'];
    const only = table(patterns.map((p) => ['get', p] as const));
    const segment = fc.constantFrom('', 'x', 'y', 'z', 'xy', 'x:y', '%2F', 'é');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), (segments, leading) => {
        const path = `${leading ? '/' : ''}${segments.join('/')}`;
        const got = only.match('get', path);
        expect(got === null ? null : { name: nameOf(got.handler), params: [...got.params] }).toEqual(reference(patterns, path));
      }),
      { numRuns: 5000 },
    );
  });
});
