/** Numbering of the vendor fragments: per record, a head then one tail per language. */
import { LANGS } from '../i18n/lang.js';

/** Fragments per record: the head, then one tail per language (LANGS order). */
export const FRAGMENTS_PER_RECORD = 1 + LANGS.length;

/** Index of a record's head fragment. */
export function headFragment(record: number): number {
  return record * FRAGMENTS_PER_RECORD;
}

/** Index of a record's tail fragment in the language of index `langIndex`. */
export function tailFragment(record: number, langIndex: number): number {
  return record * FRAGMENTS_PER_RECORD + 1 + langIndex;
}

/** UTF-8 fragments and their start offsets (one more offset than fragments). */
export interface FragmentTable {
  readonly offsets: Uint32Array;
  readonly bytes: Uint8Array;
}
