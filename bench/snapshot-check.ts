/**
 * `npm run bench:snapshot [-- --rounds N]`: what checking a registry file costs (contract v1.7).
 * Every read of a file checks its metadata against the document and its content against its
 * version (registry/artifact.ts); a follower's sync reads the new file twice (before it replaces
 * the registry file, then the reload). Printed: the median of `--rounds` reads of the project's
 * file, whole (header, index, content hash), of its header alone, and of the content hash alone,
 * in milliseconds, with the file's size.
 */
import { readFileSync, statSync } from 'node:fs';
import { Packr } from 'msgpackr';
import { artifactMeta, contentHash, readIndexArtifact, type HashedParts } from '../src/registry/artifact.js';
import { defaultRegistryFile } from '../src/registry/paths.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('--rounds') ?? 30);
const file = defaultRegistryFile();

// The parts the version hashes, cut out of the file as the reader finds them.
function partsOf(bytes: Buffer): HashedParts {
  const headerLength = bytes.readUInt32BE(1);
  const header = new Packr({ useRecords: false }).unpack(bytes.subarray(5, 5 + headerLength)) as Omit<HashedParts, 'index' | 'records'> & { indexBytes: number; recordsBytes: number };
  const indexAt = 5 + headerLength + 5;
  const recordsAt = indexAt + header.indexBytes + 5;
  return { layout: header.layout, cidNames: header.cidNames, cidRecords: header.cidRecords, index: bytes.subarray(indexAt, indexAt + header.indexBytes), records: bytes.subarray(recordsAt, recordsAt + header.recordsBytes) };
}

function median(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[times.length >> 1];
}

const bytes = readFileSync(file);
const parts = partsOf(bytes);
const whole = median(() => readIndexArtifact(file));
const header = median(() => artifactMeta(readFileSync(file), file));
const hash = median(() => contentHash(parts));
const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`registry file: ${(statSync(file).size / 1e6).toFixed(1)} MB, ${ROUNDS} rounds (medians)`);
console.log(`read and checked whole (as a start, a reload and a follower read it): ${ms(whole)}`);
console.log(`  of which the header and the metadata check: ${ms(header)}`);
console.log(`  of which the content hash: ${ms(hash)}`);
console.log(`a follower's sync reads a new file twice (install, reload): the content check costs it ${ms(2 * hash)}`);
