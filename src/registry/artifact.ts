/**
 * The compiled registry file (data/registry.msgpack): its types, writing and checked reading.
 * Format 8 is four msgpack values: a uint32, the header's length; the header (format, metadata,
 * record count, CIDs, the index layout, the two lengths that follow); a bin32, the shared index
 * as it sits in memory (shared-index.ts, little-endian); a bin32, the records as columns. The
 * service reads the header and the index straight into a SharedArrayBuffer, never the records.
 * A file of another format is refused with how to rebuild it.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, fsyncSync, openSync, readSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Packr } from 'msgpackr';
import { RegistryFileError } from './entry.js';
import { metaProblem } from './meta-check.js';
import { SharedIndex, type IndexLayout, type SharedIndexHandle } from './shared-index.js';
import type { PrefixTable, RegistryArtifact, RegistryMeta, VendorRecord } from './tables.js';
import { WIDTHS, type Width } from './widths.js';

/** Bumped whenever the file layout changes; other formats are refused with a rebuild hint. */
export const ARTIFACT_FORMAT = 8;

export type { RegistryKind } from './kinds.js';

export type { IndexArtifact, PrefixTable, RegistryArtifact, RegistryMeta, VendorRecord } from './tables.js';

/** What the service loads from a registry file: the shared index, and the metadata and CIDs beside it. */
export interface LoadedIndex {
  readonly meta: RegistryMeta;
  /** The shared index, checked (SharedIndex.open), ready for threads to attach to. */
  readonly index: SharedIndexHandle;
  readonly cids: PrefixTable;
  readonly cidNames: readonly (string | null)[];
}


interface WireRecords {
  name: (string | null)[];
  address: (string | null)[];
  country: (string | null)[];
  flags: number[];
}

// The header (the file's second value).
interface WireHeader {
  format: number;
  meta: RegistryMeta;
  recordCount: number;
  cidNames: (string | null)[];
  /** The CIDs' records (u32, little-endian), in the CID table's order; the index holds their positions. */
  cidRecords: Uint8Array;
  layout: IndexLayout;
  indexBytes: number;
  recordsBytes: number;
}

const packr = new Packr({ useRecords: false });

// msgpack's type bytes for a uint32 and a bin32, each followed by a big-endian u32.
const UINT32 = 0xce;
const BIN32 = 0xc6;

function bytesOf(view: Float64Array | Uint32Array | Uint8Array): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * What a snapshot's version hashes: every part of its file but the metadata (checked against the
 * document) and the framing (checked by the reader), as the file holds them. A reader checks the
 * bytes it read against the version without running the code that derived them (short names).
 */
export interface HashedParts {
  readonly layout: IndexLayout;
  readonly cidNames: readonly (string | null)[];
  readonly cidRecords: Uint8Array;
  readonly index: Uint8Array;
  readonly records: Uint8Array;
}

/** The content hash of a snapshot's parts: the last member of its version (12 hex digits). */
export function contentHash(p: HashedParts): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(p.layout));
  h.update(JSON.stringify(p.cidNames));
  h.update(p.cidRecords);
  h.update(p.index);
  h.update(p.records);
  return h.digest('hex').slice(0, 12);
}

/** The parts of the file of `a` that its version hashes, as encodeArtifact writes them. */
export function encodeParts(a: Omit<RegistryArtifact, 'meta'>): HashedParts {
  const index = SharedIndex.create(a).handle;
  return { layout: index.layout, cidNames: [...a.cidNames], cidRecords: bytesOf(a.cids.records), index: new Uint8Array(index.buffer), records: packRecords(a.records) };
}

// The hash a version claims: its last member, 12 hex digits (compile.ts), or null.
function claimedHash(version: string): string | null {
  return /-([0-9a-f]{12})$/.exec(version)?.[1] ?? null;
}

// The records' columns as one msgpack value.
function packRecords(records: readonly VendorRecord[]): Uint8Array {
  return packr.pack({
    name: records.map((r) => r.name),
    address: records.map((r) => r.address),
    country: records.map((r) => r.country),
    flags: records.map((r) => (r.private ? 1 : 0) | (r.iab ? 2 : 0)),
  } satisfies WireRecords);
}

// A msgpack uint32 or bin32 head: the type byte and a big-endian length.
function head(type: number, n: number): Uint8Array {
  const out = new Uint8Array(5);
  out[0] = type;
  new DataView(out.buffer).setUint32(1, n);
  return out;
}

/** Serialises an artifact to the bytes of a registry file (its index laid out anew from the tables and records). */
export function encodeArtifact(a: RegistryArtifact): Uint8Array {
  const p = encodeParts(a);
  const header = packr.pack({
    format: ARTIFACT_FORMAT,
    meta: a.meta,
    recordCount: a.records.length,
    cidNames: [...p.cidNames],
    cidRecords: p.cidRecords,
    layout: p.layout,
    indexBytes: p.index.byteLength,
    recordsBytes: p.records.byteLength,
  } satisfies WireHeader);
  return Buffer.concat([head(UINT32, header.byteLength), header, head(BIN32, p.index.byteLength), p.index, head(BIN32, p.records.byteLength), p.records]);
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

/**
 * Installs `a` as `file` for a service that may be watching it: nothing is written when it
 * holds the same artifact, build time aside (false: the same metadata, whose version hashes the
 * content); else a temporary file, fsync, rename, fsync of the folder, so a reader sees the old
 * file or the new, never half.
 */
export function installArtifact(file: string, a: RegistryArtifact): boolean {
  const held = fileMeta(file);
  if (held !== null && JSON.stringify({ ...held, builtAt: a.meta.builtAt }) === JSON.stringify(a.meta)) return false;
  installBytes(file, encodeArtifact(a));
  return true;
}

/** The metadata of the registry file `file` (its header alone, checked), or null when there is none that reads. */
export function fileMeta(file: string): RegistryMeta | null {
  try {
    return withFile(file, (f) => header(f).meta);
  } catch {
    return null;
  } finally {
    releaseSource();
  }
}

/**
 * Writes `bytes` as `file` atomically: a temporary file beside it (`check`ed when given: a
 * throw leaves `file` as it was), fsync, rename, fsync of the folder.
 */
export function installBytes(file: string, bytes: Uint8Array, check?: (tmp: string) => void): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, bytes);
    check?.(tmp);
    syncPath(tmp);
    renameSync(tmp, file);
  } catch (e) {
    if (existsSync(tmp)) unlinkSync(tmp);
    throw e;
  }
  syncPath(dirname(file));
}

function fail(file: string, reason: string): never {
  throw new RegistryFileError(file, `${reason}; rebuild it with "npm run build:data -- --force"`);
}

// The u32s of a msgpack bin (copied: aligned, and not a view of the file's bytes).
function u32s(file: string, bytes: unknown): Uint32Array {
  if (!(bytes instanceof Uint8Array) || bytes.byteLength % 4 !== 0) fail(file, 'corrupt CID table');
  return new Uint32Array(bytes.slice().buffer);
}

// msgpackr keeps a view of the last buffer it read (the whole file) until it reads another:
// reading one nil byte lets the file's bytes go.
const NIL = Uint8Array.of(0xc0);
function releaseSource(): void {
  packr.unpack(NIL);
}

function recordsOf(file: string, recordCount: number, blob: Uint8Array): VendorRecord[] {
  let cols: WireRecords;
  try {
    cols = packr.unpack(blob) as WireRecords;
  } catch {
    fail(file, 'corrupt record table');
  }
  if (!cols || !Array.isArray(cols.name) || !Array.isArray(cols.address) || !Array.isArray(cols.country) || !Array.isArray(cols.flags) || cols.name.length !== recordCount) {
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

// A file that cannot be opened or read: missing, or why not.
function unreadable(file: string, e: unknown): never {
  const code = (e as NodeJS.ErrnoException).code;
  fail(file, code === 'ENOENT' ? 'missing' : `cannot read (${code ?? String(e)})`);
}

// An open registry file: its descriptor and size.
interface OpenFile {
  readonly name: string;
  readonly fd: number;
  readonly size: number;
  /** The file's bytes, when they are in memory already (a fetched snapshot): read from them, not from `fd`. */
  readonly bytes?: Uint8Array;
}

// Runs `use` on `file`, open for reading; a file that cannot be opened fails here.
function withFile<T>(file: string, use: (f: OpenFile) => T): T {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    unreadable(file, e);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) fail(file, 'not a file');
    return use({ name: file, fd, size: stat.size });
  } finally {
    closeSync(fd);
  }
}

// Fills `into` from `position`; fails when the file ends first.
function readAt(f: OpenFile, into: Uint8Array, position: number): void {
  if (f.bytes) {
    if (position + into.byteLength > f.bytes.byteLength) fail(f.name, 'truncated');
    into.set(f.bytes.subarray(position, position + into.byteLength));
    return;
  }
  for (let done = 0; done < into.byteLength; ) {
    const n = readSync(f.fd, into, done, into.byteLength - done, position + done);
    if (n === 0) fail(f.name, 'truncated');
    done += n;
  }
}

// The length a msgpack head of `type` (uint32 or bin32) at `position` gives.
function lengthAt(f: OpenFile, position: number, type: number, what: string): number {
  const bytes = new Uint8Array(5);
  readAt(f, bytes, position);
  if (bytes[0] !== type) fail(f.name, `corrupt ${what}`);
  return new DataView(bytes.buffer).getUint32(1);
}

// A header, and where the index's and the records' bytes start.
interface Header extends WireHeader {
  readonly indexAt: number;
  readonly recordsAt: number;
}

// Reads and checks a file's header, and that the file ends where it says. Format 4 was one
// msgpack map, not a uint32 first: refused as of an earlier version, like format 5.
function header(f: OpenFile): Header {
  const first = new Uint8Array(1);
  if (f.size > 0 && (readAt(f, first, 0), first[0] !== UINT32)) fail(f.name, (first[0] & 0xf0) === 0x80 || first[0] === 0xde || first[0] === 0xdf ? 'format 4 or earlier, written by an earlier version' : 'not a registry file');
  const length = lengthAt(f, 0, UINT32, 'header');
  if (5 + length > f.size) fail(f.name, 'truncated');
  const bytes = new Uint8Array(length);
  readAt(f, bytes, 5);
  let h: WireHeader;
  try {
    h = packr.unpack(bytes) as WireHeader;
  } catch (e) {
    fail(f.name, `not a valid msgpack header (${(e as Error).message})`);
  }
  if (typeof h !== 'object' || h === null || typeof h.format !== 'number') fail(f.name, 'unknown format');
  if (h.format !== ARTIFACT_FORMAT) fail(f.name, h.format < ARTIFACT_FORMAT ? `format ${h.format}, written by an earlier version` : `format ${h.format}, written by a later version`);
  const problem = metaProblem(h.meta);
  if (problem !== null) fail(f.name, `corrupt header: ${problem}`);
  if (![h.recordCount, h.indexBytes, h.recordsBytes].every((n) => Number.isSafeInteger(n) && n >= 0)) fail(f.name, 'corrupt header');
  const indexAt = 5 + length + 5;
  const recordsAt = indexAt + h.indexBytes + 5;
  const end = recordsAt + h.recordsBytes;
  if (end !== f.size) fail(f.name, end > f.size ? 'truncated' : 'corrupt header (bytes after the records)');
  if (lengthAt(f, indexAt - 5, BIN32, 'index') !== h.indexBytes || lengthAt(f, recordsAt - 5, BIN32, 'record table') !== h.recordsBytes) fail(f.name, 'corrupt header');
  return { ...h, indexAt, recordsAt };
}

// Fails unless the parts of `f` (its `index` already read and checked) hash to the version its
// header claims: a byte flipped anywhere past the metadata is found here, before anything uses it.
function verifyContent(f: OpenFile, h: Header, index: SharedIndexHandle): void {
  const claimed = claimedHash(h.meta.version);
  if (claimed === null) fail(f.name, `its version ${JSON.stringify(h.meta.version)} claims no content hash`);
  const records = new Uint8Array(h.recordsBytes);
  readAt(f, records, h.recordsAt);
  const got = contentHash({ layout: h.layout, cidNames: h.cidNames, cidRecords: h.cidRecords, index: new Uint8Array(index.buffer), records });
  if (got !== claimed && legacyHash(f.name, h, index, records) !== claimed) fail(f.name, `its content hashes to ${got}, not to the ${claimed} its version claims (corrupted or tampered)`);
}

// The hash versions claimed up to 1.6, so that the files a builder wrote then still load: the
// records, the values of the index (short names included) and the tables, each as decoded.
function legacyHash(name: string, h: Header, handle: SharedIndexHandle, blob: Uint8Array): string {
  const index = SharedIndex.attach(handle);
  const hash = createHash('sha256');
  hash.update(JSON.stringify(recordsOf(name, h.recordCount, blob)));
  hash.update(new Uint8Array(handle.buffer, handle.layout.valueBytes.offset, handle.layout.valueBytes.length));
  const cids = index.cidTable();
  for (const t of [...WIDTHS.map((w) => index.blocksOf(w)), { ...cids, records: u32s(name, h.cidRecords) }]) for (const column of [t.prefixes, t.records, t.dates]) hash.update(bytesOf(column));
  return hash.digest('hex').slice(0, 12);
}

// A file's index, read straight into shared memory and checked (its structure, then its content
// against its version), with its metadata and CIDs.
function loadIndex(f: OpenFile, h: Header): LoadedIndex {
  if (endianness() !== 'LE') fail(f.name, 'its index is little-endian, and this machine is not');
  const buffer = new SharedArrayBuffer(h.indexBytes);
  readAt(f, new Uint8Array(buffer), h.indexAt);
  let index: SharedIndex;
  try {
    index = SharedIndex.open({ buffer, layout: h.layout }, h.recordCount);
  } catch (e) {
    fail(f.name, `corrupt index (${(e as Error).message})`);
  }
  const cids = index.cidTable();
  const records = u32s(f.name, h.cidRecords);
  if (!Array.isArray(h.cidNames) || h.cidNames.length !== cids.prefixes.length || records.length !== cids.prefixes.length || records.some((r) => r >= h.recordCount)) {
    fail(f.name, 'corrupt CID table');
  }
  verifyContent(f, h, index.handle);
  return { meta: h.meta, index: index.handle, cids: { prefixes: cids.prefixes.slice(), records, dates: cids.dates.slice() }, cidNames: h.cidNames };
}

/** The metadata a registry file's bytes hold (their header, checked as a load checks it); throws RegistryFileError. */
export function artifactMeta(bytes: Uint8Array, name: string): RegistryMeta {
  const f: OpenFile = { name, fd: -1, size: bytes.byteLength, bytes };
  try {
    return header(f).meta;
  } finally {
    releaseSource();
  }
}

/** Reads what the service needs (no records, but its content checked against its version): the fast path of start-up. */
export function readIndexArtifact(file: string): LoadedIndex {
  try {
    return withFile(file, (f) => loadIndex(f, header(f)));
  } finally {
    releaseSource();
  }
}

// The whole of a file: its index as the service loads it, and the tables and records read back from it.
function readWhole(f: OpenFile): RegistryArtifact & LoadedIndex {
  const h = header(f);
  const loaded = loadIndex(f, h);
  const blob = new Uint8Array(h.recordsBytes);
  readAt(f, blob, h.recordsAt);
  const index = SharedIndex.attach(loaded.index);
  const tables = {} as Record<Width, PrefixTable>;
  for (const w of WIDTHS) {
    const t = index.blocksOf(w);
    tables[w] = { prefixes: t.prefixes.slice(), records: t.records.slice(), dates: t.dates.slice() };
  }
  return { ...loaded, tables, records: recordsOf(f.name, h.recordCount, blob) };
}

/** Reads and checks a whole registry file: its index as the service loads it, the tables and the records. */
export function readArtifact(file: string): RegistryArtifact & LoadedIndex {
  try {
    return withFile(file, readWhole);
  } finally {
    releaseSource();
  }
}
