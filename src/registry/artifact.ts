/**
 * The compiled registry file (data/registry.msgpack): its types, and how it is written and
 * read back. Prefix tables travel as raw little-endian typed-array bytes; reading checks
 * the shape and names the file in any error.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Packr } from 'msgpackr';
import { RegistryFileError } from './entry.js';
import { FRAGMENTS_PER_RECORD, type FragmentTable } from './fragment-ids.js';
import { WIDTHS, type Width } from './widths.js';
import type { DatesMeta } from './block-dates.js';

/** Bumped whenever the file layout changes; older files are rejected with a rebuild hint. */
export const ARTIFACT_FORMAT = 4;

export type { RegistryKind } from './kinds.js';

/** A deduplicated organisation record (one vendor may hold 1,000+ blocks). */
export interface VendorRecord {
  readonly name: string | null;
  readonly address: string | null;
  readonly country: string | null;
  readonly private: boolean;
  readonly iab: boolean;
}

/** Blocks of one width: sorted prefixes and, for each, the index of its record and its first-seen date (first-seen.ts). */
export interface PrefixTable {
  readonly prefixes: Float64Array;
  readonly records: Uint32Array;
  readonly dates: Uint32Array;
}

/** Snapshot metadata, served at /api/registry. */
export interface RegistryMeta {
  readonly version: string;
  readonly source: string;
  readonly sourceVersion: string;
  readonly sourceDate: string | null;
  readonly builtAt: string;
  readonly counts: Readonly<Record<'MA-L' | 'MA-M' | 'MA-S' | 'IAB' | 'CID', number>>;
  readonly records: number;
  readonly duplicatesIgnored: number;
  readonly countries: {
    readonly total: number;
    readonly mapped: number;
    readonly share: number;
    readonly byName: number;
    readonly byCode: number;
    readonly byHint: number;
  };
  /** How many blocks are dated, the newest date, and the sources to credit (block-dates.ts). */
  readonly dates: DatesMeta;
}

/** What the service needs at run time: tables and precomputed vendor fragments. */
export interface IndexArtifact {
  readonly meta: RegistryMeta;
  readonly tables: Readonly<Record<Width, PrefixTable>>;
  /** IEEE Company IDs (24 bits, for locally administered addresses) and their records. */
  readonly cids: PrefixTable;
  /** The organisation name of each CID, in the CID table's order. */
  readonly cidNames: readonly (string | null)[];
  /** Precomputed vendor JSON fragments (vendor-fragments.ts). */
  readonly fragments: FragmentTable;
}

/** The whole compiled registry, with the organisation records themselves. */
export interface RegistryArtifact extends IndexArtifact {
  readonly records: readonly VendorRecord[];
}


interface WireTable {
  prefixes: Uint8Array;
  records: Uint8Array;
  dates: Uint8Array;
}

interface WireRecords {
  name: (string | null)[];
  address: (string | null)[];
  country: (string | null)[];
  flags: number[];
}

// Records travel as a nested msgpack blob, so the service's loader can skip decoding them.
interface WireArtifact {
  format: number;
  meta: RegistryMeta;
  recordCount: number;
  records: Uint8Array;
  tables: Record<string, WireTable>;
  cids: WireTable;
  cidNames: (string | null)[];
  fragments: { offsets: Uint8Array; bytes: Uint8Array };
}

const packr = new Packr({ useRecords: false });

function bytesOf(view: Float64Array | Uint32Array | Uint8Array): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

function wireTable(t: PrefixTable): WireTable {
  return { prefixes: bytesOf(t.prefixes), records: bytesOf(t.records), dates: bytesOf(t.dates) };
}

/** Content hash of records, tables and fragments, used to version the snapshot. */
export function contentHash(records: readonly VendorRecord[], tables: RegistryArtifact['tables'], fragments: FragmentTable, cids: PrefixTable): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(records));
  for (const t of [...WIDTHS.map((w) => tables[w]), cids]) {
    h.update(bytesOf(t.prefixes));
    h.update(bytesOf(t.records));
    h.update(bytesOf(t.dates));
  }
  h.update(fragments.bytes);
  return h.digest('hex').slice(0, 12);
}

/** Serialises an artifact to msgpack bytes. */
export function encodeArtifact(a: RegistryArtifact): Uint8Array {
  const wire: WireArtifact = {
    format: ARTIFACT_FORMAT,
    meta: a.meta,
    recordCount: a.records.length,
    records: packr.pack({
      name: a.records.map((r) => r.name),
      address: a.records.map((r) => r.address),
      country: a.records.map((r) => r.country),
      flags: a.records.map((r) => (r.private ? 1 : 0) | (r.iab ? 2 : 0)),
    } satisfies WireRecords),
    tables: Object.fromEntries(WIDTHS.map((w) => [String(w), wireTable(a.tables[w])])),
    cids: wireTable(a.cids),
    cidNames: [...a.cidNames],
    fragments: { offsets: bytesOf(a.fragments.offsets), bytes: a.fragments.bytes },
  };
  return packr.pack(wire);
}

/** Writes an artifact file. */
export function writeArtifact(file: string, a: RegistryArtifact): void {
  writeFileSync(file, encodeArtifact(a));
}

// fsync a file or folder by path.
function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// The build time of the artifact in `file`, or null when it is missing or unreadable.
function builtAtOf(file: string): string | null {
  try {
    const wire = packr.unpack(readFileSync(file)) as Partial<WireArtifact>;
    return typeof wire.meta?.builtAt === 'string' ? wire.meta.builtAt : null;
  } catch {
    return null;
  } finally {
    releaseSource();
  }
}

/**
 * Installs `a` as `file` for a service that may be watching it: nothing is written when the
 * file already holds the same artifact, its build time aside (returns false); otherwise a
 * temporary file beside it, fsync, rename over it, fsync of the folder, so a reader sees the
 * old file or the new, never half.
 */
export function installArtifact(file: string, a: RegistryArtifact): boolean {
  const previous = existsSync(file) ? builtAtOf(file) : null;
  if (previous !== null) {
    const same = encodeArtifact({ ...a, meta: { ...a.meta, builtAt: previous } });
    if (statSync(file).size === same.byteLength && readFileSync(file).equals(same)) return false;
  }
  const bytes = encodeArtifact(a);
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, bytes);
    syncPath(tmp);
    renameSync(tmp, file);
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  }
  syncPath(dirname(file));
  return true;
}

function fail(file: string, reason: string): never {
  throw new RegistryFileError(file, `${reason}; rebuild it with "npm run build:data -- --force"`);
}

function typed<T extends Float64Array | Uint32Array>(file: string, bytes: unknown, Ctor: { new (b: ArrayBuffer): T; BYTES_PER_ELEMENT: number }): T {
  if (!(bytes instanceof Uint8Array) || bytes.byteLength % Ctor.BYTES_PER_ELEMENT !== 0) fail(file, 'corrupt prefix table');
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Ctor(copy.buffer);
}

// msgpackr keeps a DataView over the last buffer it read, in a module variable, until it reads
// another. After a registry file, that is the whole file (16 MB), held for the life of the
// process; reading one byte (nil) moves it off. Measured: 30.3 MB of ArrayBuffers after loading
// the registry, 14.2 (the shared index) after this.
const NIL = Uint8Array.of(0xc0);
function releaseSource(): void {
  packr.unpack(NIL);
}

function unpackWire(file: string, bytes: Uint8Array): WireArtifact {
  let wire: WireArtifact;
  try {
    wire = packr.unpack(bytes) as WireArtifact;
  } catch (e) {
    fail(file, `not a valid msgpack file (${(e as Error).message})`);
  }
  if (typeof wire !== 'object' || wire === null || wire.format !== ARTIFACT_FORMAT) fail(file, 'unknown format');
  if (!Number.isInteger(wire.recordCount) || !(wire.records instanceof Uint8Array)) fail(file, 'corrupt record table');
  return wire;
}

// A table read back and checked: as many records as prefixes, sorted, records in range.
function checkedTable(file: string, t: WireTable | undefined, name: string, recordCount: number): PrefixTable {
  if (!t) fail(file, `missing ${name} table`);
  const table = { prefixes: typed(file, t.prefixes, Float64Array), records: typed(file, t.records, Uint32Array), dates: typed(file, t.dates, Uint32Array) };
  if (table.prefixes.length !== table.records.length || table.dates.length !== table.prefixes.length) fail(file, `corrupt ${name} table`);
  for (let i = 0; i < table.records.length; i++) {
    if (table.records[i] >= recordCount || (i > 0 && table.prefixes[i] <= table.prefixes[i - 1])) fail(file, `corrupt ${name} table`);
  }
  return table;
}

function indexOf(file: string, wire: WireArtifact): IndexArtifact {
  const tables = {} as Record<Width, PrefixTable>;
  for (const w of WIDTHS) tables[w] = checkedTable(file, wire.tables?.[String(w)], `${w}-bit prefix`, wire.recordCount);
  const cids = checkedTable(file, wire.cids, 'CID', wire.recordCount);
  if (!Array.isArray(wire.cidNames) || wire.cidNames.length !== cids.prefixes.length) fail(file, 'corrupt CID table');
  const frags = wire.fragments;
  if (!frags || !(frags.bytes instanceof Uint8Array)) fail(file, 'missing vendor fragments');
  const offsets = typed(file, frags.offsets, Uint32Array);
  if (offsets.length !== wire.recordCount * FRAGMENTS_PER_RECORD + 1 || offsets[offsets.length - 1] !== frags.bytes.byteLength) {
    fail(file, 'corrupt vendor fragments');
  }
  return { meta: wire.meta, tables, cids, cidNames: wire.cidNames, fragments: { offsets, bytes: frags.bytes } };
}

function recordsOf(file: string, wire: WireArtifact): VendorRecord[] {
  let cols: WireRecords;
  try {
    cols = packr.unpack(wire.records) as WireRecords;
  } catch {
    fail(file, 'corrupt record table');
  }
  if (!cols || !Array.isArray(cols.name) || !Array.isArray(cols.flags) || cols.name.length !== wire.recordCount) {
    fail(file, 'corrupt record table');
  }
  return cols.name.map((name, i) => ({
    name,
    address: cols.address[i] ?? null,
    country: cols.country[i] ?? null,
    private: (cols.flags[i] & 1) !== 0,
    iab: (cols.flags[i] & 2) !== 0,
  }));
}

/** Decodes msgpack bytes into a whole artifact, records included, checking its shape. */
export function decodeArtifact(file: string, bytes: Uint8Array): RegistryArtifact {
  try {
    const wire = unpackWire(file, bytes);
    return { ...indexOf(file, wire), records: recordsOf(file, wire) };
  } finally {
    releaseSource();
  }
}

function readBytes(file: string): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    fail(file, code === 'ENOENT' ? 'missing' : `cannot read (${code ?? String(e)})`);
  }
}

/** Reads what the service needs (no records): the fast path of start-up. */
export function readIndexArtifact(file: string): IndexArtifact {
  try {
    return indexOf(file, unpackWire(file, readBytes(file)));
  } finally {
    releaseSource();
  }
}

/** Reads and checks a whole artifact file, records included. */
export function readArtifact(file: string): RegistryArtifact {
  return decodeArtifact(file, readBytes(file));
}
