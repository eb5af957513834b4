/**
 * The registry updater (`mac-analyze update`, and the service's REGISTRY_UPDATE_INTERVAL):
 * downloads the five IEEE CSV files, checks them, compiles them and atomically replaces the
 * registry file. It never replaces good data with bad: a redirect is followed, but an error
 * status, an HTML page, a file that does not parse or ends mid-row, a registry under its row
 * floor, or one that shrank by more than `maxShrink` against the current snapshot refuses
 * the update (UpdateRefused) and leaves the file as it was. The IEEE is asked conditionally: each
 * file's ETag and Last-Modified are kept beside the registry file (`<file>.validators.json`, for
 * the snapshot they built), and when every file answers 304 nothing is downloaded or built.
 */
import { existsSync, readFileSync } from 'node:fs';
import { artifactMeta, installArtifact, installBytes, readArtifact, type RegistryArtifact, type RegistryMeta } from './artifact.js';
import { compileRegistry, datasetDating } from './compile.js';
import { diffSnapshots, type RegistryDiff } from './diff.js';
import { RegistryFileError, type RegistryEntry, type SourceRegistry } from './entry.js';
import { defaultRegistryFile, IEEE_BASE_URL, projectManifest } from './paths.js';
import { csvEntry, IEEE_CSV_FILES, ieeeCsvRows } from './source-ieee-csv.js';

/** Where each file lives below the base URL (the IEEE's layout). */
export const IEEE_PATHS: Readonly<Record<string, string>> = {
  'oui.csv': 'oui/oui.csv',
  'mam.csv': 'oui28/mam.csv',
  'oui36.csv': 'oui36/oui36.csv',
  'iab.csv': 'iab/iab.csv',
  'cid.csv': 'cid/cid.csv',
};

/**
 * Fewest rows a file may have (in the spirit of Wireshark's make-manuf.py): about 80% of what
 * each registry held in 2025, far above what a truncated or emptied download keeps.
 */
export const MIN_ROWS: Readonly<Record<string, number>> = { 'oui.csv': 30_000, 'mam.csv': 4_000, 'oui36.csv': 4_000, 'iab.csv': 4_000, 'cid.csv': 150 };

/** How an update runs. */
export interface UpdateOptions {
  readonly baseUrl: string;
  readonly registryFile: string;
  /** Largest share (0-1) by which a registry may shrink against the current snapshot. */
  readonly maxShrink: number;
  readonly timeoutMs: number;
  readonly retries: number;
  /** First retry delay; each next one doubles. */
  readonly backoffMs: number;
  readonly userAgent: string;
  /** Progress lines, for people. */
  readonly log: (line: string) => void;
}

/** What an update did. */
export interface UpdateReport {
  readonly version: string;
  readonly previous: string | null;
  readonly counts: RegistryArtifact['meta']['counts'];
  readonly diff: RegistryDiff | null;
}

/** An update that was refused; the registry file was left as it was. */
export class UpdateRefused extends Error {
  override readonly name = 'UpdateRefused';
}

// Media types a CSV may come as; anything else (text/html above all) is an error page.
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/octet-stream', 'application/vnd.ms-excel'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A file's validators, as its last download gave them. */
export interface Validators {
  readonly etag: string | null;
  readonly modified: string | null;
}

/** The validators kept for the snapshot `version`: each file's, by name. */
interface ValidatorsFile {
  readonly version: string;
  readonly files: Readonly<Record<string, Validators>>;
}

/** Where the validators of `registryFile`'s snapshot are kept. */
export function validatorsFile(registryFile: string): string {
  return `${registryFile}.validators.json`;
}

// The validators kept for the snapshot `version`, or none (another snapshot's, or unreadable:
// then every file is downloaded).
function readValidators(registryFile: string, version: string | undefined): Readonly<Record<string, Validators>> {
  try {
    const kept = JSON.parse(readFileSync(validatorsFile(registryFile), 'utf8')) as ValidatorsFile;
    return kept.version === version && typeof kept.files === 'object' && kept.files !== null ? kept.files : {};
  } catch {
    return {};
  }
}

// Written after the snapshot they built is installed: a crash between the two leaves the old
// ones, which name the old version, and the next run downloads everything.
function writeValidators(registryFile: string, kept: ValidatorsFile): void {
  installBytes(validatorsFile(registryFile), Buffer.from(`${JSON.stringify(kept, null, 2)}\n`));
}

/** One file's text and validators. */
type Downloaded = { readonly text: string; readonly validators: Validators };

/** One file's answer: its text and validators, or unchanged (a 304 to the validators sent). */
type Download = Downloaded | { readonly unchanged: true };

// One file, with retries on network errors, timeouts, 429 and 5xx; other statuses are final.
// With `known` validators it asks conditionally (and may be answered unchanged).
async function download(url: string, o: UpdateOptions): Promise<Downloaded>;
async function download(url: string, o: UpdateOptions, known: Validators | undefined): Promise<Download>;
async function download(url: string, o: UpdateOptions, known?: Validators): Promise<Download> {
  const conditional: Record<string, string> = {};
  if (known?.etag) conditional['If-None-Match'] = known.etag;
  if (known?.modified) conditional['If-Modified-Since'] = known.modified;
  for (let attempt = 0; ; attempt++) {
    let failure: string;
    let retry = true;
    try {
      const res = await fetch(url, { headers: { 'User-Agent': o.userAgent, Accept: 'text/csv, text/plain;q=0.9', ...conditional }, redirect: 'follow', signal: AbortSignal.timeout(o.timeoutMs) });
      if (res.status === 304 && known) {
        await res.body?.cancel();
        return { unchanged: true };
      }
      if (res.ok) {
        const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
        const text = await res.text();
        if ((type !== '' && !CSV_TYPES.includes(type)) || /^\s*</.test(text)) throw new UpdateRefused(`${url}: the answer is ${type || 'markup'}, not CSV (an error page?)`);
        return { text, validators: { etag: res.headers.get('etag'), modified: res.headers.get('last-modified') } };
      }
      failure = `HTTP ${res.status} ${res.statusText}`;
      retry = res.status === 429 || res.status >= 500;
      await res.body?.cancel();
    } catch (e) {
      if (e instanceof UpdateRefused) throw e;
      failure = (e as Error).name === 'TimeoutError' ? `no answer within ${o.timeoutMs} ms` : `${(e as Error).message}${(e as { cause?: Error }).cause ? ` (${(e as { cause?: Error }).cause?.message})` : ''}`;
    }
    if (!retry || attempt >= o.retries) throw new UpdateRefused(`${url}: ${failure}${attempt > 0 ? ` (after ${attempt + 1} attempts)` : ''}`);
    const delay = o.backoffMs * 2 ** attempt;
    o.log(`${url}: ${failure}; retrying in ${delay} ms`);
    await sleep(delay);
  }
}

// The entries of one downloaded file, checked: complete (ends with a row end), every row
// four fields, at least its floor of rows.
function entriesOf(file: string, registry: SourceRegistry, digits: number, text: string, url: string): RegistryEntry[] {
  if (!text.endsWith('\n')) throw new UpdateRefused(`${url}: the file ends in the middle of a row (truncated download)`);
  let rows: string[][];
  try {
    rows = ieeeCsvRows(text, url);
  } catch (e) {
    if (e instanceof RegistryFileError) throw new UpdateRefused(e.message);
    throw e;
  }
  const bad = rows.findIndex((r) => r.length !== 4);
  if (bad >= 0) throw new UpdateRefused(`${url}:${bad + 2}: ${rows[bad].length} fields instead of 4`);
  if (rows.length < MIN_ROWS[file]) throw new UpdateRefused(`${url}: ${rows.length} rows, fewer than the ${MIN_ROWS[file]} a complete ${file} has (truncated or emptied?)`);
  try {
    return rows.map((row, i) => csvEntry(row, registry, digits, `${url}:${i + 2}`));
  } catch (e) {
    if (e instanceof RegistryFileError) throw new UpdateRefused(e.message);
    throw e;
  }
}

/**
 * Downloads, checks, compiles and installs a new snapshot; throws UpdateRefused when it must not.
 * When every file answers 304 to the validators kept, nothing is downloaded, built or written.
 */
export async function runUpdate(o: UpdateOptions): Promise<UpdateReport> {
  const base = o.baseUrl.endsWith('/') ? o.baseUrl : `${o.baseUrl}/`;
  const url = (file: string) => new URL(IEEE_PATHS[file], base).href;
  // The header first: an unchanged upstream needs nothing more of the current file.
  const held = existsSync(o.registryFile) ? artifactMeta(readFileSync(o.registryFile), o.registryFile) : null;
  const known = readValidators(o.registryFile, held?.version);
  const asked = await Promise.all(IEEE_CSV_FILES.map((spec) => download(url(spec.file), o, known[spec.file])));
  if (held && asked.every((a) => 'unchanged' in a)) {
    o.log(`unchanged upstream (304 to every file): ${held.version}`);
    return { version: held.version, previous: held.version, counts: held.counts, diff: null };
  }
  const current = held ? readArtifact(o.registryFile) : null;
  // Some file changed: the ones that did not are downloaded again (the CSVs are not kept).
  const downloads = await Promise.all(
    IEEE_CSV_FILES.map(async (spec, i) => {
      const got = asked[i];
      const { text, validators } = 'unchanged' in got ? await download(url(spec.file), o) : got;
      const entries = entriesOf(spec.file, spec.registry, spec.digits, text, url(spec.file));
      o.log(`${url(spec.file)}: ${entries.length} rows`);
      return { spec, entries, validators };
    }),
  );
  const entries = downloads.flatMap((d) => d.entries);
  const time = snapshotTime(downloads.map((d) => d.validators));
  const date = time.toISOString().slice(0, 10);
  // New blocks are dated by this snapshot; the current file's dates are kept (block-dates.ts).
  const next = compileRegistry({ source: 'ieee-csv', version: date, date, entries }, time, datasetDating(current));
  const kept: ValidatorsFile = { version: next.meta.version, files: Object.fromEntries(downloads.map((d) => [d.spec.file, d.validators])) };
  if (current) refuseShrink(current.meta.counts, next.meta.counts, o.maxShrink);
  if (current && current.meta.version === next.meta.version) {
    o.log(`unchanged: ${next.meta.version}`);
    writeValidators(o.registryFile, kept);
    return { version: next.meta.version, previous: current.meta.version, counts: next.meta.counts, diff: diffSnapshots(current, next) };
  }
  installArtifact(o.registryFile, next);
  writeValidators(o.registryFile, kept);
  return { version: next.meta.version, previous: current?.meta.version ?? null, counts: next.meta.counts, diff: current ? diffSnapshots(current, next) : null };
}

// The snapshot's time: the files' newest Last-Modified (no clock), so that the same start and the
// same files build the same bytes on any builder; without one, now.
function snapshotTime(validators: readonly Validators[]): Date {
  const newest = Math.max(...validators.map((v) => (v.modified ? Date.parse(v.modified) : NaN)).filter((t) => !Number.isNaN(t)));
  return new Date(Number.isFinite(newest) ? newest : Date.now());
}

// Throws UpdateRefused when a registry would lose more than `maxShrink` of its blocks.
function refuseShrink(was: RegistryMeta['counts'], now: RegistryMeta['counts'], maxShrink: number): void {
  for (const [registry, before] of Object.entries(was) as Array<[keyof RegistryMeta['counts'], number]>) {
    const after = now[registry];
    if (before > 0 && after < before * (1 - maxShrink)) {
      throw new UpdateRefused(`${registry} would shrink from ${before} to ${after} blocks (more than ${Math.round(maxShrink * 100)}%): refused; the current snapshot is kept`);
    }
  }
}

/** The User-Agent the updater sends: the project's name and version, as the IEEE asks of scripts. */
export function updaterUserAgent(): string {
  const { name, version } = projectManifest();
  return `${name}/${version} (registry updater; +https://standards.ieee.org/products-programs/regauth/)`;
}

/** Default options: the IEEE's site, the service's registry file, 10% shrink, 30 s, 3 retries. */
export function defaultUpdateOptions(log: (line: string) => void): UpdateOptions {
  return { baseUrl: IEEE_BASE_URL, registryFile: defaultRegistryFile(), maxShrink: 0.1, timeoutMs: 30_000, retries: 3, backoffMs: 1000, userAgent: updaterUserAgent(), log };
}

