/**
 * Finds MAC addresses in free text: `arp -a` (Linux, macOS, Windows), `ip neigh`, `ip link`
 * (InfiniBand too), Cisco `show mac address-table`, DHCP leases, Zigbee and Thread logs. Each
 * distinct address is reported once, with the first line it appears on and a short window of
 * that line around it. Candidates must stand alone (not inside a longer run of hex digits,
 * colons or dashes, as hashes are) and parse: a MAC-48; an IPv6 address whose interface ID was
 * made from a MAC (found as that IPv6 address, analysed as its MAC); a 64-bit identifier as
 * eight groups of two digits with `:` or `-`, or `0x` and 16 digits; an IPoIB address. Bare
 * 12-digit hex is not extracted, with `0x` or not: in logs it is far more often an id or a
 * pointer than an address, except in the MAC column of a delimited table whose header names it
 * (a Windows DHCP audit log, a Hyper-V or inventory export). Eight groups of one or two digits
 * that are not all two (`0:0:0:0:0:0:0:1`) are read as the IPv6 address they are written as.
 * Also found: six octets separated by single spaces (snmpwalk's Hex-STRING) where they stand
 * alone, never inside a longer run of such pairs nor on a hex dump's line; the destination and
 * the source in a netfilter log's `MAC=` run (destination, source and EtherType run together,
 * a VLAN tag between them or not), and nothing else of it; the MAC inside a DHCPv6 DUID-LLT or
 * DUID-LL and inside a DHCPv4 client identifier (`01` and the MAC), reported once with every
 * other sighting of that address.
 *
 * Bounded by design: one pass over the bytes (each line scanned once, whatever its length),
 * at most `limit` addresses kept, each as six integers (offsets into the text), not as strings.
 * The text is scanned as latin1, one character per byte, so match positions are byte offsets;
 * addresses are ASCII, and UTF-8 sequences (bytes ≥ 0x80) never look like one.
 */
import { parseAddressInput, type AddressInput } from '../mac/derived.js';

/** One address found: as written, its value, the 1-based line and a window of that line. */
export interface FoundMac {
  readonly input: string;
  readonly mac: number;
  /** Set when the address was found as an EUI-64, an IPoIB address or an EUI-64-based IPv6 address. */
  readonly derived: AddressInput | null;
  readonly line: number;
  readonly context: string;
}

/** Integers per found address in `Extraction.items`. */
export const ITEM_FIELDS = 6;
// Field offsets: line, address start and end, context start and end, ellipsis flags.
const LINE = 0;
const START = 1;
const END = 2;
const FROM = 3;
const TO = 4;
const CUT = 5;

/** What a text holds: the addresses kept (ITEM_FIELDS integers each), and whether more were left out. */
export interface Extraction {
  readonly items: Uint32Array;
  readonly count: number;
  readonly truncated: boolean;
}

/** Bytes of the line kept on each side of an address in its context. */
export const CONTEXT_RADIUS = 64;
/** Longest context, in characters: both sides, the longest address form (17) and two ellipses. */
export const CONTEXT_MAX = 2 * CONTEXT_RADIUS + 17 + 2;

// Hex digits, one to four of them, and a pair.
const H = '[0-9A-Fa-f]';
const PAIR = `${H}{2}`;

/**
 * The shapes an address is written in, as named parts of one regular expression (CANDIDATE),
 * tried in this order at every hex digit of the text. Runs of the same separator are one shape
 * whatever their length; keyOf keeps the counts that are an address.
 */
export const CANDIDATE_SHAPES = {
  /** A netfilter log's `MAC=` run: destination, source and EtherType (14 octets), with a VLAN tag (18). */
  netfilter: `MAC=(?:${PAIR}:){13}${PAIR}(?:(?::${PAIR}){4})?`,
  /** Seven to twenty pairs with `:` (a client identifier, an EUI-64, a DUID, an IPoIB address). */
  colonPairs: `${PAIR}(?::${PAIR}){6,19}`,
  /** The same with `-`. */
  dashPairs: `${PAIR}(?:-${PAIR}){6,19}`,
  /** An IPv6 address of eight groups (its interface ID may carry a MAC), or eight groups of one or two digits. */
  ipv6: `(?:${H}{1,4}:){7}${H}{1,4}`,
  /** `0x` and 16 digits: a 64-bit identifier. */
  hex64: `0[xX]${H}{16}`,
  /** An IPv6 address with `::`. */
  ipv6Compressed: `(?:${H}{1,4}(?::${H}{1,4}){0,6})?::(?:${H}{1,4}(?::${H}{1,4}){0,6})?`,
  /** Six groups of one or two digits with `:`. */
  colon6: `${H}{1,2}(?::${H}{1,2}){5}`,
  /** The same with `-`. */
  dash6: `${H}{1,2}(?:-${H}{1,2}){5}`,
  /** Six pairs with `.`. */
  dot6: `${PAIR}(?:\\.${PAIR}){5}`,
  /** Three words of four digits with `.` (Cisco). */
  ciscoWords: `${H}{4}\\.${H}{4}\\.${H}{4}`,
  /** The same with `-` (Huawei, H3C, Comware). */
  dashWords: `${H}{4}-${H}{4}-${H}{4}`,
  /** The same with `:`. */
  colonWords: `${H}{4}:${H}{4}:${H}{4}`,
  /** Two halves of six digits with `-` (ProCurve, Aruba) or `:`. */
  halves: `${H}{6}[:\\-]${H}{6}`,
  /** Six pairs with single spaces (snmpwalk's Hex-STRING), not beside another pair. */
  spacedPairs: `(?<!${PAIR} )${PAIR}(?: ${PAIR}){5}(?! ${PAIR}(?!${H}))`,
} as const;

// Any shape, not adjacent to further hex digits, separators or dots.
const CANDIDATE = new RegExp(`(?<![0-9A-Fa-f:.\\-])(?:${Object.values(CANDIDATE_SHAPES).join('|')})(?![0-9A-Fa-f:\\-]|\\.[0-9A-Fa-f])`, 'g');

// A hex dump's line (hexdump -C, xxd, od): an offset of four or more digits, then `:` or spaces.
const DUMP_LINE = /^\s*(?:0x)?[0-9A-Fa-f]{4,}(?::|\s{2})/;

// The header names of a MAC column, lower case without punctuation: MAC, MAC Address, mac_address,
// MacAddress, hw-address, Physical Address.
const MAC_COLUMNS = new Set(['mac', 'macaddress', 'hwaddress', 'physicaladdress']);

// A cell that may name a MAC column, at the text's start or after a delimiter or a newline.
const HEADER_CELL = /(?:^|[,;\t\n])[ "]*(?:mac|hw|physical)/gi;

// The delimiter and MAC column of `line` when it is a delimited table's header that names one.
function headerOf(line: string): { delimiter: string; column: number } | null {
  const delimiter = line.includes('\t') ? '\t' : line.includes(';') ? ';' : line.includes(',') ? ',' : null;
  if (delimiter === null) return null;
  const column = line.split(delimiter).findIndex((h) => MAC_COLUMNS.has(h.toLowerCase().replace(/[^a-z0-9]/g, '')));
  return column < 0 ? null : { delimiter, column };
}

// Where the 12-digit cells of a delimited table's MAC column start, in order: the table's header
// is the first line that names such a column (the first non-empty line of an export; a Windows
// DHCP audit log's comes after its preamble), and its rows every line after it.
function macColumnCells(text: string): number[] {
  const cells: number[] = [];
  let header: { delimiter: string; column: number } | null = null;
  let end = 0;
  HEADER_CELL.lastIndex = 0;
  for (let m = HEADER_CELL.exec(text); header === null && m !== null; m = HEADER_CELL.exec(text)) {
    const start = text.lastIndexOf('\n', m[0].startsWith('\n') ? m.index : m.index - 1) + 1;
    end = lineEndFrom(text, start);
    header = headerOf(text.slice(start, end).replace(/\r$/, ''));
    HEADER_CELL.lastIndex = end;
  }
  if (header === null) return cells;
  const { delimiter, column } = header;
  for (let start = end + 1; start < text.length; ) {
    const end = lineEndFrom(text, start);
    // The column's cell: the delimiter-separated field `column` of the line, quotes respected.
    let field = 0;
    let quoted = false;
    let from = start;
    for (let i = start; i <= end && field <= column; i++) {
      const c = i < end ? text[i] : delimiter;
      if (c === '"') quoted = !quoted;
      else if (c === delimiter && !quoted) {
        if (field === column) {
          const cell = /^[\s"]*([0-9A-Fa-f]{12})[\s"\r]*$/.exec(text.slice(from, i));
          if (cell) cells.push(from + cell[0].indexOf(cell[1]));
        }
        field++;
        from = i + 1;
      }
    }
    start = end + 1;
  }
  return cells;
}

const isContinuation = (b: number) => (b & 0xc0) === 0x80;

// The offset of the newline that ends the line starting at `from` (the text's length for the last).
function lineEndFrom(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl < 0 ? text.length : nl;
}

// The line a position is on, followed forward: each newline passed once, linear in the text
// whatever its line lengths.
class LineCursor {
  number = 1;
  start = 0;
  end: number;

  constructor(private readonly text: string) {
    this.end = lineEndFrom(text, 0);
  }

  // Moves to the line that holds `at` (at or after the current one).
  moveTo(at: number): void {
    while (this.end < at) {
      this.number++;
      this.start = this.end + 1;
      this.end = lineEndFrom(this.text, this.start);
    }
  }
}

// The distinct addresses kept so far, as ITEM_FIELDS integers each.
class FoundItems {
  private readonly seen = new Set<number | string>();
  private items = new Uint32Array(ITEM_FIELDS * 1024);
  private count = 0;

  constructor(
    private readonly text: string,
    private readonly bytes: Uint8Array,
    private readonly limit: number,
  ) {}

  // Keeps the address written at [at, at + length) on `line` unless it was found before; false once `limit` are kept.
  add(at: number, length: number, line: LineCursor): boolean {
    const { text, bytes } = this;
    const key = keyOf(text.slice(at, at + length));
    if (key === null || this.seen.has(key)) return true;
    if (this.count >= this.limit) return false;
    this.seen.add(key);
    if ((this.count + 1) * ITEM_FIELDS > this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const stop = line.end > line.start && text.charCodeAt(line.end - 1) === 13 ? line.end - 1 : line.end;
    // The context window, not cutting a UTF-8 sequence at either end.
    let from = Math.max(line.start, at - CONTEXT_RADIUS);
    while (from < at && isContinuation(bytes[from])) from++;
    let to = Math.min(stop, at + length + CONTEXT_RADIUS);
    while (to < stop && isContinuation(bytes[to])) to--;
    const items = this.items;
    const o = this.count++ * ITEM_FIELDS;
    items[o + LINE] = line.number;
    items[o + START] = at;
    items[o + END] = at + length;
    items[o + FROM] = from;
    items[o + TO] = to;
    items[o + CUT] = (from > line.start ? 1 : 0) | (to < stop ? 2 : 0);
    return true;
  }

  // What was kept, and whether more were left out.
  extraction(truncated: boolean): Extraction {
    return { items: this.items.subarray(0, this.count * ITEM_FIELDS), count: this.count, truncated };
  }
}

/** Every distinct MAC address in the UTF-8 `bytes` (at most `limit`), in order of first appearance. */
export function extractMacs(bytes: Uint8Array, limit = Infinity): Extraction {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const tableCells = macColumnCells(text);
  const found = new FoundItems(text, bytes, limit);
  const line = new LineCursor(text);
  // One regex pass over the whole text, and the cells of a table's MAC column, in order of position.
  CANDIDATE.lastIndex = 0;
  let m = CANDIDATE.exec(text);
  let cell = 0;
  while (m !== null || cell < tableCells.length) {
    const inTable = cell < tableCells.length && (m === null || tableCells[cell] < m.index);
    const at = inTable ? tableCells[cell] : m!.index;
    const candidate = inTable ? '' : m![0];
    if (inTable) cell++;
    else m = CANDIDATE.exec(text);
    line.moveTo(at);
    let kept: boolean;
    if (inTable) kept = found.add(at, 12, line);
    // netfilter's MAC=: its destination, then its source, each as the address it is.
    else if (candidate.startsWith('MAC=')) kept = found.add(at + 4, 17, line) && found.add(at + 22, 17, line);
    else if (candidate.includes(' ') && DUMP_LINE.test(text.slice(line.start, at))) continue;
    else kept = found.add(at, candidate.length, line);
    if (!kept) return found.extraction(true);
  }
  return found.extraction(false);
}

// Eight groups of exactly two digits, with one kind of separator: how EUI-64s are printed.
const EIGHT_OCTETS = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){6}$/;

// What tells the address of a candidate from the others found (its MAC-48 value, or its 64-bit
// identifier as text), or null when the candidate is no address: an IPv6 address not made from
// a MAC, or one whose eight groups, all of one or two digits, do not all have two.
function keyOf(candidate: string): number | string | null {
  const parsed = parseAddressInput(candidate);
  if (typeof parsed === 'number') return parsed;
  if (!('mac' in parsed)) return null;
  // An EUI-64 (or the MAC-48 inside one) is taken as eight two-digit octets or as 0x and 16 digits.
  if ((parsed.kind === 'eui64' || parsed.kind === null) && !EIGHT_OCTETS.test(candidate) && !/^0[xX]/.test(candidate)) return null;
  return parsed.eui64 === null ? parsed.mac : `${parsed.eui64.high48}:${parsed.eui64.low16}`;
}

const utf8 = new TextDecoder();

/** Item `i` of an extraction over `bytes`, as an object (its context decoded, trimmed, ellipsed). */
export function foundAt(bytes: Uint8Array, items: Uint32Array, i: number): FoundMac {
  const o = i * ITEM_FIELDS;
  const input = utf8.decode(bytes.subarray(items[o + START], items[o + END]));
  const context = utf8.decode(bytes.subarray(items[o + FROM], items[o + TO])).trim();
  const cut = items[o + CUT];
  const parsed = parseAddressInput(input) as number | AddressInput;
  return {
    input,
    mac: typeof parsed === 'number' ? parsed : parsed.mac,
    derived: typeof parsed === 'number' ? null : parsed,
    line: items[o + LINE],
    context: `${cut & 1 ? '…' : ''}${context}${cut & 2 ? '…' : ''}`,
  };
}
