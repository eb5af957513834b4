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
    this.query ??= parseQuery(this.search);
    return this.query.get(key);
  }
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
