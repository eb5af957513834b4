/**
 * Thread defaults follow the CPU quota, and memory settings the memory limit (cgroup v1 and v2).
 * The file layouts below are those the kernel shows a process in a Kubernetes pod and in a
 * Docker container; the last tests put the real service in a real cgroup with a quota (as root,
 * where cgroups are writable). The memory limit's real cgroup is test/memory-limit.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpuLimit, memoryLimit, workingSetBytes } from '../src/host/cgroup-limits.js';
import { OutputSlots } from '../src/batch/output-slots.js';
import { floorBytes, largestVendorCache, memoryPlan } from '../src/batch/memory-plan.js';
import { loadConfig } from '../src/server/config.js';
import { startServer } from './helpers/server.js';

// A fake root holding the given files.
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cgroup-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const V2_MOUNT = '1157 1148 0:26 / /sys/fs/cgroup ro,nosuid,nodev,noexec,relatime - cgroup2 cgroup rw,nsdelegate,memory_recursiveprot\n';
const POD = '/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1a2b.slice/cri-containerd-9f8e.scope';

describe('cpuLimit', () => {
  it('cgroup v2 in a container (cgroup namespace): cpu.max of the namespace root', () => {
    const root = tree({ '/proc/self/cgroup': '0::/\n', '/proc/self/mountinfo': V2_MOUNT, '/sys/fs/cgroup/cpu.max': '150000 100000\n' });
    expect(cpuLimit(root, 64)).toEqual({ cpus: 2, affinity: 64, quota: 1.5, source: '/sys/fs/cgroup/cpu.max' });
  });

  it('cgroup v2 seen from the host: the tightest quota along the path, "max" is none', () => {
    const root = tree({
      '/proc/self/cgroup': `0::${POD}\n`,
      '/proc/self/mountinfo': V2_MOUNT,
      [`/sys/fs/cgroup${POD}/cpu.max`]: 'max 100000\n',
      [`/sys/fs/cgroup${dirname(POD)}/cpu.max`]: '400000 100000\n',
      '/sys/fs/cgroup/kubepods.slice/cpu.max': '3000000 100000\n',
    });
    expect(cpuLimit(root, 32)).toMatchObject({ cpus: 4, quota: 4, source: `/sys/fs/cgroup${dirname(POD)}/cpu.max` });
  });

  it('cgroup v2 without a quota, or no cgroup at all: the affinity', () => {
    const none = tree({ '/proc/self/cgroup': '0::/\n', '/proc/self/mountinfo': V2_MOUNT, '/sys/fs/cgroup/cpu.max': 'max 100000\n' });
    expect(cpuLimit(none, 8)).toEqual({ cpus: 8, affinity: 8, quota: null, source: null });
    expect(cpuLimit(tree({}), 3)).toEqual({ cpus: 3, affinity: 3, quota: null, source: null });
  });

  it('cgroup v1 (cpu,cpuacct mounted together, a Docker container path): cfs quota / period, -1 is none', () => {
    const mountinfo =
      '30 25 0:26 / /sys/fs/cgroup ro,nosuid,nodev,noexec - tmpfs tmpfs ro,mode=755\n' +
      '33 30 0:29 /docker/abc123 /sys/fs/cgroup/cpu,cpuacct ro,nosuid,nodev,noexec,relatime master:10 - cgroup cgroup rw,cpu,cpuacct\n' +
      '34 30 0:30 /docker/abc123 /sys/fs/cgroup/cpuset ro,nosuid,nodev,noexec,relatime master:11 - cgroup cgroup rw,cpuset\n';
    const limited = tree({
      '/proc/self/cgroup': '5:cpuset:/docker/abc123\n4:cpu,cpuacct:/docker/abc123\n1:name=systemd:/docker/abc123\n',
      '/proc/self/mountinfo': mountinfo,
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '50000\n',
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000\n',
    });
    expect(cpuLimit(limited, 16)).toEqual({ cpus: 1, affinity: 16, quota: 0.5, source: '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us' });
    const unlimited = tree({
      '/proc/self/cgroup': '4:cpu,cpuacct:/docker/abc123\n',
      '/proc/self/mountinfo': mountinfo,
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '-1\n',
      '/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000\n',
    });
    expect(cpuLimit(unlimited, 16).quota).toBeNull();
  });

  it('a quota above the affinity is capped by it; whole CPUs are not rounded up', () => {
    const root = tree({ '/proc/self/cgroup': '0::/\n', '/proc/self/mountinfo': V2_MOUNT, '/sys/fs/cgroup/cpu.max': '800000 100000\n' });
    expect(cpuLimit(root, 2)).toMatchObject({ cpus: 2, quota: 8 });
    const exact = tree({ '/proc/self/cgroup': '0::/\n', '/proc/self/mountinfo': V2_MOUNT, '/sys/fs/cgroup/cpu.max': '200000 100000\n' });
    expect(cpuLimit(exact, 16)).toMatchObject({ cpus: 2, quota: 2 });
  });

  it('HTTP_THREADS and POOL_THREADS default to the limit; explicit values win', () => {
    const cpu = { cpus: 3, affinity: 64, quota: 2.5, source: '/sys/fs/cgroup/cpu.max' };
    expect(loadConfig({}, cpu)).toMatchObject({ httpThreads: 3, poolThreads: 3, cpu });
    expect(loadConfig({ HTTP_THREADS: '1', POOL_THREADS: '2' }, cpu)).toMatchObject({ httpThreads: 1, poolThreads: 2 });
  });
});

describe('memoryLimit', () => {
  const V1_MOUNTS =
    '30 25 0:26 / /sys/fs/cgroup ro,nosuid,nodev,noexec - tmpfs tmpfs ro,mode=755\n' +
    '35 30 0:31 /docker/abc123 /sys/fs/cgroup/memory ro,nosuid,nodev,noexec,relatime master:12 - cgroup cgroup rw,memory\n';

  it('cgroup v2: memory.max, the tightest along the path; "max" is none', () => {
    const root = tree({
      '/proc/self/cgroup': `0::${POD}\n`,
      '/proc/self/mountinfo': V2_MOUNT,
      [`/sys/fs/cgroup${POD}/memory.max`]: 'max\n',
      [`/sys/fs/cgroup${dirname(POD)}/memory.max`]: '536870912\n',
      '/sys/fs/cgroup/kubepods.slice/memory.max': '8589934592\n',
    });
    expect(memoryLimit(root)).toEqual({ bytes: 512 * 1024 * 1024, source: `/sys/fs/cgroup${dirname(POD)}/memory.max` });
    const none = tree({ '/proc/self/cgroup': '0::/\n', '/proc/self/mountinfo': V2_MOUNT, '/sys/fs/cgroup/memory.max': 'max\n' });
    expect(memoryLimit(none)).toEqual({ bytes: null, source: null });
    expect(memoryLimit(tree({}))).toEqual({ bytes: null, source: null });
  });

  it('cgroup v1 (a Docker container): memory.limit_in_bytes, its page-aligned 2^63 "no limit" is none', () => {
    const limited = tree({ '/proc/self/cgroup': '6:memory:/docker/abc123\n', '/proc/self/mountinfo': V1_MOUNTS, '/sys/fs/cgroup/memory/memory.limit_in_bytes': '268435456\n' });
    expect(memoryLimit(limited)).toEqual({ bytes: 268435456, source: '/sys/fs/cgroup/memory/memory.limit_in_bytes' });
    const unlimited = tree({ '/proc/self/cgroup': '6:memory:/docker/abc123\n', '/proc/self/mountinfo': V1_MOUNTS, '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712\n' });
    expect(memoryLimit(unlimited).bytes).toBeNull();
  });

  it('the working set: usage less the inactive page cache, on either version', () => {
    const v2 = tree({ '/sys/fs/cgroup/memory.current': '300000000\n', '/sys/fs/cgroup/memory.stat': 'anon 200000000\nfile 90000000\ninactive_file 50000000\n' });
    expect(workingSetBytes('/sys/fs/cgroup/memory.max', v2)).toBe(250_000_000);
    const v1 = tree({ '/m/memory.usage_in_bytes': '300000000\n', '/m/memory.stat': 'cache 1\ninactive_file 7\ntotal_inactive_file 100000000\n' });
    expect(workingSetBytes('/m/memory.limit_in_bytes', v1)).toBe(200_000_000);
    expect(workingSetBytes('/nowhere/memory.max', tree({}))).toBeNull();
  });

  it('derives the settings from the limit, and the defaults without one; the plan fits under its limit', () => {
    const MiB = 1024 * 1024;
    const plan = (mb: number | null) => memoryPlan({ limit: { bytes: mb === null ? null : mb * MiB, source: 'x' }, httpThreads: 2, poolThreads: 2, batchMaxBytes: 64 * MiB });
    expect(plan(null)).toMatchObject({ limitBytes: null, bodyBudgetBytes: 256 * MiB, poolWorkerHeapMb: 512, outputBuffers: 24 });
    for (const mb of [192, 256, 384, 512, 1024, 4096]) {
      const p = plan(mb);
      expect(p.idleBytes + p.marginBytes + p.bodyBudgetBytes * 1.25).toBeLessThanOrEqual(mb * MiB);
      expect(p.outputBuffers).toBe(4);
    }
    expect(plan(256).bodyBudgetBytes).toBeGreaterThanOrEqual(64 * MiB); // the largest text body still fits at 256 MB
    // Each pool worker's vendor cache: 1/64 of the limit up to 32 MiB, counted in what the service holds.
    expect([null, 256, 512, 1024, 2048, 4096].map((mb) => plan(mb).vendorCacheMb)).toEqual([32, 4, 8, 16, 32, 32]);
    const cacheless = memoryPlan({ limit: { bytes: 512 * MiB, source: 'x' }, httpThreads: 2, poolThreads: 2, batchMaxBytes: 64 * MiB, vendorCacheMb: 0 });
    expect(plan(512).idleBytes - cacheless.idleBytes).toBe(2 * 8 * MiB);
    // An explicit one that leaves no useful body is refused with what fits; what fits is taken.
    const limit = { bytes: 256 * MiB, source: 'f' };
    const cpu = { cpus: 2, affinity: 2, quota: null, source: null };
    const fits = largestVendorCache(limit.bytes, 2, 2);
    expect(fits).toBeGreaterThan(4);
    expect(() => loadConfig({ VENDOR_CACHE_MB: String(fits + 1) }, cpu, limit)).toThrow(`VENDOR_CACHE_MB (${fits + 1}) does not fit under the memory limit of 256 MiB (f): at most ${fits} with 2 HTTP threads and 2 pool workers`);
    expect(loadConfig({ VENDOR_CACHE_MB: String(fits) }, cpu, limit)).toMatchObject({ vendorCacheMb: fits });
    expect(loadConfig({ VENDOR_CACHE_MB: '1024' }, cpu, { bytes: null, source: null }).vendorCacheMb).toBe(1024);
    expect(floorBytes(2, 2)).toBeGreaterThan(floorBytes(1, 1));
    expect(() => loadConfig({}, { cpus: 2, affinity: 2, quota: null, source: null }, { bytes: floorBytes(2, 2) - 1, source: 'f' })).toThrow(/is below the \d+ MiB this service needs/);
    expect(loadConfig({}, { cpus: 2, affinity: 2, quota: null, source: null }, { bytes: floorBytes(2, 2), source: 'f' }).bodyBudgetBytes).toBeGreaterThan(0);
  });
});

describe('OutputSlots', () => {
  it('makes at most max slots, keeps them, and grants waiting takers in the order they asked', async () => {
    const slots = new OutputSlots(2);
    const a = await slots.take();
    const b = await slots.take();
    const order: string[] = [];
    const c = slots.take().then((s) => (order.push('c'), s));
    const d = slots.take().then((s) => (order.push('d'), s));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    slots.give(b);
    expect(await c).toBe(b);
    slots.give(a);
    expect(await d).toBe(a);
    expect(order).toEqual(['c', 'd']);
    slots.give(a);
    expect(await slots.take()).toBe(a); // kept, not made anew
  });
});

// A real cgroup with a quota of one CPU, on whichever hierarchy has the cpu controller here.
function makeCgroup(name: string): { procs: string; remove: () => void } | null {
  if (process.getuid?.() !== 0) return null;
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  try {
    if (existsSync(join(v1, 'cpu.cfs_quota_us'))) {
      const dir = join(v1, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.cfs_period_us'), '100000');
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), '100000');
      return { procs: join(dir, 'cgroup.procs'), remove: () => rmdirSync(dir) };
    }
    if (readFileSync(join(v2, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('cpu')) {
      const dir = join(v2, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cpu.max'), '100000 100000');
      return { procs: join(dir, 'cgroup.procs'), remove: () => rmdirSync(dir) };
    }
  } catch {
    return null;
  }
  return null;
}

const cgroup = makeCgroup(`mac-analysis-test-${process.pid}`);

describe.runIf(cgroup !== null)('the service in a real cgroup with a one-CPU quota', () => {
  afterAll(() => {
    // The server has exited: the cgroup is empty and can go.
    for (let i = 0; i < 50; i++) {
      try {
        cgroup!.remove();
        return;
      } catch {
        /* its last process is still exiting */
      }
    }
  });

  it('starts one HTTP thread and one pool worker and says why', async () => {
    const env = { HTTP_THREADS: '', POOL_THREADS: '' }; // the defaults, not the test helper's
    const s = await startServer(env, { cgroupProcs: cgroup!.procs });
    try {
      const line = s.logs.find((l) => l.msg === 'CPU limit and threads');
      expect(line).toMatchObject({ cpus: 1, quota: 1, httpThreads: 1, poolThreads: 1 });
      expect(String(line?.quotaFile)).toMatch(/mac-analysis-test-\d+\/cpu\.(cfs_quota_us|max)$/);
      expect(await (await fetch(`${s.url}/metrics`)).text()).toMatch(/^mac_http_threads 1$/m);
    } finally {
      await s.stop();
    }
  });
});
