/**
 * Finds MAC addresses in free text: `arp -a` (Linux, macOS, Windows), `ip neigh`, Cisco
 * `show mac address-table`, DHCP leases, logs. Each distinct address is reported once,
 * with the first line it appears on. Candidates must stand alone (not inside a longer run
 * of hex digits, colons or dashes, as IPv6 addresses and hashes are) and parse as MAC-48.
 * Bare 12-digit hex is not extracted: in logs it is far more often an id than an address.
 */
import { parseMac } from '../mac/parse.js';

/** One address found: as written, its value, the 1-based line and that line's text. */
export interface FoundMac {
  readonly input: string;
  readonly mac: number;
  readonly line: number;
  readonly context: string;
}

// Six groups of 1-2 hex digits with one kind of separator, or Cisco's three dotted words;
// not adjacent to further hex digits, separators or dots.
const CANDIDATE =
  /(?<![0-9A-Fa-f:.\-])(?:[0-9A-Fa-f]{1,2}(?::[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{1,2}(?:-[0-9A-Fa-f]{1,2}){5}|[0-9A-Fa-f]{2}(?:\.[0-9A-Fa-f]{2}){5}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![0-9A-Fa-f:\-]|\.[0-9A-Fa-f])/g;

/** Every distinct MAC address in `text`, in order of first appearance. */
export function extractMacs(text: string, limit = Infinity): FoundMac[] {
  const seen = new Set<number>();
  const found: FoundMac[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length && found.length < limit; i++) {
    const line = lines[i];
    for (const m of line.matchAll(CANDIDATE)) {
      const mac = parseMac(m[0]);
      if (typeof mac !== 'number' || seen.has(mac)) continue;
      seen.add(mac);
      found.push({ input: m[0], mac, line: i + 1, context: line.trim() });
      if (found.length >= limit) break;
    }
  }
  return found;
}
