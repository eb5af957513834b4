/**
 * vitest's globalSetup: before any test runs, installs the Debian packages the system suites
 * need (test/system/packages.txt) when this is Debian or Ubuntu and we are root, with one
 * announced `apt-get install` (after `apt-get update` when apt does not know a package yet).
 * After the run, one line names the suites that were skipped and the command that runs them.
 *
 * MAC_TEST_PROVISION=0 turns the install off (the suites that need a missing package skip).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isRoot, probeFound, ROOT_SUITES, systemPackages, whyNot, type SystemPackage } from './requirements.js';

const say = (line: string): void => void process.stderr.write(`npm test: ${line}\n`);

/** The listed packages dpkg does not report installed. */
function notInstalled(packages: readonly SystemPackage[]): string[] {
  return packages
    .map((p) => p.name)
    .filter((name) => spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', name], { encoding: 'utf8' }).stdout !== 'installed');
}

// dpkg's progress is left out; apt's errors show.
const apt = (args: readonly string[]): boolean =>
  spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;

/** True when apt's lists know a candidate version of `name`. */
const aptKnows = (name: string): boolean => /Candidate: (?!\(none\))/.test(spawnSync('apt-cache', ['policy', name], { encoding: 'utf8' }).stdout ?? '');

/** Installs what is missing where this machine allows it; says what it did or why not. */
function provision(packages: readonly SystemPackage[]): void {
  if (process.env.MAC_TEST_PROVISION === '0') return;
  const debian = existsSync('/etc/debian_version') && spawnSync('dpkg-query', ['--version']).status === 0;
  if (!debian || !isRoot()) return;
  let missing = notInstalled(packages);
  if (missing.length === 0) return;
  const started = Date.now();
  if (!missing.every(aptKnows)) {
    say('apt-get update first (apt does not know every package the system suites need yet)');
    apt(['update', '-qq']);
  }
  // A package this release does not have (clickhouse-server is in Debian 12, not 13) is left
  // out, not allowed to fail the install of the others: its suites say why they skip.
  const unknown = missing.filter((name) => !aptKnows(name));
  if (unknown.length > 0) say(`not in this release's apt lists, left out: ${unknown.join(' ')}`);
  missing = missing.filter((name) => !unknown.includes(name));
  if (missing.length === 0) return;
  const command = ['install', '-y', '-qq', '--no-install-recommends', ...missing];
  say(`installing ${missing.length} Debian package(s) the system suites need: apt-get ${command.join(' ')}`);
  // A list that is known but old can name files the mirror no longer has: update, then once more.
  const ok = apt(command) || (apt(['update', '-qq']) && apt(command));
  say(ok ? `installed in ${((Date.now() - started) / 1000).toFixed(0)} s` : 'apt-get install failed; the suites that need these packages are skipped');
}

/** The one closing line: which system suites were skipped, and the command that runs them. */
function summary(packages: readonly SystemPackage[]): void {
  const suites = [...new Set([...packages.flatMap((p) => p.suites), ...ROOT_SUITES.keys()])].sort();
  const skipped = suites.filter((s) => whyNot(s, packages) !== null);
  if (skipped.length === 0) return;
  const missing = packages.filter((p) => !probeFound(p.probe) && p.suites.some((suite) => skipped.includes(suite))).map((p) => p.name);
  const install = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const how = existsSync('/etc/debian_version') ? 'sudo npm test (as root on Debian or Ubuntu it installs what they need' + (missing.length ? `: ${install})` : ')') : `a Debian or Ubuntu machine as root (${install})`;
  say(`${skipped.length} system suite(s) skipped (${skipped.join(', ')}); to run them: ${how}`);
}

/** vitest globalSetup: provisions, and returns the teardown that prints the summary. */
export default function setup(): () => void {
  const packages = systemPackages();
  provision(packages);
  return () => summary(packages);
}
