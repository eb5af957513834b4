/**
 * The organisation records as every thread reads them from the shared index: per record, its
 * name, short name and postal address as UTF-8 strings (null is a flag), its country code and its
 * flags. A reader takes a value as a string (text), or writes it as a JSON string into an answer
 * (writeJson, escaped as JSON.stringify escapes); nothing is stored rendered, so nothing is parsed
 * back.
 */
import type { VendorRecord } from './tables.js';
import type { RenderTarget } from '../render/render-target.js';
import { shortName } from './short-name.js';

/** The string values stored per record, in this order. */
export const RECORD_VALUES = ['name', 'shortName', 'address'] as const;

/** A value stored per record: its index in RECORD_VALUES. */
export const NAME = 0;
export const SHORT_NAME = 1;
export const ADDRESS = 2;

/** Values stored per record. */
export const VALUES_PER_RECORD = RECORD_VALUES.length;

/** Flag bits of a record: private, IAB, one per value (NAME, SHORT_NAME, ADDRESS) that is null, and whether a value has a character JSON escapes. */
export const PRIVATE = 1;
export const IAB = 2;
const NULL_VALUE = 4;
const ESCAPED = NULL_VALUE << VALUES_PER_RECORD;
// A name a CSV field quotes (it holds a comma, a quote or a line break).
const QUOTED = 2 * ESCAPED;

/** The largest flags byte a record may have. */
export const FLAGS_MAX = 2 * QUOTED - 1;

/** UTF-8 byte runs and their start offsets (one more offset than runs). */
export interface FragmentTable {
  readonly offsets: Uint32Array;
  readonly bytes: Uint8Array;
}

/** The records in the columns the shared index holds: the values, the packed country codes, the flags. */
export interface RecordColumns {
  readonly values: FragmentTable;
  readonly countries: Uint16Array;
  readonly flags: Uint8Array;
}

/** A country code (two capital letters) in 16 bits; 0 for none. */
export function packCountry(code: string | null): number {
  return code === null ? 0 : (code.charCodeAt(0) << 8) | code.charCodeAt(1);
}

/** The country code of a packed one, or null. */
export function unpackCountry(packed: number): string | null {
  return packed === 0 ? null : String.fromCharCode(packed >>> 8, packed & 255);
}

/** True when a packed country is none, or two capital letters. */
export function validCountry(packed: number): boolean {
  const a = packed >>> 8;
  const b = packed & 255;
  return packed === 0 || (a >= 65 && a <= 90 && b >= 65 && b <= 90);
}

/** The columns of `records`. */
export function recordColumns(records: readonly VendorRecord[]): RecordColumns {
  const values = records.flatMap((r) => [r.name, shortName(r.name), r.address]);
  const offsets = new Uint32Array(values.length + 1);
  let total = 0;
  values.forEach((v, i) => {
    offsets[i] = total;
    total += v === null ? 0 : Buffer.byteLength(v);
  });
  offsets[values.length] = total;
  const bytes = Buffer.allocUnsafe(total);
  values.forEach((v, i) => v !== null && bytes.write(v, offsets[i]));
  const nulls = (r: number) =>
    values.slice(r * VALUES_PER_RECORD, (r + 1) * VALUES_PER_RECORD).reduce((bits, v, i) => bits | (v === null ? NULL_VALUE << i : JSON.stringify(v).length === v.length + 2 ? 0 : ESCAPED), 0);
  // A short name is letters and digits (short-name.ts), never quoted; an address has no CSV column.
  const quoted = (r: number) => (/[",\r\n]/.test(values[r * VALUES_PER_RECORD + NAME] ?? '') ? QUOTED : 0);
  return {
    values: { offsets, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    countries: Uint16Array.from(records, (r) => packCountry(r.country)),
    flags: Uint8Array.from(records, (r, i) => (r.private ? PRIVATE : 0) | (r.iab ? IAB : 0) | nulls(i) | quoted(i)),
  };
}

// How JSON.stringify writes the characters it escapes below 0x20 (other than \b \t \n \f \r).
const ESCAPES = Array.from({ length: 32 }, (_, c) => Buffer.from(JSON.stringify(String.fromCharCode(c)).slice(1, -1)));

/** A record as the catalog lists it: its members but the postal address (VendorValues.address). */
export interface VendorRecordRead {
  readonly name: string | null;
  readonly shortName: string | null;
  /** ISO 3166-1 alpha-2, or null. */
  readonly country: string | null;
  readonly private: boolean;
  readonly iab: boolean;
}


/** The records of a shared index. */
// The letter after the backslash of each byte TSV escapes (tsvField), 0 for the others.
const TSV_ESCAPE = new Uint8Array(256);
for (const [byte, letter] of [[92, '\\'], [9, 't'], [10, 'n'], [13, 'r']] as const) TSV_ESCAPE[byte] = letter.charCodeAt(0);

export class VendorValues {
  private longest = -1;

  /** Reads the values (`bytes`, VALUES_PER_RECORD per record, value i from offsets[i] to offsets[i + 1]), and the records' packed `countries` and `flags`. */
  constructor(
    private readonly offsets: Uint32Array,
    private readonly bytes: Uint8Array,
    private readonly countries: Uint16Array,
    private readonly flags: Uint8Array,
  ) {}

  /** Longest value as JSON, in bytes at most (a character below 0x20 takes six). */
  maxLength(): number {
    if (this.longest < 0) {
      let max = 0;
      for (let i = 1; i < this.offsets.length; i++) max = Math.max(max, this.offsets[i] - this.offsets[i - 1]);
      this.longest = 6 * max + 2;
    }
    return this.longest;
  }

  /**
   * Writes value `value` (NAME, SHORT_NAME, ADDRESS) of `record` as JSON (a string, or null) into
   * `target` at `pos`; returns the end. A loop, not TypedArray#set: from shared memory V8's set
   * copies byte by byte through a runtime call; and the loop escapes as it copies.
   */
  writeJson(record: number, value: number, target: RenderTarget, pos: number): number {
    const out = target.bytes;
    if ((this.flags[record] & (NULL_VALUE << value)) !== 0) {
      out[pos] = 110; // null
      out[pos + 1] = 117;
      out[pos + 2] = 108;
      out[pos + 3] = 108;
      return pos + 4;
    }
    const i = record * VALUES_PER_RECORD + value;
    const bytes = this.bytes;
    let at = pos;
    out[at++] = 34; // "
    let from = this.offsets[i];
    const end = this.offsets[i + 1];
    // Most records have nothing to escape: a plain copy.
    if ((this.flags[record] & ESCAPED) === 0) while (from < end) out[at++] = bytes[from++];
    else {
      while (from < end) {
        const b = bytes[from++];
        if (b === 34 || b === 92) {
          out[at++] = 92;
          out[at++] = b;
        } else if (b < 32) {
          const e = ESCAPES[b];
          for (let k = 0; k < e.length; k++) out[at++] = e[k];
        } else out[at++] = b;
      }
    }
    out[at++] = 34;
    return at;
  }

  /**
   * Writes value `value` of `record` as a CSV field (csvField: quoted when it holds a comma, a
   * quote or a line break; empty for null), or with `tsv` as a TSV field (tsvField), into `out`
   * at `pos`; returns the end.
   */
  writeCsv(record: number, value: number, out: Uint8Array, pos: number, tsv = false): number {
    const flags = this.flags[record];
    if ((flags & (NULL_VALUE << value)) !== 0) return pos;
    const i = record * VALUES_PER_RECORD + value;
    const bytes = this.bytes;
    let from = this.offsets[i];
    const end = this.offsets[i + 1];
    if (tsv) {
      while (from < end) {
        const b = bytes[from++];
        const e = TSV_ESCAPE[b];
        if (e === 0) out[pos++] = b;
        else {
          out[pos++] = 92; // \
          out[pos++] = e;
        }
      }
      return pos;
    }
    // A record flag says whether one of its values is quoted (most are not; a name with a comma is).
    const quoted = (flags & QUOTED) !== 0 && value === NAME;
    if (quoted) out[pos++] = 34;
    while (from < end) {
      const b = bytes[from++];
      if (quoted && b === 34) out[pos++] = 34;
      out[pos++] = b;
    }
    if (quoted) out[pos++] = 34;
    return pos;
  }

  /** The packed country code of `record` (packCountry). */
  country(record: number): number {
    return this.countries[record];
  }

  /** The flags of `record` (PRIVATE, IAB). */
  flagsOf(record: number): number {
    return this.flags[record];
  }

  /** Value `value` of `record`: a string, or null. */
  text(record: number, value: number): string | null {
    if ((this.flags[record] & (NULL_VALUE << value)) !== 0) return null;
    const i = record * VALUES_PER_RECORD + value;
    const bytes = this.bytes;
    return Buffer.from(bytes.buffer, bytes.byteOffset + this.offsets[i], this.offsets[i + 1] - this.offsets[i]).toString('utf8');
  }

  /** Record `record`, but its postal address. */
  record(record: number): VendorRecordRead {
    const flags = this.flags[record];
    return { name: this.text(record, NAME), shortName: this.text(record, SHORT_NAME), country: unpackCountry(this.countries[record]), private: (flags & PRIVATE) !== 0, iab: (flags & IAB) !== 0 };
  }
}
