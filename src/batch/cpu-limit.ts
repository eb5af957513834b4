/**
 * How many CPUs this process may really use: the CPUs it may run on (affinity, which
 * `os.availableParallelism()` reads) lowered to the CPU quota of its cgroup, v2 (`cpu.max`)
 * or v1 (`cpu.cfs_quota_us` / `cpu.cfs_period_us`), the tightest along the cgroup's path up
 * to the mount's root. A quota of 1.5 CPUs gives 2 (rounded up, as the JVM and Go do): the
 * threads then share 1.5 CPUs of time, and a fraction is not left idle.
 *
 * Node 20's libuv (1.46) reads affinity only: in a container with `resources.limits.cpu: 2`
 * on a 64-core node, availableParallelism() says 64.
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

// The tightest quota from `dir` up to the mount point, in CPUs, with the file that set it.
function tightest(mountPoint: string, dir: string, quotaAt: (dir: string) => number | null): { cpus: number; file: string } | null {
  let best: { cpus: number; file: string } | null = null;
  for (let d = dir; ; d = posix.dirname(d)) {
    const cpus = quotaAt(d);
    if (cpus !== null && (best === null || cpus < best.cpus)) best = { cpus, file: d };
    if (d === mountPoint || d === '/' || !d.startsWith(mountPoint)) break;
  }
  return best;
}

/** Reads the CPU limit of this process; `fsRoot` is where /proc and /sys are (tests use a copy). */
export function cpuLimit(fsRoot = '/', affinity = availableParallelism()): CpuLimit {
  const cgroups = (read(fsRoot, '/proc/self/cgroup') ?? '').split('\n').filter(Boolean);
  const all = mounts(read(fsRoot, '/proc/self/mountinfo') ?? '');
  const found: { cpus: number; file: string }[] = [];
  for (const line of cgroups) {
    const [id, controllers, ...rest] = line.split(':');
    const path = rest.join(':');
    if (id === '0' && controllers === '') {
      // cgroup v2: cpu.max is "max 100000" (no quota) or "<quota> <period>" in µs.
      for (const m of all.filter((m) => m.fstype === 'cgroup2')) {
        const dir = cgroupDir(m, path);
        if (dir === null) continue;
        const hit = tightest(m.point, dir, (d) => {
          const [quota, period] = (read(fsRoot, `${d}/cpu.max`) ?? 'max').split(' ');
          return quota === 'max' || !(Number(period) > 0) ? null : Number(quota) / Number(period);
        });
        if (hit) found.push({ cpus: hit.cpus, file: `${hit.file}/cpu.max` });
      }
    } else if (controllers.split(',').includes('cpu')) {
      // cgroup v1: cpu.cfs_quota_us is -1 when there is no quota.
      for (const m of all.filter((m) => m.fstype === 'cgroup' && m.superOptions.includes('cpu'))) {
        const dir = cgroupDir(m, path);
        if (dir === null) continue;
        const hit = tightest(m.point, dir, (d) => {
          const quota = Number(read(fsRoot, `${d}/cpu.cfs_quota_us`));
          const period = Number(read(fsRoot, `${d}/cpu.cfs_period_us`));
          return quota > 0 && period > 0 ? quota / period : null;
        });
        if (hit) found.push({ cpus: hit.cpus, file: `${hit.file}/cpu.cfs_quota_us` });
      }
    }
  }
  const limit = found.sort((a, b) => a.cpus - b.cpus)[0];
  if (!limit) return { cpus: Math.max(1, affinity), affinity, quota: null, source: null };
  return { cpus: Math.max(1, Math.min(affinity, Math.ceil(limit.cpus - 1e-9))), affinity, quota: limit.cpus, source: limit.file };
}
