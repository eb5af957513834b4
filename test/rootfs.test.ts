/**
 * What the image runs, without a container engine: the staged runtime tree (as the
 * Dockerfile's runtime stage copies it) in a Debian 13 root filesystem with Debian's own
 * nodejs from trixie-security, the service started there as an unprivileged user. It must
 * serve on the native uWS build, run bulk work on its pool, pass its health check, and
 * download registry updates over HTTPS trusting the system's CA store: a site whose
 * certificate the installed test CA signed for this host is accepted, one whose certificate
 * names another host is refused and the data left as it was.
 *
 * Needs root and debootstrap (.ci/run installs it); the rootfs is cached in .cache/.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageVersion, trixieRootfs } from './helpers/debian-rootfs.js';
import { startIeeeSite, type IeeeSite } from './helpers/ieee-site.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('rootfs');

const NOBODY = 65534;
const CA_FILE = 'usr/local/share/ca-certificates/mac-analysis-test-ca.crt';

/** A test CA, and two server certificates it signs: one for 127.0.0.1, one for another host. */
function makeCertificates(dir: string): { ca: string; right: { key: string; cert: string }; wrong: { key: string; cert: string } } {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=mac-analysis test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  const leaf = (name: string, san: string) => {
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    writeFileSync(join(dir, `${name}.ext`), `subjectAltName=${san}\nextendedKeyUsage=serverAuth\n`);
    ssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`);
    return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.crt`), 'utf8') };
  };
  return { ca: readFileSync(join(dir, 'ca.crt'), 'utf8'), right: leaf('right', 'IP:127.0.0.1,DNS:localhost'), wrong: leaf('wrong', 'DNS:registry.other.invalid') };
}

/** argv running `node ARGS` in the rootfs as nobody, with /proc mounted in a private mount namespace. */
function inRootfs(root: string, args: readonly string[]): string[] {
  return ['unshare', '--mount', '--', 'sh', '-c', 'mount -t proc proc "$0/proc" && exec chroot --userspec=65534:65534 "$0" /usr/bin/node "$@"', root, ...args];
}

/** Runs argv to its end without blocking this process (the HTTPS sites it calls live here). */
function run(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(argv[0], argv.slice(1), { env, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ status: err ? Number((err as NodeJS.ErrnoException).code ?? 1) || 1 : 0, output: stdout + stderr });
    });
  });
}

function chownTree(dir: string, uid: number): void {
  chownSync(dir, uid, uid);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) chownTree(p, uid);
    else chownSync(p, uid, uid);
  }
}

describe.runIf(READY)('the image runtime: Debian 13 nodejs in a trixie rootfs', () => {
  let root: string;
  let server: RunningServer;
  let certs: ReturnType<typeof makeCertificates>;
  let registry: string;

  beforeAll(async () => {
    root = trixieRootfs();
    // The staged tree, as the image's runtime stage has it: code root's, data/ the service's.
    const app = join(root, 'app');
    rmSync(app, { recursive: true, force: true });
    execFileSync(process.execPath, ['dist/src/image/stage-runtime.js', app], { stdio: 'pipe' });
    chownTree(join(app, 'data'), NOBODY);
    registry = join(app, 'data', 'registry.msgpack');
    certs = makeCertificates(mkdtempSync(join(tmpdir(), 'mac-ca-')));
    writeFileSync(join(root, CA_FILE), certs.ca);
    execFileSync('chroot', [root, 'update-ca-certificates'], { stdio: 'pipe' });
    server = await startServer({ HTTP_THREADS: '2', POOL_THREADS: '1', NODE_ENV: 'production' }, { argv: inRootfs(root, ['/app/dist/src/server/main.js']) });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    if (root) {
      rmSync(join(root, CA_FILE), { force: true });
      spawnSync('chroot', [root, 'update-ca-certificates', '--fresh'], { stdio: 'ignore' });
    }
  });

  it("runs Debian's patched nodejs from trixie-security, on the native uWS build, as nobody", () => {
    expect(packageVersion(root, 'nodejs')).toMatch(/^20\.\d+\.\d+\+dfsg-\d+\+deb13u\d+$/);
    const engine = server.logs.find((l) => l.msg === 'HTTP engine');
    expect(engine).toMatchObject({ engine: 'uws', native: true, uws: 'uws_linux_x64_115.node', nodeExecPath: '/usr/bin/node' });
    expect(engine?.sharedLibraries).toEqual(expect.arrayContaining(['libnode', 'openssl', 'libuv']));
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    expect(status).toMatch(new RegExp(`^Uid:\\s+${NOBODY}\\s`, 'm'));
  });

  it('answers every path family', async () => {
    const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
    const one = await get('/api/mac/00:03:93:ab:12:34?lang=fr');
    expect(one.status).toBe(200);
    expect((await one.json()).vendor.name).toBe('Apple, Inc.');
    const pub = await get('/api/public/mac/2C-CF-67-44-55-66');
    expect(pub.headers.get('access-control-allow-origin')).toBe('*');
    expect((await pub.json()).vendor.name).toMatch(/Raspberry Pi/);
    expect((await get('/api/mac/zz')).status).toBe(422);
    expect((await get('/api/mac')).status).toBe(400);
    expect((await get('/nowhere')).status).toBe(404);
    for (const path of ['/healthz', '/readyz', '/metrics', '/api/registry', '/api/openapi.json', '/']) expect((await get(path)).status, path).toBe(200);
    const extract = await get('/api/mac/extract', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'gw at 00:03:93:ab:12:34 on eth0' });
    expect((await extract.json()).items[0].analysis.vendor.name).toBe('Apple, Inc.');
  });

  it('answers a large batch on its pool', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `00:03:93:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`);
    const items = async () => Number(/^mac_batch_items_total (\d+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1]);
    const before = await items();
    const res = await fetch(`${server.url}/api/mac/batch`, { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'text/csv' }, body: `${lines.join('\n')}\n` });
    expect(res.status).toBe(200);
    expect((await res.text()).trim().split('\n')).toHaveLength(20_001);
    expect((await items()) - before).toBe(20_000);
  });

  it('passes its health check (the HEALTHCHECK command)', async () => {
    const check = await run(inRootfs(root, ['/app/dist/src/server/healthcheck.js']), { ...process.env, HOST: '127.0.0.1', PORT: String(server.port) });
    expect(check.status, check.output).toBe(0);
  });

  describe('the updater over HTTPS, trusting the rootfs CA store', () => {
    const update = (base: string) => run(inRootfs(root, ['/app/dist/src/cli/main.js', 'update', '--base-url', base, '--registry-file', '/app/data/registry.msgpack', '--retries', '0', '--timeout-ms', '10000', '--max-shrink', '0.5']));
    const sites: IeeeSite[] = [];
    afterAll(async () => {
      await Promise.all(sites.map((s) => s.close()));
    });

    it('a certificate for another host is refused, and the data stays as it was', async () => {
      const site = await startIeeeSite(undefined, certs.wrong);
      sites.push(site);
      const before = readFileSync(registry);
      const r = await update(site.base);
      expect(r.status, r.output).not.toBe(0);
      expect(r.output).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID|altnames|certificate/i);
      expect(readFileSync(registry).equals(before)).toBe(true);
    });

    it('a certificate the installed CA signed for this host is accepted: the registry is replaced', async () => {
      const site = await startIeeeSite(undefined, certs.right);
      sites.push(site);
      const mtime = statSync(registry).mtimeMs;
      const r = await update(site.base);
      expect(r.status, r.output).toBe(0);
      expect(site.userAgents.length).toBe(5);
      expect(statSync(registry).mtimeMs).toBeGreaterThan(mtime);
      // The running service reloads the file it watches (Debian's ieee-data is older than the
      // built-in registry: it shrinks, within the 0.5 allowed here).
      for (let i = 0; i < 50 && !server.logs.some((l) => l.msg === 'registry snapshot switched'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(server.logs.some((l) => l.msg === 'registry snapshot switched')).toBe(true);
    });
  });
});
