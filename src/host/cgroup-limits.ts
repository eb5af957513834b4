/**
 * The limits a container puts on this process, read from its cgroup, v2 or v1, the tightest
 * along the cgroup's path up to the mount's root:
 * - CPUs: the CPUs it may run on (affinity, which `os.availableParallelism()` reads) lowered to
 *   the CPU quota (`cpu.max`; v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`). A quota of 1.5 CPUs
 *   gives 2 (rounded up, as the JVM and Go do): the threads then share 1.5 CPUs of time, and a
 *   fraction is not left idle. Node 20's libuv (1.46) reads affinity only: in a container with
 *   `resources.limits.cpu: 2` on a 64-core node, availableParallelism() says 64.
 * - memory: `memory.max` (v1 `memory.limit_in_bytes`), which the kernel's OOM killer enforces.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, posix } from 'node:path';

/** The CPU limit and where it came from. */
export interface CpuLimit {
  /** Whole CPUs to size threads by (at least 1). */
  readonly cpus: number;
  /** CPUs from affinity (os.availableParallelism()). */
  readonly affinity: number;
  /** The quota in CPUs (quota / period) if a cgroup sets one, else null. */
  readonly quota: number | null;
  /** Which cgroup file set the quota, as the process sees it, or null. */
  readonly source: string | null;
}

interface Mount {
  readonly root: string;
  readonly point: string;
  readonly fstype: string;
  readonly superOptions: readonly string[];
}

// /proc/self/mountinfo: "id parent major:minor root mount-point options [optional…] - fstype source super-options".
function mounts(text: string): Mount[] {
  return text
    .split('\n')
    .filter((line) => line.includes(' - '))
    .map((line) => {
      const [left, right] = line.split(' - ');
      const fields = left.split(' ');
      const [fstype, , superOptions = ''] = right.split(' ');
      return { root: unescape(fields[3]), point: unescape(fields[4]), fstype, superOptions: superOptions.split(',') };
    });
}

// mountinfo escapes space, tab, newline and backslash as \ooo.
const unescape = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));

// The folder of cgroup `path` under a mount, or null if the mount does not contain it
// (a cgroup namespace shows "/" for the namespace root, which is the mount's root).
function cgroupDir(mount: Mount, path: string): string | null {
  const under = mount.root === '/' ? path : path === mount.root || path.startsWith(`${mount.root}/`) ? path.slice(mount.root.length) : path === '/' ? '' : null;
  if (under === null) return null;
  const dir = posix.join(mount.point, under);
  return dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
}

function read(fsRoot: string, file: string): string | null {
  try {
    return readFileSync(join(fsRoot, file), 'utf8').trim();
  } catch {
    return null;
  }
}

// The tightest limit from `dir` up to the mount point, with the folder that set it.
function tightest(mountPoint: string, dir: string, limitAt: (dir: string) => number | null): { value: number; file: string } | null {
  let best: { value: number; file: string } | null = null;
  for (let d = dir; ; d = posix.dirname(d)) {
    const value = limitAt(d);
    if (value !== null && (best === null || value < best.value)) best = { value, file: d };
    if (d === mountPoint || d === '/' || !d.startsWith(mountPoint)) break;
  }
  return best;
}

/** Where one controller's limit is, and how a cgroup folder gives it (null: none there): v2, then v1 with its controller. */
interface LimitFiles {
  readonly v2File: string;
  readonly v2: (dir: string) => number | null;
  readonly v1Controller: string;
  readonly v1File: string;
  readonly v1: (dir: string) => number | null;
}

// The tightest limit of `files` over every hierarchy this process is in, with the file that set it.
function cgroupLimit(fsRoot: string, files: LimitFiles): { value: number; file: string } | null {
  const cgroups = (read(fsRoot, '/proc/self/cgroup') ?? '').split('\n').filter(Boolean);
  const all = mounts(read(fsRoot, '/proc/self/mountinfo') ?? '');
  const found: { value: number; file: string }[] = [];
  for (const line of cgroups) {
    const [id, controllers, ...rest] = line.split(':');
    const path = rest.join(':');
    const v2 = id === '0' && controllers === '';
    if (!v2 && !controllers.split(',').includes(files.v1Controller)) continue;
    const hierarchies = all.filter((m) => (v2 ? m.fstype === 'cgroup2' : m.fstype === 'cgroup' && m.superOptions.includes(files.v1Controller)));
    for (const m of hierarchies) {
      const dir = cgroupDir(m, path);
      if (dir === null) continue;
      const hit = tightest(m.point, dir, v2 ? files.v2 : files.v1);
      if (hit) found.push({ value: hit.value, file: `${hit.file}/${v2 ? files.v2File : files.v1File}` });
    }
  }
  return found.sort((a, b) => a.value - b.value)[0] ?? null;
}

/** Reads the CPU limit of this process; `fsRoot` is where /proc and /sys are (tests use a copy). */
export function cpuLimit(fsRoot = '/', affinity = availableParallelism()): CpuLimit {
  const limit = cgroupLimit(fsRoot, {
    // v2: cpu.max is "max 100000" (no quota) or "<quota> <period>" in µs.
    v2File: 'cpu.max',
    v2: (d) => {
      const [quota, period] = (read(fsRoot, `${d}/cpu.max`) ?? 'max').split(' ');
      return quota === 'max' || !(Number(period) > 0) ? null : Number(quota) / Number(period);
    },
    // v1: cpu.cfs_quota_us is -1 when there is no quota.
    v1Controller: 'cpu',
    v1File: 'cpu.cfs_quota_us',
    v1: (d) => {
      const quota = Number(read(fsRoot, `${d}/cpu.cfs_quota_us`));
      const period = Number(read(fsRoot, `${d}/cpu.cfs_period_us`));
      return quota > 0 && period > 0 ? quota / period : null;
    },
  });
  if (!limit) return { cpus: Math.max(1, affinity), affinity, quota: null, source: null };
  return { cpus: Math.max(1, Math.min(affinity, Math.ceil(limit.value - 1e-9))), affinity, quota: limit.value, source: limit.file };
}

/** The memory limit and where it came from. */
export interface MemoryLimit {
  /** Bytes the cgroup may use before the OOM killer acts, or null when no cgroup sets a limit. */
  readonly bytes: number | null;
  /** Which cgroup file set it, as the process sees it, or null. */
  readonly source: string | null;
}

// v1 writes "no limit" as the largest page-aligned 64-bit value; anything from 2^60 up is none.
const NO_LIMIT = 2 ** 60;

/** Reads the memory limit of this process; `fsRoot` as in cpuLimit. */
export function memoryLimit(fsRoot = '/'): MemoryLimit {
  const bytes = (file: string) => (d: string) => {
    const text = read(fsRoot, `${d}/${file}`);
    const n = text === null || text === 'max' ? NaN : Number(text);
    return Number.isFinite(n) && n > 0 && n < NO_LIMIT ? n : null;
  };
  const limit = cgroupLimit(fsRoot, { v2File: 'memory.max', v2: bytes('memory.max'), v1Controller: 'memory', v1File: 'memory.limit_in_bytes', v1: bytes('memory.limit_in_bytes') });
  return limit ? { bytes: limit.value, source: limit.file } : { bytes: null, source: null };
}

/**
 * The memory the cgroup whose limit is in `limitFile` (MemoryLimit.source) uses now, as the
 * kernel weighs it against the limit: its usage less the page cache it can drop at once
 * (inactive files), what `docker stats` and the kubelet call the working set. Null when the
 * files cannot be read.
 */
export function workingSetBytes(limitFile: string, fsRoot = '/'): number | null {
  const dir = posix.dirname(limitFile);
  const v2 = limitFile.endsWith('/memory.max');
  const usage = Number(read(fsRoot, `${dir}/${v2 ? 'memory.current' : 'memory.usage_in_bytes'}`));
  if (!Number.isFinite(usage) || usage <= 0) return null;
  const stat = read(fsRoot, `${dir}/memory.stat`) ?? '';
  const inactive = Number(new RegExp(`^${v2 ? 'inactive_file' : 'total_inactive_file'} (\\d+)$`, 'm').exec(stat)?.[1] ?? 0);
  return Math.max(0, usage - inactive);
}
