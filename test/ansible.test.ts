/**
 * The Ansible filters shipped with the Python client (mac_analysis.ansible), as a user runs
 * them: the client's wheel installed in a venv, Debian's ansible-core running real playbooks
 * against the real service, with ANSIBLE_FILTER_PLUGINS from `python -m mac_analysis.ansible`.
 * A run_once task over every host's address makes one batch request, and over a list of 10,000
 * addresses one more; per-host filters answer as the API does; an invalid address fails its
 * task with the service's detail.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedClient, run } from './helpers/python-wheel.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('ansible');
// Hosts in the inventory (ansible-core takes about 15 ms a host to set a play up, even for a
// run_once task), and addresses in a list variable, as an inventory export would hold them.
const HOSTS = 500;
const LISTED = 10_000;

// The address of host i: Apple's, a KVM guest's, or (one in a thousand) no address.
const octets = (i: number) => [i >> 16, i >> 8, i].map((o) => (o & 255).toString(16).padStart(2, '0')).join(':');
const macOf = (i: number) => (i % 100 === 99 ? `bad-${i}` : `${i % 2 ? '52:54:00' : '00:03:93'}:${octets(i)}`);

describe.runIf(READY)('the Ansible filters, with Debian\'s ansible-core', { timeout: 120_000 }, () => {
  let work: string;
  let python: string;
  let service: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'mac-ansible-'));
    [{ python }, service] = await Promise.all([installedClient(work), startServer({ HTTP_THREADS: '1' })]);
    const plugins = await run(python, ['-m', 'mac_analysis.ansible']);
    expect(plugins.code, plugins.out).toBe(0);
    env = { ANSIBLE_FILTER_PLUGINS: plugins.out.trim(), MAC_ANALYSIS_URL: service.url, ANSIBLE_LOCAL_TEMP: join(work, 'tmp'), ANSIBLE_HOME: join(work, 'home'), ANSIBLE_NOCOLOR: '1', ANSIBLE_PYTHON_INTERPRETER: python };
    const hosts = Array.from({ length: HOSTS }, (_, i) => `h${i} mac=${macOf(i)}`);
    writeFileSync(join(work, 'inventory.ini'), `[all]\n${hosts.join('\n')}\n\n[all:vars]\nansible_connection=local\n`);
  }, 300_000);
  afterAll(async () => {
    await service?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  // The batch requests the service has answered so far.
  const batches = async () => Number(/mac_http_requests_total\{route="batch",status="2xx"\} (\d+)/.exec(await (await fetch(`${service.url}/metrics`)).text())![1]);

  // Runs `playbook` (YAML) with the venv's Python, so that the wheel's package is importable.
  const playbook = (name: string, yaml: string) => {
    writeFileSync(join(work, name), yaml);
    return run(python, ['/usr/bin/ansible-playbook', '-i', join(work, 'inventory.ini'), join(work, name)], { env });
  };

  it('a run_once task makes one request for every host\'s vendor, and one for a list of 10,000, a vendor (or none) per address in order', async () => {
    const before = await batches();
    const listed = Array.from({ length: LISTED }, (_, i) => macOf(i));
    writeFileSync(join(work, 'macs.json'), JSON.stringify({ macs: listed }));
    const r = await playbook('fleet.yml', `
- hosts: all
  gather_facts: false
  vars_files: [${join(work, 'macs.json')}]
  tasks:
    - name: every host's vendor, in one batch
      run_once: true
      copy:
        content: "{{ groups['all'] | map('extract', hostvars, 'mac') | list | mac_vendor | to_json }}"
        dest: ${join(work, 'hosts.json')}
    - name: a list's vendors, in one batch
      run_once: true
      copy:
        content: "{{ macs | mac_vendor | to_json }}"
        dest: ${join(work, 'listed.json')}
`);
    expect(r.code, r.out).toBe(0);
    expect((await batches()) - before).toBe(2);
    const expected = (n: number) => Array.from({ length: n }, (_, i) => (macOf(i).startsWith('00:03:93') ? 'Apple, Inc.' : null));
    expect(JSON.parse(readFileSync(join(work, 'hosts.json'), 'utf8'))).toEqual(expected(HOSTS));
    expect(JSON.parse(readFileSync(join(work, 'listed.json'), 'utf8'))).toEqual(expected(LISTED));
  });

  it('per host: mac_vendor and mac_analysis (with fields and lang) answer as the API does (a private registration\'s vendor is null; a generator is many addresses), and the list form of mac_analysis keeps errors as items', async () => {
    const r = await playbook('hosts.yml', `
- hosts: h0:h1:h99
  gather_facts: false
  tasks:
    - copy:
        content: "{{ {'vendor': mac | mac_vendor if not mac.startswith('bad') else 'skipped', 'private': '9c:93:e4:00:00:01' | mac_vendor, 'mapped': groups['all'][:3] | map('extract', hostvars, 'mac') | mac_vendor, 'analysis': '00:03:93:ab:12:34' | mac_analysis(fields='vendor.name,vendor.country,hints.id', lang='fr'), 'items': [mac, '02:42:ac:11:00:02'] | mac_analysis(fields='vendor.name,hints.id')} | to_json }}"
        dest: "${work}/facts-{{ inventory_hostname }}.json"
`);
    expect(r.code, r.out).toBe(0);
    const read = (host: string) => JSON.parse(readFileSync(join(work, `facts-${host}.json`), 'utf8')) as { vendor: string | null; private: unknown; mapped: unknown; analysis: unknown; items: unknown[] };
    const facts = { h0: read('h0'), h1: read('h1'), h99: read('h99') };
    expect([facts.h0.vendor, facts.h1.vendor, facts.h99.vendor]).toEqual(['Apple, Inc.', null, 'skipped']);
    // A private registration has no name: null, as the API says (not the string "None").
    expect(facts.h0.private).toBe(null);
    // A map filter's generator, without | list, is many addresses, not one.
    expect(facts.h0.mapped).toEqual(['Apple, Inc.', null, 'Apple, Inc.']);
    const api = await (await fetch(`${service.url}/api/mac/00:03:93:ab:12:34?fields=vendor.name,vendor.country,hints.id&lang=fr`)).json();
    expect(facts.h0.analysis).toEqual(api);
    expect(facts.h99.items).toEqual([
      { input: 'bad-99', error: expect.objectContaining({ code: 'invalid_mac' }) },
      { input: '02:42:ac:11:00:02', analysis: { vendor: null, hints: [{ id: 'container' }] } },
    ]);
  });

  it('an invalid address fails its task, saying why', async () => {
    const r = await playbook('bad.yml', `
- hosts: h0
  gather_facts: false
  tasks:
    - debug:
        msg: "{{ 'not a mac' | mac_vendor }}"
`);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain("mac_analysis: 'not a mac': invalid_mac:");
  });
});
