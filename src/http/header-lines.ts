/**
 * Constant header lines that many replies share (an analysis's Cache-Control, data version,
 * language and CORS lines), made once per snapshot: as flat name/value pairs, which the
 * node:http engine takes as they are, and as uWS's wire bytes. uWS writes a header's name
 * verbatim, so the lines' bytes followed by the name of the header that comes after them make
 * one native writeHeader call's name (uws-app.ts): a reply with them encodes only its own values.
 */
const encoder = new TextEncoder();

const UNSAFE = /[\r\n\0]/;
const UNSAFE_ALL = /[\r\n\0]/g;

/**
 * A header value as it may go on the wire, on either engine: CR, LF and NUL become spaces (as Go's
 * net/http writes one), so no value can end its line or the head, whatever reached it.
 */
export function headerValue(value: string): string {
  return UNSAFE.test(value) ? value.replace(UNSAFE_ALL, ' ') : value;
}

/** Header lines made once, sent before a reply's own headers (Reply.lead). */
export class HeaderLines {
  /** The lines as flat name/value pairs, as node:http takes them. */
  readonly pairs: readonly string[];
  private readonly text: string;
  private readonly wire = new Map<string, Uint8Array>();

  /** The lines of `pairs` (flat name/value pairs; each value made safe by headerValue). */
  constructor(pairs: readonly string[]) {
    this.pairs = pairs.map((p, i) => (i % 2 === 1 ? headerValue(p) : p));
    let text = '';
    for (let i = 0; i < pairs.length; i += 2) text += `${this.pairs[i]}: ${this.pairs[i + 1]}\r\n`;
    this.text = text;
  }

  /** The lines as uWS writes them (`Name: value\r\n` each), then `name`: a writeHeader name whose value is `name`'s. */
  wireBefore(name: string): Uint8Array {
    let bytes = this.wire.get(name);
    if (bytes === undefined) {
      bytes = encoder.encode(this.text + name);
      this.wire.set(name, bytes);
    }
    return bytes;
  }
}
