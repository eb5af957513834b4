/**
 * The JSON fragments of every vendor record, built by the registry compiler and stored in
 * the artifact, so that loading is a copy and a request only concatenates bytes. A record
 * has a language-free head and one tail per language (only the country name is localised).
 * The writer (vendorFragments) and the readers (vendorRecordText, readVendorRecord,
 * readVendorAddress) live here together.
 */
import { countryName, flagEmoji } from '../i18n/countries.js';
import { LANGS, type Lang } from '../i18n/lang.js';
import type { VendorRecord } from './artifact.js';
import { headFragment, tailFragment, type FragmentTable } from './fragment-ids.js';
import { shortName } from './short-name.js';

/** `{"name":…,"shortName":…,` — the head of a vendor object, before the block fields written per request. */
export function vendorHead(r: VendorRecord): string {
  return `{"name":${JSON.stringify(r.name)},"shortName":${JSON.stringify(shortName(r.name))},`;
}

// The country part of a tail depends only on (code, language): built once per pair.
const countryParts = new Map<string, string>();
function countryPart(code: string | null, lang: Lang): string {
  if (code === null) return '"country":null,"flag":null';
  const key = `${lang}:${code}`;
  let part = countryParts.get(key);
  if (part === undefined) {
    part = `"country":${JSON.stringify({ code, name: countryName(code, lang) ?? code })},"flag":"${flagEmoji(code)}"`;
    countryParts.set(key, part);
  }
  return part;
}

/** `"address":…,"country":…,"flag":…,"private":…}` — the tail of a vendor object in `lang`. */
export function vendorTail(r: VendorRecord, lang: Lang, addressJson = JSON.stringify(r.address)): string {
  return `"address":${addressJson},${countryPart(r.country, lang)},"private":${r.private}${r.iab ? ',"iab":true' : ''}}`;
}

/** Encodes the fragments of every record into one byte table. */
export function vendorFragments(records: readonly VendorRecord[]): FragmentTable {
  const texts: string[] = [];
  for (const r of records) {
    texts.push(vendorHead(r));
    const addressJson = JSON.stringify(r.address);
    for (const lang of LANGS) texts.push(vendorTail(r, lang, addressJson));
  }
  const offsets = new Uint32Array(texts.length + 1);
  let total = 0;
  texts.forEach((t, i) => {
    offsets[i] = total;
    total += Buffer.byteLength(t);
  });
  offsets[texts.length] = total;
  const bytes = Buffer.allocUnsafe(total);
  texts.forEach((t, i) => bytes.write(t, offsets[i]));
  return { offsets, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/** Where fragments are read back from by id (the shared index's fragment store). */
export interface FragmentReader {
  bytes(id: number): Uint8Array;
}

/** A record as its fragments say it, but its postal address (readVendorAddress). */
export interface VendorRecordRead {
  readonly name: string | null;
  readonly shortName: string | null;
  /** ISO 3166-1 alpha-2, or null. */
  readonly country: string | null;
  readonly private: boolean;
  readonly iab: boolean;
}

const decoder = new TextDecoder();

/** Record `record`'s vendor object as JSON text in language `langIndex`: its head, then that tail. */
export function vendorRecordText(fragments: FragmentReader, record: number, langIndex: number): string {
  return decoder.decode(fragments.bytes(headFragment(record))) + decoder.decode(fragments.bytes(tailFragment(record, langIndex)));
}

/** Record `record` read back from its fragments (the first language's tail: codes, not names). */
export function readVendorRecord(fragments: FragmentReader, record: number): VendorRecordRead {
  const v = JSON.parse(vendorRecordText(fragments, record, 0)) as { name: string | null; shortName: string | null; country: { code: string } | null; private: boolean; iab?: true };
  return { name: v.name, shortName: v.shortName, country: v.country?.code ?? null, private: v.private, iab: v.iab === true };
}

/** Record `record`'s postal address, read from its tail. */
export function readVendorAddress(fragments: FragmentReader, record: number): string | null {
  return (JSON.parse(`{${decoder.decode(fragments.bytes(tailFragment(record, 0)))}`) as { address: string | null }).address;
}
