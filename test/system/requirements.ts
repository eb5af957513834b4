/**
 * The system suites: test files that need a Debian package (test/system/packages.txt) or root.
 * Each such file asks `systemSuite(name)` whether it can run here. Where it cannot, its tests
 * are skipped with the reason written once; under REQUIRE_SYSTEM_SUITES=1 (.ci/run) a skip is a
 * failing test instead, so CI never goes green by skipping.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { whyNoMemoryCgroup } from '../../bench/memory-cgroup.js';

/** One line of packages.txt: a Debian package, the file or command that shows it is there, the suites that need it. */
export interface SystemPackage {
  readonly name: string;
  readonly probe: string;
  readonly suites: readonly string[];
}

/** The suites that need root whatever is installed (network namespaces, chroot, mount). */
export const ROOT_SUITES: ReadonlyMap<string, string> = new Map([
  ['rootfs', 'chroot and a private mount namespace'],
  ['consumers', 'network namespaces and a veth pair'],
  ['backpressure', 'a network namespace with small TCP buffers'],
  ['memory-limit', 'a memory cgroup'],
]);

const LIST = fileURLToPath(new URL('./packages.txt', import.meta.url));

/** The package list, read from test/system/packages.txt. */
export function systemPackages(file = LIST): SystemPackage[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [name, probe, ...suites] = line.split(/\s+/);
      if (!probe || suites.length === 0) throw new Error(`${file}: "${line}" needs a package, a probe and at least one suite`);
      return { name, probe, suites };
    });
}

/** True when `probe` (an absolute path, or a command looked up in PATH and the sbin folders) exists. */
export function probeFound(probe: string): boolean {
  if (probe.startsWith('/')) return existsSync(probe);
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/bin', '/bin'];
  return dirs.some((d) => {
    try {
      accessSync(join(d, probe), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** True when this process runs as root. */
export const isRoot = (): boolean => process.getuid?.() === 0;

/** Why `suite` cannot run here (missing packages, not root), or null when it can. */
export function whyNot(suite: string, packages: readonly SystemPackage[] = systemPackages()): string | null {
  const missing = packages.filter((p) => p.suites.includes(suite) && !probeFound(p.probe));
  const reasons: string[] = [];
  if (missing.length > 0) reasons.push(`needs ${missing.map((p) => `${p.name} (${p.probe} not found)`).join(', ')}`);
  const rootFor = ROOT_SUITES.get(suite);
  if (rootFor !== undefined && !isRoot()) reasons.push(`needs root (${rootFor})`);
  const noCgroup = suite === 'memory-limit' && isRoot() ? whyNoMemoryCgroup() : null;
  if (noCgroup !== null) reasons.push(noCgroup);
  if ((suite === 'consumers' || suite === 'backpressure') && isRoot() && probeFound('ip') && spawnSync('ip', ['netns', 'list']).status !== 0) reasons.push('`ip netns` does not work here');
  return reasons.length === 0 ? null : reasons.join('; ');
}

/** Whether every suite named must run (CI): then a suite that cannot run fails instead of skipping. */
export const systemSuitesRequired = (): boolean => process.env.REQUIRE_SYSTEM_SUITES === '1';

/**
 * The suites CI already ran on another machine (SYSTEM_SUITES_RAN_ELSEWHERE, comma-separated):
 * .ci/run runs the ClickHouse suite on its Debian 12 machine, whose package Debian 13 lacks, and
 * names it for the fresh Debian 13 run. Only there may a required suite skip, and it says so.
 */
const ranElsewhere = (suite: string): boolean => (process.env.SYSTEM_SUITES_RAN_ELSEWHERE ?? '').split(',').includes(suite);

/**
 * Call at the top of a system suite's file: true when it can run here. When it cannot, the
 * reason is written to stderr, and under REQUIRE_SYSTEM_SUITES=1 a failing test says it.
 */
export function systemSuite(suite: string): boolean {
  if (!systemPackages().some((p) => p.suites.includes(suite)) && !ROOT_SUITES.has(suite)) {
    throw new Error(`test/system/packages.txt names no suite "${suite}"`);
  }
  const reason = whyNot(suite);
  if (reason === null) return true;
  const elsewhere = ranElsewhere(suite);
  process.stderr.write(`${suite}.test.ts: skipped, ${reason}${elsewhere ? ' (it ran on CI\'s other machine: SYSTEM_SUITES_RAN_ELSEWHERE)' : ''}\n`);
  if (systemSuitesRequired() && !elsewhere) {
    it(`can run here (REQUIRE_SYSTEM_SUITES=1): ${suite}`, () => {
      throw new Error(`${suite}.test.ts cannot run: ${reason}`);
    });
  }
  return false;
}
