/**
 * Finds MAC addresses in free text: `arp -a` (Linux, macOS, Windows), `ip neigh`, Cisco
 * `show mac address-table`, DHCP leases, logs. Each distinct address is reported once,
 * with the first line it appears on and a short window of that line around it. Candidates
 * must stand alone (not inside a longer run of hex digits, colons or dashes, as IPv6
 * addresses and hashes are) and parse as MAC-48. Bare 12-digit hex is not extracted: in logs
 * it is far more often an id than an address.
 *
 * Bounded by design: one pass over the text (each line scanned once, whatever its length),
 * a context of at most CONTEXT_MAX characters, and at most `limit` addresses kept.
 */
import { parseMac } from '../mac/parse.js';

/** One address found: as written, its value, the 1-based line and a window of that line. */
export interface FoundMac {
  readonly input: string;
  readonly mac: number;
  readonly line: number;
  readonly context: string;
}

/** What a text holds: the addresses kept, and whether more distinct ones were left out. */
export interface Extraction {
  readonly found: FoundMac[];
  readonly truncated: boolean;
}

/** Characters of the line kept on each side of an address in its context. */
export const CONTEXT_RADIUS = 64;
/** Longest context: both sides, the longest address form (17) and two ellipses. */
export const CONTEXT_MAX = 2 * CONTEXT_RADIUS + 17 + 2;

// Six groups of 1-2 hex digits with one kind of separator, or Cisco's three dotted words;
// not adjacent to further hex digits, separators or dots.
const CANDIDATE =
  /(?<![0-9A-Fa-f:.\-])(?:[0-9A-Fa-f]{1,2}(?::[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,2}(?:-[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{2}(?:\.[0-9A-Fa-f]{2}){5}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![0-9A-Fa-f:\-]|\.[0-9A-Fa-f])/g;

// The part of `line` around [start, end): at most CONTEXT_RADIUS characters each side,
// trimmed, with an ellipsis where the line was cut.
function contextOf(line: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT_RADIUS);
  const to = Math.min(line.length, end + CONTEXT_RADIUS);
  const text = line.slice(from, to).trim();
  return `${from > 0 ? '…' : ''}${text}${to < line.length ? '…' : ''}`;
}

/** Every distinct MAC address in `text` (at most `limit`), in order of first appearance. */
export function extractMacs(text: string, limit = Infinity): Extraction {
  const seen = new Set<number>();
  const found: FoundMac[] = [];
  let lineNumber = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNumber++;
    const line = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    for (const m of line.matchAll(CANDIDATE)) {
      const mac = parseMac(m[0]);
      if (typeof mac !== 'number' || seen.has(mac)) continue;
      if (found.length >= limit) return { found, truncated: true };
      seen.add(mac);
      found.push({ input: m[0], mac, line: lineNumber, context: contextOf(line, m.index, m.index + m[0].length) });
    }
    start = end + 1;
  }
  return { found, truncated: false };
}
