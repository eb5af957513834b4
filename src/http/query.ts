/** Query strings read the way uWS reads them, for the requests that are not uWS's own (node:http, copied requests). */

/**
 * What the requests that are not uWS's own share: the path, the method and the query string
 * split once, parameters decoded on first use. Headers and parameters are each kind's own.
 */
export abstract class SplitTargetRequest {
  private query: Map<string, string> | null = null;

  /** A request for `path` (without the query string), `method` (lower case) and `search` (after the `?`, or ''). */
  constructor(
    private readonly path: string,
    private readonly method: string,
    private readonly search: string,
  ) {}

  /** The path, without the query string. */
  getUrl(): string {
    return this.path;
  }

  /** The method in lower case. */
  getMethod(): string {
    return this.method;
  }

  /** A query parameter, decoded (the first of repeated ones), or undefined; without a key, the whole query string. */
  getQuery(): string;
  getQuery(key: string): string | undefined;
  getQuery(key?: string): string | undefined {
    if (key === undefined) return this.search;
    if (this.search.length === 0) return undefined;
    if (this.query === null) {
      const value = plainQueryValue(this.search, key);
      if (value !== NOT_PLAIN) return value;
      this.query = parseQuery(this.search);
    }
    return this.query.get(key);
  }
}

// What plainQueryValue answers when the query needs parseQuery.
const NOT_PLAIN = Symbol('not plain');

/**
 * parseQuery's answer for `key`, read in place, when nothing in `search` is escaped (no `%`, no
 * `+`) and `key` is a plain name: most requests ask for one or two parameters of a short query,
 * and the map cost an allocation and a split each. NOT_PLAIN otherwise.
 */
function plainQueryValue(search: string, key: string): string | undefined | typeof NOT_PLAIN {
  if (key.length === 0 || /[%+&=]/.test(key) || search.includes('%') || search.includes('+')) return NOT_PLAIN;
  // The first pair whose key is `key`: `key=value` (up to the next `&`), or `key` alone ('').
  for (let at = 0; at <= search.length; ) {
    let amp = search.indexOf('&', at);
    if (amp < 0) amp = search.length;
    if (search.startsWith(key, at)) {
      const after = at + key.length;
      if (after === amp) return '';
      if (search.charCodeAt(after) === 61 /* = */) return search.slice(after + 1, amp);
    }
    at = amp + 1;
  }
  return undefined;
}

/** `a=1&b=2` into a map of decoded values (the first of repeated keys; `+` is a space); a malformed escape keeps its raw text. */
export function parseQuery(search: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of search.split('&')) {
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (!out.has(key)) out.set(key, eq < 0 ? '' : decode(pair.slice(eq + 1)));
  }
  return out;
}

function decode(s: string): string {
  const plain = s.includes('+') ? s.replace(/\+/g, ' ') : s;
  if (!plain.includes('%')) return plain;
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}
