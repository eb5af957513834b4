/**
 * `node dist/src/image/stage-runtime.js OUT_DIR`: copies what the service needs at run time,
 * and nothing else, into OUT_DIR (the container image's /app). The Dockerfile's runtime stage
 * is exactly this folder, and `npm test` stages one and serves from it, so what ships is
 * tested without a container engine.
 *
 * What ships: package.json, the compiled service (dist/src, dist/workers, dist/page), the web
 * page's static files, data/ (the compiled index and the bundled IEEE files), and the
 * production packages of package-lock.json. What does not: dev packages (TypeScript, vitest,
 * oui-data, which only the build reads), dist/test and dist/bench, and native binaries built
 * for another platform or Node ABI (the uWS package carries 18, and stray copies in dist/).
 * Beside them, sbom.cdx.json: a CycloneDX SBOM of exactly the packages staged (sbom.ts).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeSbom } from './sbom.js';

/** The platform whose binaries are kept. */
export interface Target {
  readonly platform: string;
  readonly arch: string;
  /** Node's ABI version (process.versions.modules). */
  readonly modules: string;
  /** The C library of a Linux target (npm before 10 installs optional packages for both). */
  readonly libc?: 'glibc' | 'musl';
}

/** What a staging copied, in bytes. */
export interface StageReport {
  readonly out: string;
  /** Bytes of the staged tree. */
  readonly bytes: number;
  /** Bytes the previous image layout shipped: all production packages whole, all of dist, data, the page. */
  readonly unprunedBytes: number;
  readonly packages: number;
  /** Native binaries (files or prebuilds/ folders) left out, relative to the project. */
  readonly droppedBinaries: readonly string[];
}

interface LockPackage {
  readonly dev?: boolean;
  readonly devOptional?: boolean;
}

/**
 * The paths (node_modules/…) of the packages `npm ci --omit=dev` installs, as listed in the
 * lock file, less the optional native packages built for the other C library of `target`
 * (Debian's npm 9 installs both the -gnu and the -musl one).
 */
export function productionPackages(root: string, target: Target = currentTarget()): string[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages?: Record<string, LockPackage> };
  if (!lock.packages) throw new Error('package-lock.json has no "packages" (lockfileVersion 2 or 3 is needed)');
  return Object.entries(lock.packages)
    .filter(([path, meta]) => path !== '' && !meta.dev && !meta.devOptional)
    .map(([path]) => path)
    .filter((path) => existsSync(join(root, path))) // optional packages for other platforms are absent
    .filter((path) => !isOtherLibcPackage(path, target));
}

/** True for a native package of the other C library than `target`'s (…-musl on glibc, …-gnu on musl). */
export function isOtherLibcPackage(path: string, target: Target): boolean {
  if (target.libc === undefined) return false;
  return target.libc === 'glibc' ? /-musl(eabihf)?$/.test(path) : /-gnu(eabihf)?$/.test(path);
}

// The uWS fork names its binaries uws_<platform>_<arch>_<abi>.node; node-gyp-build packages
// keep theirs under prebuilds/<platform>-<arch>/.
const UWS_BINARY = /^uws_([a-z0-9]+)_([a-z0-9]+)_(\d+)\.node$/;

/** True when this path is a native binary (or a prebuilds/ folder) for another platform or ABI than `target`, or a uWS binary outside binaries/. */
export function isForeignBinary(path: string, target: Target): boolean {
  const name = basename(path);
  const uws = UWS_BINARY.exec(name);
  if (uws) return uws[1] !== target.platform || uws[2] !== target.arch || uws[3] !== target.modules || !path.split(sep).includes('binaries');
  const parts = path.split(sep);
  const at = parts.lastIndexOf('prebuilds');
  if (at >= 0 && at + 1 < parts.length) return parts[at + 1] !== `${target.platform}-${target.arch}`;
  return false;
}

function treeBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  let sum = 0;
  for (const name of readdirSync(path)) sum += treeBytes(join(path, name));
  return sum;
}

// The service's own files, relative to the project root.
const SERVICE_FILES = ['package.json', 'dist/src', 'dist/workers', 'dist/page', 'src/web/public', 'data'] as const;

/** Copies the runtime tree of the project at `root` into `out` (which must not exist yet or be empty). */
export function stageRuntime(root: string, out: string, target: Target): StageReport {
  if (existsSync(out) && readdirSync(out).length > 0) throw new Error(`${out} is not empty`);
  for (const file of ['dist/src/server/main.js', 'dist/page/web/client/app.js', 'data/registry.msgpack']) {
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  mkdirSync(out, { recursive: true });
  const dropped: string[] = [];
  const copy = (rel: string, filter: (path: string) => boolean = () => true) => {
    mkdirSync(dirname(join(out, rel)), { recursive: true });
    cpSync(join(root, rel), join(out, rel), { recursive: true, filter: (src) => filter(relative(root, src)) });
  };
  for (const rel of SERVICE_FILES) copy(rel);
  const packages = productionPackages(root, target);
  for (const pkg of packages) {
    copy(pkg, (path) => {
      // A nested node_modules is copied through its own lock entries (if not dev).
      if (path !== pkg && relative(pkg, path).split(sep)[0] === 'node_modules') return false;
      if (!isForeignBinary(path, target)) return true;
      dropped.push(path);
      return false;
    });
  }
  writeFileSync(join(out, 'sbom.cdx.json'), `${JSON.stringify(runtimeSbom(root, packages), null, 2)}\n`);
  const unprunedBytes = ['package.json', 'dist', 'data', 'src/web/public', ...packages].reduce(
    (sum, rel) => sum + treeBytes(join(root, rel)) - (rel.startsWith('node_modules') ? nestedBytes(root, rel) : 0),
    0,
  );
  return { out, bytes: treeBytes(out), unprunedBytes, packages: packages.length, droppedBinaries: dropped.sort() };
}

// Bytes under a package's own node_modules (counted with their own lock entries instead).
function nestedBytes(root: string, pkg: string): number {
  const nested = join(root, pkg, 'node_modules');
  return existsSync(nested) ? treeBytes(nested) : 0;
}

/** The target of the running Node.js (its C library from the process report, on Linux). */
export function currentTarget(): Target {
  const header = process.platform === 'linux' ? (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header : undefined;
  const libc = header === undefined ? undefined : header.glibcVersionRuntime ? 'glibc' : 'musl';
  return { platform: process.platform, arch: process.arch, modules: process.versions.modules, ...(libc ? { libc } : {}) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: node dist/src/image/stage-runtime.js OUT_DIR\n');
    process.exit(2);
  }
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const report = stageRuntime(root, out, currentTarget());
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  process.stdout.write(
    `staged ${report.packages} packages and the service in ${out}: ${mb(report.bytes)} (unpruned: ${mb(report.unprunedBytes)}; ${report.droppedBinaries.length} foreign binaries left out)\n`,
  );
}
