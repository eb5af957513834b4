/** Query strings read the way uWS reads them, for the requests that are not uWS's own (node:http, copied requests). */

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
