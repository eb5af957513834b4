/** What the CLI's commands end with and write: their exit codes, the registry or why not, stdout with its backpressure, and the kinds of address a run met. */
import { createReadStream, fstatSync, openSync, statSync } from 'node:fs';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { cpuLimit } from '../host/cgroup-limits.js';
import { loadRegistry } from '../analysis/load-registry.js';
import { ADDRESS_KINDS, type AddressKind, type KindCounts } from '../batch/address-kinds.js';
import { RegistryFileError } from '../registry/entry.js';

/** Exit codes of the CLI (a search or extract that finds nothing exits 1, as an invalid input does with --strict). */
export const EXIT = { ok: 0, invalidInput: 1, nothingFound: 1, usage: 2, registry: 3, input: 4 } as const;

/** The registry of `file` (the default one when undefined), or null after saying on stderr why it cannot be read (exit EXIT.registry). */
export function openRegistry(file: string | undefined): AnalyzerHandle | null {
  try {
    return loadRegistry(file);
  } catch (e) {
    if (!(e instanceof RegistryFileError)) throw e;
    process.stderr.write(`mac-analyze: ${e.message}\n`);
    return null;
  }
}

/** `--header present|absent` read: whether a CSV or TSV answer has its header row (true when not given); null for another value. */
export function headerOption(value: string | undefined): boolean | null {
  return value === undefined || value === 'present' ? true : value === 'absent' ? false : null;
}

/** Writes to stdout; `written` runs once the bytes are handed over; resolves when stdout can take more. */
export function write(text: string | Uint8Array, written?: () => void): Promise<void> | void {
  if (!process.stdout.write(text, written)) return new Promise((r) => process.stdout.once('drain', () => r()));
}

// How a summary names each kind.
const KIND_LABELS: Readonly<Record<AddressKind, string>> = {
  'MA-L': 'MA-L',
  'MA-M': 'MA-M',
  'MA-S': 'MA-S',
  special: 'special',
  cid: 'CID',
  local: 'local/randomized',
  unassigned: 'unassigned',
};

/** The addresses of each kind, as a summary line says them: `MA-L 3, MA-M 0, …`. */
export function kindsText(kinds: KindCounts): string {
  return ADDRESS_KINDS.map((k) => `${KIND_LABELS[k]} ${kinds[k]}`).join(', ');
}

/**
 * Input smaller than this is analysed on the main thread when `--threads` is not given: below
 * it the pool's start (its workers load, compile and fill their caches) costs more than it
 * saves on 2 cores (`npm run bench:cli` shows where the two meet).
 */
const POOL_MIN_BYTES = 16 * 1024 * 1024;

/** The default of `--threads`: none for a file (or stdin redirected from one) under POOL_MIN_BYTES, `pipe` for a pipe (the CPU limit by default), else the CPU limit. */
export function defaultThreads(file: string | undefined, pipe = cpuLimit().cpus): number {
  let size: number | null = null;
  try {
    const stat = file ? statSync(file) : fstatSync(0);
    if (stat.isFile()) size = stat.size;
  } catch {
    // unreadable: analyseBulk reports it
  }
  return size === null ? pipe : size < POOL_MIN_BYTES ? 0 : cpuLimit().cpus;
}

/**
 * The input of a bulk command: `file`, opened at once (before anything is written: a missing file
 * must not leave the caller's `> out.csv` holding a header), or stdin; null after saying on stderr
 * why the file cannot be read (exit EXIT.input).
 */
export function openInput(file: string | undefined): { readonly input: AsyncIterable<Buffer>; readonly size: number | null; readonly bytesRead: () => number } | null {
  if (!file) return { input: process.stdin, size: null, bytesRead: () => 0 };
  try {
    const fd = openSync(file, 'r');
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    const input = createReadStream('', { fd });
    return { input, size: stat.size, bytesRead: () => input.bytesRead };
  } catch (e) {
    process.stderr.write(`mac-analyze: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return null;
  }
}
