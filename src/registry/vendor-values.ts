/**
 * The organisation records as every thread reads them from the shared index: per record, its
 * name, short name and postal address as JSON values (serialised once, so an answer copies them
 * and a projection picks them), its country code and its flags. Nothing here is a rendered
 * answer: the analysis writer (analysis/json-writer.ts) puts the members around the values.
 */
import type { VendorRecord } from './artifact.js';
import type { RenderTarget } from '../render/render-target.js';
import { shortName } from './short-name.js';

/** The JSON values stored per record, in this order. */
export const RECORD_VALUES = ['name', 'shortName', 'address'] as const;

/** A value stored per record: its index in RECORD_VALUES. */
export const NAME = 0;
export const SHORT_NAME = 1;
export const ADDRESS = 2;

/** Values stored per record. */
export const VALUES_PER_RECORD = RECORD_VALUES.length;

/** Flag bits of a record. */
export const PRIVATE = 1;
export const IAB = 2;

/** UTF-8 byte runs and their start offsets (one more offset than runs). */
export interface FragmentTable {
  readonly offsets: Uint32Array;
  readonly bytes: Uint8Array;
}

/** The records in the columns the shared index holds: the JSON values, the packed country codes, the flags. */
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
  const texts: string[] = [];
  for (const r of records) texts.push(JSON.stringify(r.name), JSON.stringify(shortName(r.name)), JSON.stringify(r.address));
  const offsets = new Uint32Array(texts.length + 1);
  let total = 0;
  texts.forEach((t, i) => {
    offsets[i] = total;
    total += Buffer.byteLength(t);
  });
  offsets[texts.length] = total;
  const bytes = Buffer.allocUnsafe(total);
  texts.forEach((t, i) => bytes.write(t, offsets[i]));
  return {
    values: { offsets, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    countries: Uint16Array.from(records, (r) => packCountry(r.country)),
    flags: Uint8Array.from(records, (r) => (r.private ? PRIVATE : 0) | (r.iab ? IAB : 0)),
  };
}

/** A record as the catalog lists it: its members but the postal address (VendorValues.address). */
export interface VendorRecordRead {
  readonly name: string | null;
  readonly shortName: string | null;
  /** ISO 3166-1 alpha-2, or null. */
  readonly country: string | null;
  readonly private: boolean;
  readonly iab: boolean;
}

const decoder = new TextDecoder();

/** The records of a shared index. */
export class VendorValues {
  /** Reads the values (`bytes`, VALUES_PER_RECORD per record, value i from offsets[i] to offsets[i + 1]), and the records' packed `countries` and `flags`. */
  constructor(
    private readonly offsets: Uint32Array,
    private readonly bytes: Uint8Array,
    private readonly countries: Uint16Array,
    private readonly flags: Uint8Array,
  ) {}

  /** Longest value, in bytes. */
  maxLength(): number {
    let max = 0;
    for (let i = 1; i < this.offsets.length; i++) max = Math.max(max, this.offsets[i] - this.offsets[i - 1]);
    return max;
  }

  /**
   * Copies value `value` (NAME, SHORT_NAME, ADDRESS) of `record` into `target` at `pos`; returns
   * the end. A loop, not TypedArray#set: from shared memory V8's set copies byte by byte through
   * a runtime call.
   */
  copy(record: number, value: number, target: RenderTarget, pos: number): number {
    const i = record * VALUES_PER_RECORD + value;
    const out = target.bytes;
    const bytes = this.bytes;
    let at = pos;
    for (let from = this.offsets[i], end = this.offsets[i + 1]; from < end; ) out[at++] = bytes[from++];
    return at;
  }

  /** The packed country code of `record` (packCountry). */
  country(record: number): number {
    return this.countries[record];
  }

  /** The flags of `record` (PRIVATE, IAB). */
  flagsOf(record: number): number {
    return this.flags[record];
  }

  /** Value `value` of `record`, decoded (a string, or null). */
  text(record: number, value: number): string | null {
    const i = record * VALUES_PER_RECORD + value;
    return JSON.parse(decoder.decode(this.bytes.slice(this.offsets[i], this.offsets[i + 1]))) as string | null;
  }

  /** Record `record`, but its postal address. */
  record(record: number): VendorRecordRead {
    const flags = this.flags[record];
    return { name: this.text(record, NAME), shortName: this.text(record, SHORT_NAME), country: unpackCountry(this.countries[record]), private: (flags & PRIVATE) !== 0, iab: (flags & IAB) !== 0 };
  }
}
