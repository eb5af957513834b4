/**
 * A real memory cgroup for the service, as a container runtime makes one (`docker run -m`, a
 * Kubernetes limit, systemd's MemoryMax): v2 where the memory controller is there, else v1. The
 * burst bench and the memory suite start the service inside one; needs root.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A cgroup made for one run. */
export interface MemoryCgroup {
  /** The cgroup.procs file a process joins by writing its pid. */
  readonly procs: string;
  /** Its limit in bytes (null: none). */
  readonly limit: number | null;
  /** The largest memory use seen since it was made, in bytes (what the limit is checked against). */
  peak(): number;
  /** How many processes the kernel's OOM killer ended in it. */
  oomKills(): number;
  /** Removes it (once every process in it has ended). */
  remove(): Promise<void>;
}

const V1 = '/sys/fs/cgroup/memory';
const V2 = '/sys/fs/cgroup';

const number = (file: string) => Number(readFileSync(file, 'utf8').trim());
const field = (file: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(readFileSync(file, 'utf8'))?.[1] ?? 0);

/** Why no memory cgroup can be made here, or null when one can. */
export function whyNoMemoryCgroup(): string | null {
  if (process.getuid?.() !== 0) return 'needs root';
  if (existsSync(join(V1, 'memory.limit_in_bytes'))) return null;
  try {
    if (readFileSync(join(V2, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('memory')) return null;
  } catch {
    /* no v2 hierarchy */
  }
  return 'no writable memory cgroup (v1 memory controller, or v2 with memory in cgroup.subtree_control)';
}

/** Makes cgroup `name` with a memory limit of `limit` bytes (null: none) and no swap. */
export function makeMemoryCgroup(name: string, limit: number | null): MemoryCgroup {
  const remove = async (dir: string) => {
    for (let i = 0; i < 100; i++) {
      try {
        rmdirSync(dir);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50)); // its last process is still exiting
      }
    }
  };
  if (existsSync(join(V1, 'memory.limit_in_bytes'))) {
    const dir = join(V1, name);
    mkdirSync(dir);
    if (limit !== null) {
      writeFileSync(join(dir, 'memory.limit_in_bytes'), String(limit));
      if (existsSync(join(dir, 'memory.memsw.limit_in_bytes'))) writeFileSync(join(dir, 'memory.memsw.limit_in_bytes'), String(limit));
    }
    return {
      procs: join(dir, 'cgroup.procs'),
      limit,
      peak: () => number(join(dir, 'memory.max_usage_in_bytes')),
      oomKills: () => field(join(dir, 'memory.oom_control'), 'oom_kill'),
      remove: () => remove(dir),
    };
  }
  const dir = join(V2, name);
  mkdirSync(dir);
  if (limit !== null) {
    writeFileSync(join(dir, 'memory.max'), String(limit));
    if (existsSync(join(dir, 'memory.swap.max'))) writeFileSync(join(dir, 'memory.swap.max'), '0');
  }
  return {
    procs: join(dir, 'cgroup.procs'),
    limit,
    peak: () => number(join(dir, 'memory.peak')),
    oomKills: () => field(join(dir, 'memory.events'), 'oom_kill'),
    remove: () => remove(dir),
  };
}

/** The command line that starts `argv` inside the cgroup whose procs file is `procs`. */
export function inCgroup(procs: string, argv: readonly string[]): string[] {
  return ['/bin/sh', '-c', 'echo $$ > "$1" && shift && exec "$@"', 'sh', procs, ...argv];
}
