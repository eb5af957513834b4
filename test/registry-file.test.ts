/**
 * The registry file's format 8 (src/registry/artifact.ts): written and read back byte for byte,
 * its index as the compiler lays it out, the formats of earlier versions refused with how to
 * rebuild, and every kind of damage refused with an error that names the file and says what is
 * wrong.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Packr } from 'msgpackr';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACT_FORMAT, encodeArtifact, readArtifact, readIndexArtifact, type PrefixTable, type RegistryArtifact } from '../src/registry/artifact.js';
import { diffableOf, diffSnapshots } from '../src/registry/diff.js';
import { RegistryFileError } from '../src/registry/entry.js';
import { defaultRegistryFile } from '../src/registry/paths.js';
import { SharedIndex, type IndexLayout } from '../src/registry/shared-index.js';
import { recordColumns } from '../src/registry/vendor-values.js';
import { WIDTHS } from '../src/registry/widths.js';

const packr = new Packr({ useRecords: false });
const dir = mkdtempSync(join(tmpdir(), 'registry-file-'));
let bytes: Buffer;
let artifact: RegistryArtifact;

beforeAll(() => {
  bytes = readFileSync(defaultRegistryFile());
  artifact = readArtifact(defaultRegistryFile());
});

// A layout as the test changes it.
type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
type Header = Record<string, unknown> & { layout: Mutable<IndexLayout> };

const view = (v: Float64Array | Uint32Array | Uint8Array) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);

// The artifact as format 4 wrote it: one msgpack map (its vendor records rendered as JSON fragments).
function formatFour(a: RegistryArtifact): Uint8Array {
  const table = (t: PrefixTable) => ({ prefixes: view(t.prefixes), records: view(t.records), dates: view(t.dates) });
  const records = packr.pack({
    name: a.records.map((r) => r.name),
    address: a.records.map((r) => r.address),
    country: a.records.map((r) => r.country),
    flags: a.records.map((r) => (r.private ? 1 : 0) | (r.iab ? 2 : 0)),
  });
  return packr.pack({
    format: 4,
    meta: a.meta,
    recordCount: a.records.length,
    records,
    tables: { 24: table(a.tables[24]), 28: table(a.tables[28]), 36: table(a.tables[36]) },
    cids: table(a.cids),
    cidNames: a.cidNames,
    fragments: { offsets: view(new Uint32Array([0, 2])), bytes: new TextEncoder().encode('{}') },
  });
}

// A file's parts: its header (decoded) and where the index starts.
function parts(file: Uint8Array): { header: Header; headerLength: number; indexAt: number } {
  const headerLength = new DataView(file.buffer, file.byteOffset).getUint32(1);
  const header = packr.unpack(file.subarray(5, 5 + headerLength)) as Header;
  return { header, headerLength, indexAt: 5 + headerLength + 5 };
}

// The file with its header changed by `change`.
function withHeader(file: Uint8Array, change: (h: Header) => void): Uint8Array {
  const { header, headerLength } = parts(file);
  change(header);
  const packed = packr.pack(header);
  const head = new Uint8Array(5);
  head[0] = 0xce;
  new DataView(head.buffer).setUint32(1, packed.byteLength);
  return Buffer.concat([head, packed, file.subarray(5 + headerLength)]);
}

// Writes `content` and returns the error reading it gives (as the service reads it, and whole).
function refusal(name: string, content: Uint8Array): string {
  const file = join(dir, name);
  writeFileSync(file, content);
  let fast: unknown;
  let whole: unknown;
  try {
    readIndexArtifact(file);
  } catch (e) {
    fast = e;
  }
  try {
    readArtifact(file);
  } catch (e) {
    whole = e;
  }
  expect(fast).toBeInstanceOf(RegistryFileError);
  expect(whole).toBeInstanceOf(RegistryFileError);
  expect((fast as Error).message).toBe((whole as Error).message);
  expect((fast as Error).message.startsWith(`${file}: `)).toBe(true);
  return (fast as Error).message;
}

// A copy of the file with the u32 at `section`'s element `i` of the index set to `value`.
function withWord(file: Uint8Array, section: 'parents' | 'cidRecords' | 'valueOffsets' | 'recordCountries' | 'recordFlags' | ['prefixes' | 'records', 24 | 28 | 36], i: number, value: number, float = false): Uint8Array {
  const { header, indexAt } = parts(file);
  const s = Array.isArray(section) ? header.layout[section[0]][section[1]] : header.layout[section];
  const out = Buffer.from(file);
  const size = float ? 8 : section === 'recordCountries' ? 2 : section === 'recordFlags' ? 1 : 4;
  const at = indexAt + s.offset + i * size;
  if (float) out.writeDoubleLE(value, at);
  else if (size === 2) out.writeUInt16LE(value, at);
  else if (size === 1) out.writeUInt8(value, at);
  else out.writeUInt32LE(value, at);
  return out;
}

describe(`registry file, format ${ARTIFACT_FORMAT}`, () => {
  it('writes what it reads, byte for byte', () => {
    expect(Buffer.from(encodeArtifact(artifact)).equals(bytes)).toBe(true);
    expect(bytes[0]).toBe(0xce);
  });

  it('gives the service the index the compiler lays out, in shared memory, without the records', () => {
    const loaded = readIndexArtifact(defaultRegistryFile());
    const laidOut = SharedIndex.create(artifact).handle;
    expect(loaded.index.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(loaded.index.layout).toEqual(laidOut.layout);
    expect(Buffer.from(loaded.index.buffer).equals(Buffer.from(laidOut.buffer))).toBe(true);
    expect(loaded.meta).toEqual(artifact.meta);
    expect(loaded.cidNames).toEqual(artifact.cidNames);
    expect(loaded.cids).toEqual(artifact.cids);
    expect(loaded).not.toHaveProperty('records');
    const snapshot = readArtifact(defaultRegistryFile());
    expect(snapshot.records).toEqual(artifact.records);
    expect(snapshot.tables).toEqual(artifact.tables);
  });

  it('finds every block of every width and every CID at its own prefix, and nothing between them', () => {
    const index = SharedIndex.create(artifact);
    const t = artifact.tables;
    const sets = { 28: new Set(t[28].prefixes), 36: new Set(t[36].prefixes) };
    const covered = (width: 28 | 36, key: number) => sets[width].has(key);
    // An address of each block that no longer block covers: the first of its sub-prefixes not in a longer table.
    const probes: Array<[24 | 28 | 36, number, number]> = [];
    t[36].prefixes.forEach((p, i) => probes.push([36, p, i]));
    t[28].prefixes.forEach((p, i) => probes.push([28, p, i]));
    t[24].prefixes.forEach((p, i) => probes.push([24, p, i]));
    let checked = 0;
    for (const [width, prefix, i] of probes) {
      const sub = width === 36 ? 0 : Array.from({ length: width === 28 ? 256 : 4096 }, (_, j) => j).find((j) => (width === 28 ? !covered(36, prefix * 256 + j) : !covered(28, prefix * 16 + (j >>> 8)) && !covered(36, prefix * 4096 + j)));
      if (sub === undefined) continue; // wholly divided into longer blocks
      const hi = width === 36 ? Math.floor(prefix / 4096) : width === 28 ? Math.floor(prefix / 16) : prefix;
      const lo = width === 36 ? (prefix % 4096) * 4096 : width === 28 ? (prefix % 16) * 2 ** 20 + sub * 4096 : sub * 4096;
      const m = { width: 24, prefix: 0, record: 0, seen: 0, block: -1 } as Parameters<SharedIndex['lookupBlock']>[2];
      expect(index.lookupBlock(hi, lo, m)).toBe(true);
      // A block's number: its place in the tables of every width, end to end.
      const block = (width === 24 ? 0 : t[24].prefixes.length + (width === 36 ? t[28].prefixes.length : 0)) + i;
      expect(m).toEqual({ width, prefix, record: t[width].records[i], seen: t[width].dates[i], block });
      checked++;
    }
    expect(checked).toBeGreaterThan(t[24].prefixes.length);
    expect(index.blockCount).toBe(t[24].prefixes.length + t[28].prefixes.length + t[36].prefixes.length);
    // The 24-bit prefixes just beside each MA-L block, when neither is a block: no vendor.
    const all24 = new Set([...t[24].prefixes, ...t[28].prefixes.map((p) => Math.floor(p / 16)), ...t[36].prefixes.map((p) => Math.floor(p / 4096))]);
    const m = { width: 24, prefix: 0, record: 0, seen: 0 } as Parameters<SharedIndex['lookupBlock']>[2];
    for (const p of t[24].prefixes) {
      for (const q of [p - 1, p + 1]) if (q >= 0 && q < 2 ** 24 && !all24.has(q)) expect(index.lookupBlock(q, 0, m)).toBe(false);
    }
    artifact.cids.prefixes.forEach((p, i) => {
      expect(index.lookupCid(p)).toBe(i); // its position in cidNames
      if (artifact.cids.prefixes[i + 1] !== p + 1 && p + 1 < 2 ** 24) expect(index.lookupCid(p + 1)).toBe(-1);
    });
    expect(index.lookupBlock(0xffffff, 0xffffff, m)).toBe(all24.has(0xffffff));
  });

  it('gives a diff the same blocks and records from a shared index as from the file (a reload diffs the served index)', () => {
    const renamed = artifact.records.map((r, i) => (i === artifact.tables[24].records[5] ? { ...r, name: 'Renamed Ltd', country: 'FR' } : r));
    const keep = (t: PrefixTable, drop: number): PrefixTable => ({ prefixes: t.prefixes.filter((_, i) => i !== drop), records: t.records.filter((_, i) => i !== drop), dates: t.dates.filter((_, i) => i !== drop) });
    const after: RegistryArtifact = { ...artifact, meta: { ...artifact.meta, version: 'after' }, records: renamed, tables: { ...artifact.tables, 28: keep(artifact.tables[28], 3) } };
    const fromIndex = diffSnapshots(diffableOf(artifact.meta, SharedIndex.create(artifact).handle), diffableOf(after.meta, SharedIndex.create(after).handle));
    expect(fromIndex).toEqual(diffSnapshots(artifact, after));
    expect(fromIndex.registries['MA-M'].removed).toBe(1);
    expect(fromIndex.registries['MA-L'].renamed).toBeGreaterThan(0);
  });

  it('refuses the files of earlier versions (format 4 to 7) and of later ones, saying how to rebuild them', () => {
    const rebuild = '; rebuild it with "npm run build:data -- --force"';
    expect(refusal('format-4.msgpack', formatFour(artifact))).toBe(`${join(dir, 'format-4.msgpack')}: format 4 or earlier, written by an earlier version${rebuild}`);
    expect(refusal('format-5.msgpack', withHeader(bytes, (h) => (h.format = 5)))).toBe(`${join(dir, 'format-5.msgpack')}: format 5, written by an earlier version${rebuild}`);
    expect(refusal('format-6.msgpack', withHeader(bytes, (h) => (h.format = 6)))).toBe(`${join(dir, 'format-6.msgpack')}: format 6, written by an earlier version${rebuild}`);
    expect(refusal('format-7.msgpack', withHeader(bytes, (h) => (h.format = 7)))).toBe(`${join(dir, 'format-7.msgpack')}: format 7, written by an earlier version${rebuild}`);
    expect(refusal('format-9.msgpack', withHeader(bytes, (h) => (h.format = 9)))).toMatch(/: format 9, written by a later version; rebuild it/);
  });

  it('refuses a truncated file, or one with bytes after its end', () => {
    expect(refusal('cut.msgpack', bytes.subarray(0, bytes.length - 1))).toMatch(/: truncated; rebuild it/);
    expect(refusal('cut-header.msgpack', bytes.subarray(0, 100))).toMatch(/: truncated/);
    expect(refusal('empty.msgpack', new Uint8Array(0))).toMatch(/: truncated/);
    expect(refusal('text.msgpack', Buffer.from('prefix,name\n'))).toMatch(/: not a registry file/);
    expect(refusal('longer.msgpack', Buffer.concat([bytes, Buffer.from([0])]))).toMatch(/bytes after the records/);
  });

  it('refuses another format, and a header that is not one', () => {
    expect(refusal('no-format.msgpack', withHeader(bytes, (h) => delete h.format))).toMatch(/: unknown format/);
    expect(refusal('no-meta.msgpack', withHeader(bytes, (h) => delete h.meta))).toMatch(/: corrupt header/);
    expect(refusal('wrong-size.msgpack', withHeader(bytes, (h) => (h.indexBytes = (h.indexBytes as number) - 8)))).toMatch(/: corrupt header/);
  });

  it('refuses metadata the document refuses (contract v1.7), naming the member: a version that would inject a header, a number, 1 MB of text, a member missing or added', () => {
    const meta = (change: (m: Record<string, unknown>) => void) => withHeader(bytes, (h) => change(h.meta as Record<string, unknown>));
    const pattern = 'must match pattern "^[A-Za-z0-9._+-]{1,64}$"';
    expect(refusal('crlf.msgpack', meta((m) => (m.version = 'evil\r\nX-Injected: yes')))).toMatch(`corrupt header: metadata member "version" ${pattern}`);
    expect(refusal('nul.msgpack', meta((m) => (m.version = `${m.version as string}\0`)))).toMatch(`metadata member "version" ${pattern}`);
    expect(refusal('number.msgpack', meta((m) => (m.version = 42)))).toMatch('metadata member "version" must be string');
    expect(refusal('long.msgpack', meta((m) => (m.version = 'v'.repeat(1 << 20))))).toMatch(`metadata member "version" ${pattern}`);
    expect(refusal('missing.msgpack', meta((m) => delete m.counts))).toMatch('metadata member "counts" must have required property');
    expect(refusal('count.msgpack', meta((m) => ((m.counts as Record<string, unknown>)['MA-L'] = '40000')))).toMatch('metadata member "counts.MA-L" must be integer');
    expect(refusal('extra.msgpack', meta((m) => (m.headers = 'X-Injected: yes')))).toMatch('metadata member "headers" is not a member');
    expect(refusal('source.msgpack', meta((m) => (m.source = 'elsewhere')))).toMatch('metadata member "source" must be equal to one of the allowed values');
    expect(refusal('built.msgpack', meta((m) => (m.builtAt = 'yesterday\r\n')))).toMatch('metadata member "builtAt" must match pattern');
  });

  it('refuses a file whose content does not hash to its version: a byte flipped in the records or the index, a version relabelled to another hash, a version with no hash', () => {
    const { header, indexAt } = parts(bytes);
    const hashed = /: its content hashes to [0-9a-f]{12}, not to the [0-9a-f]{12} its version claims \(corrupted or tampered\)/;
    const flipped = (at: number) => {
      const out = Buffer.from(bytes);
      out[at] ^= 0x20;
      return out;
    };
    // A letter of a postal address in the record table (the last bytes of the file), and a byte of a vendor name in the index.
    expect(refusal('records-flip.msgpack', flipped(bytes.length - 100))).toMatch(hashed);
    expect(refusal('index-flip.msgpack', flipped(indexAt + header.layout.valueBytes.offset + 1000))).toMatch(hashed);
    expect(refusal('relabelled.msgpack', withHeader(bytes, (h) => ((h.meta as { version: string }).version = (h.meta as { version: string }).version.replace(/[0-9a-f]{12}$/, '0123456789ab'))))).toMatch(hashed);
    expect(refusal('unhashed.msgpack', withHeader(bytes, (h) => ((h.meta as { version: string }).version = 'v1')))).toMatch(': its version "v1" claims no content hash');
    // Its label may change: the content is what is checked.
    const relabelled = withHeader(bytes, (h) => ((h.meta as { version: string }).version = (h.meta as { version: string }).version.replace(/^.*-/, 'another-label-')));
    writeFileSync(join(dir, 'relabelled-ok.msgpack'), relabelled);
    expect(readIndexArtifact(join(dir, 'relabelled-ok.msgpack')).meta.version).toMatch(/^another-label-[0-9a-f]{12}$/);
  });

  it('reads a file written up to 1.6, whose version hashes its records, values and tables as 1.6 did; a byte flipped in it still fails', () => {
    // 1.6's definition: the records' JSON, their values (short names included), the tables and the CIDs.
    const h = createHash('sha256');
    h.update(JSON.stringify(artifact.records));
    h.update(recordColumns(artifact.records).values.bytes);
    for (const table of [...WIDTHS.map((w) => artifact.tables[w]), artifact.cids]) for (const column of [table.prefixes, table.records, table.dates]) h.update(view(column));
    const legacy = withHeader(bytes, (head) => ((head.meta as { version: string }).version = (head.meta as { version: string }).version.replace(/[0-9a-f]{12}$/, h.digest('hex').slice(0, 12))));
    writeFileSync(join(dir, 'legacy.msgpack'), legacy);
    expect(readIndexArtifact(join(dir, 'legacy.msgpack')).meta.version).not.toBe(artifact.meta.version);
    // A letter of a vendor's name in the index (1.6 hashed the records as decoded: a flag byte's unused bits were not covered).
    const { header, indexAt } = parts(legacy);
    const flipped = Buffer.from(legacy);
    flipped[indexAt + header.layout.valueBytes.offset + 1000] ^= 0x20;
    expect(refusal('legacy-flipped.msgpack', flipped)).toMatch(/its content hashes to/);
  });

  it('refuses an index whose sections, tables or record columns are not what the compiler writes', () => {
    const { header } = parts(bytes);
    expect(refusal('outside.msgpack', withHeader(bytes, (h) => (h.layout.recordFlags.length += 1_000_000)))).toMatch(/corrupt index \(a section is misplaced/);
    expect(refusal('unaligned.msgpack', withHeader(bytes, (h) => (h.layout.cidDates.offset += 4)))).toMatch(/corrupt index \(a section is misplaced/);
    expect(refusal('no-section.msgpack', withHeader(bytes, (h) => delete (h.layout as Partial<Mutable<IndexLayout>>).parents))).toMatch(/corrupt index \(a section is misplaced/);
    expect(refusal('order.msgpack', withWord(bytes, ['prefixes', 24], 1, 0, true))).toMatch(/corrupt index \(24-bit table: prefixes out of order\)/);
    expect(refusal('record.msgpack', withWord(bytes, ['records', 36], 0, 0xffffffff))).toMatch(/corrupt index \(36-bit table: record out of range\)/);
    expect(refusal('parents.msgpack', withWord(bytes, 'parents', 0, 1, true))).toMatch(/corrupt index \(parent table\)/);
    expect(refusal('cid-position.msgpack', withWord(bytes, 'cidRecords', 3, 4))).toMatch(/corrupt index \(CID table: record out of range\)/);
    expect(refusal('value.msgpack', withWord(bytes, 'valueOffsets', 10, 4))).toMatch(/corrupt index \(value layout\)/);
    expect(refusal('first-value.msgpack', withWord(bytes, 'valueOffsets', 0, 1))).toMatch(/corrupt index \(value layout\)/);
    expect(refusal('last-value.msgpack', withWord(bytes, 'valueOffsets', 3 * artifact.records.length, 0xffffffff))).toMatch(/corrupt index \(value layout\)/);
    expect(refusal('country.msgpack', withWord(bytes, 'recordCountries', 5, 0x4161))).toMatch(/corrupt index \(record columns\)/);
    expect(refusal('flags.msgpack', withWord(bytes, 'recordFlags', 5, 128))).toMatch(/corrupt index \(record columns\)/);
    expect(refusal('records.msgpack', withHeader(bytes, (h) => (h.recordCount = (h.recordCount as number) - 1)))).toMatch(/corrupt index \((\d\d-bit table: record out of range|value count)\)/);
    expect(refusal('cid-records.msgpack', withHeader(bytes, (h) => (h.cidRecords = new Uint8Array(8))))).toMatch(/: corrupt CID table/);
    expect(header.recordCount).toBe(artifact.records.length);
  });
});
