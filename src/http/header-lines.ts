/**
 * Constant header lines that many replies share (an analysis's Cache-Control, data version,
 * language and CORS lines), made once per snapshot: as flat name/value pairs, which the
 * node:http engine takes as they are, and as uWS's wire bytes. uWS writes a header's name
 * verbatim, so the lines' bytes followed by the name of the header that comes after them make
 * one native writeHeader call's name (uws-app.ts): a reply with them encodes only its own values.
 */
const encoder = new TextEncoder();

/** Header lines made once, sent before a reply's own headers (Reply.lead). */
export class HeaderLines {
  private readonly text: string;
  private readonly wire = new Map<string, Uint8Array>();

  /** The lines of `pairs` (flat name/value pairs; values from this service's code only, without CR or LF). */
  constructor(readonly pairs: readonly string[]) {
    let text = '';
    for (let i = 0; i < pairs.length; i += 2) text += `${pairs[i]}: ${pairs[i + 1]}\r\n`;
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
