/**
 * A Debian 13 (trixie) root filesystem, the runtime of the image without a container engine:
 * debootstrap's minbase with Debian's nodejs and ca-certificates, upgraded from
 * trixie-security, kept in .cache/ between runs (upgraded again when a day old). The mirrors
 * are the ones this machine's apt is set up with. Needs root and debootstrap.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where the rootfs is kept (ignored by git). */
export const ROOTFS_DIR = resolve('.cache/debian-trixie');
const READY = '.mac-analysis-ready';

/** The Debian archive and security mirrors this machine's apt uses. */
export function debianMirrors(): { archive: string; security: string } {
  const texts: string[] = [];
  for (const dir of ['/etc/apt/sources.list.d']) {
    if (existsSync(dir)) for (const f of readdirSync(dir)) if (/\.(sources|list)$/.test(f)) texts.push(readFileSync(join(dir, f), 'utf8'));
  }
  if (existsSync('/etc/apt/sources.list')) texts.push(readFileSync('/etc/apt/sources.list', 'utf8'));
  const uris = texts.flatMap((t) => [...t.matchAll(/^(?:URIs:\s*|deb\s+(?:\[[^\]]*\]\s+)?)(https?:\/\/\S+)/gm)].map((m) => m[1].replace(/\/$/, '')));
  const security = uris.find((u) => u.endsWith('-security'));
  const archive = uris.find((u) => !u.endsWith('-security'));
  if (!archive || !security) throw new Error(`no Debian archive and security mirrors in this machine's apt sources (${uris.join(', ') || 'none'})`);
  return { archive, security };
}

function run(command: string, args: readonly string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

/** apt inside the rootfs: trixie and trixie-updates from the archive, trixie-security. */
function writeSources(root: string, m: { archive: string; security: string }): void {
  const key = '/usr/share/keyrings/debian-archive-keyring.gpg';
  rmSync(join(root, 'etc/apt/sources.list'), { force: true });
  writeFileSync(
    join(root, 'etc/apt/sources.list.d/debian.sources'),
    `Types: deb\nURIs: ${m.archive}\nSuites: trixie trixie-updates\nComponents: main\nSigned-By: ${key}\n\n` + `Types: deb\nURIs: ${m.security}\nSuites: trixie-security\nComponents: main\nSigned-By: ${key}\n`,
  );
}

function upgrade(root: string): void {
  run('chroot', [root, 'apt-get', 'update', '-qq']);
  run('chroot', [root, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--only-upgrade', 'nodejs', 'libnode115', 'ca-certificates', 'openssl', 'libssl3t64']);
  writeFileSync(join(root, READY), new Date().toISOString());
}

/** The rootfs, made (about 30 s) or refreshed when needed; returns its path. */
export function trixieRootfs(): string {
  const root = join(ROOTFS_DIR, 'root');
  const ready = join(root, READY);
  if (existsSync(ready)) {
    if (Date.now() - statSync(ready).mtimeMs > 86_400_000) upgrade(root);
    return root;
  }
  // Built beside, then moved into place: an interrupted build is never reused.
  const building = join(ROOTFS_DIR, 'building');
  rmSync(building, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
  mkdirSync(ROOTFS_DIR, { recursive: true });
  const mirrors = debianMirrors();
  run('debootstrap', ['--variant=minbase', '--include=nodejs,ca-certificates', 'trixie', building, mirrors.archive]);
  writeSources(building, mirrors);
  upgrade(building);
  renameSync(building, root);
  return root;
}

/** The installed version of a Debian package in the rootfs. */
export function packageVersion(root: string, pkg: string): string {
  return run('chroot', [root, 'dpkg-query', '-W', '-f=${Version}', pkg]).trim();
}
