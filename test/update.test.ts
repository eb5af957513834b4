/**
 * `mac-analyze update` against a local HTTP server in the IEEE's layout, serving the real
 * files (Debian's ieee-data for MA-L, MA-M, MA-S and IAB; data/ieee/cid.csv) or broken ones:
 * a redirect is followed; a 403, a 418, a truncated file, an HTML page, an emptied registry
 * and a registry that shrank are refused with exit 5, and the registry file is left as it was.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArtifact } from '../src/registry/artifact.js';
import { blockKey, previousDates, readMacAges, tableKey } from '../src/registry/block-dates.js';
import { firstSeenOf, UNDATED } from '../src/registry/first-seen.js';
import { startIeeeSite, type IeeeSite } from './helpers/ieee-site.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('update');

/** How the site misbehaves for one file (or for all, with '*'). */
type Mode = 'ok' | 'redirect' | '403' | '418' | '503-once' | 'truncated' | 'html' | 'emptied' | 'shrunk' | 'extra';

let site: IeeeSite;
let base: string;
let modes: Record<string, Mode> = {};
let userAgents: string[] = [];
let flaky = 0;
/** Rows the 'extra' mode appends to the file. */
let extraRows: string[] = [];

beforeAll(async () => {
  site = await startIeeeSite((file, req, res, original) => {
    const mode = modes[file] ?? modes['*'] ?? 'ok';
    const answer = (status: number, headers: Record<string, string>, body = '') => {
      res.writeHead(status, headers).end(body);
      return true;
    };
    if (mode === 'redirect' && !req.url?.startsWith('/moved')) return answer(302, { Location: `/moved${req.url}` });
    if (mode === '403' || mode === '418') return answer(Number(mode), { 'Content-Type': 'text/html' }, '<html>no</html>');
    if (mode === '503-once' && flaky++ === 0) return answer(503, {});
    if (mode === 'html') return answer(200, { 'Content-Type': 'text/html; charset=utf-8' }, '<!doctype html><title>Maintenance</title>');
    let text = original;
    if (mode === 'truncated') text = text.slice(0, Math.floor(text.length * 0.97));
    if (mode === 'emptied') text = `${text.split('\n')[0]}\n`;
    if (mode === 'extra') text = `${text}${extraRows.join('')}`;
    if (mode === 'shrunk') {
      const rows = text.split(/(?<=\n)(?=[A-Z-]+,)/);
      text = rows.slice(0, Math.floor(rows.length * 0.85)).join('');
    }
    return text !== original && answer(200, { 'Content-Type': 'text/csv' }, text);
  });
  base = site.base;
  userAgents = site.userAgents;
});
afterAll(() => site.close());

/** Runs the CLI; resolves with exit code and output. */
function update(file: string, extra: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/src/cli/main.js', 'update', '--base-url', base, '--registry-file', file, '--retries', '2', '--timeout-ms', '10000', ...extra]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A registry file to update: a copy of the default build (or `from`). */
function registryCopy(from = 'data/registry.msgpack'): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mac-update-')), 'registry.msgpack');
  copyFileSync(from, file);
  return file;
}

describe.runIf(READY)('mac-analyze update', () => {
  let installed: string;

  it('installs the five IEEE files, says what changed, and sends a real User-Agent', async () => {
    modes = {};
    installed = registryCopy();
    // The default build (oui-data 2.1.9) is newer than Debian's 2022 files: allow the shrink.
    const r = await update(installed, ['--max-shrink', '0.5']);
    expect(r.stderr).not.toContain('refused');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^installed ieee-csv-2025-11-13-[0-9a-f]+ in .* \(was oui-data-/);
    expect(r.stdout).toMatch(/MA-L: \+\d+ -\d+, \d+ renamed, \d+ moved country/);
    const meta = readArtifact(installed).meta;
    expect(meta).toMatchObject({ source: 'ieee-csv', sourceDate: '2025-11-13' });
    expect(meta.counts).toMatchObject({ IAB: 4575, CID: 208 });
    expect(userAgents.at(-1)).toMatch(/^mac-analysis-service\/\d+\.\d+\.\d+ \(registry updater/);
  });

  it('keeps every block’s first-seen date, and dates a new block by the dataset, else by the snapshot', async () => {
    const before = readArtifact('data/registry.msgpack');
    const dataset = readMacAges();
    // Two MA-L blocks the default build lacks, added to the served oui.csv (whatever the
    // machine's ieee-data holds): one the dataset dates, one nothing dates.
    const inBuild = new Set(before.tables[24].prefixes);
    const datedElsewhere = [...dataset.keys()].map((k) => k.split(':')).find(([w, p]) => w === '24' && !inBuild.has(Number(p)) && (Number(p) & 0x030000) === 0)!;
    const datedPrefix = Number(datedElsewhere[1]);
    let undatedPrefix = 0xfcffa0;
    while (inBuild.has(undatedPrefix) || dataset.has(blockKey(24, undatedPrefix))) undatedPrefix++;
    const row = (prefix: number, name: string) => `MA-L,${prefix.toString(16).toUpperCase().padStart(6, '0')},${name},"1 Test Street, Testville US 00001"\n`;
    extraRows = [row(datedPrefix, 'Dated Elsewhere Inc'), row(undatedPrefix, 'Brand New Inc')];
    modes = { 'oui.csv': 'extra' };
    const file = registryCopy();
    const r = await update(file, ['--max-shrink', '0.5']);
    expect(r.code, r.stderr).toBe(0);
    const after = readArtifact(file);
    const was = previousDates(before.tables, before.cids);
    const now = previousDates(after.tables, after.cids);
    let kept = 0;
    let added = 0;
    for (const table of [24, 28, 36, 'CID'] as const) {
      const t = table === 'CID' ? after.cids : after.tables[table];
      for (let i = 0; i < t.prefixes.length; i++) {
        const key = tableKey(table, t.prefixes[i]);
        expect(t.dates[i], key).not.toBe(UNDATED);
        if (was.has(key)) {
          expect(now.get(key), key).toBe(was.get(key));
          kept++;
        } else {
          const fromDataset = dataset.get(blockKey(table === 'CID' ? 24 : table, t.prefixes[i]));
          expect(firstSeenOf(t.dates[i]), key).toEqual(fromDataset !== undefined ? firstSeenOf(fromDataset) : { date: '2025-11-13', source: 'snapshot' });
          added++;
        }
      }
    }
    expect(kept).toBeGreaterThan(40_000); // the blocks of the machine's ieee-data that the default build holds
    expect(added).toBeGreaterThanOrEqual(2);
    expect(firstSeenOf(now.get(tableKey(24, datedPrefix))!)).toEqual(firstSeenOf(dataset.get(blockKey(24, datedPrefix))!));
    expect(firstSeenOf(now.get(tableKey(24, undatedPrefix))!)).toEqual({ date: '2025-11-13', source: 'snapshot' }); // the files' Last-Modified
    expect(after.meta.dates.undated).toBe(0);
    extraRows = [];
    modes = {};
  });

  it('a second run with the same files asks conditionally, downloads nothing, builds nothing and changes nothing', async () => {
    const before = statSync(installed).mtimeMs;
    const kept = JSON.parse(readFileSync(`${installed}.validators.json`, 'utf8')) as { version: string; files: Record<string, { etag: string }> };
    expect(Object.keys(kept.files).sort()).toEqual(['cid.csv', 'iab.csv', 'mam.csv', 'oui.csv', 'oui36.csv']);
    expect(kept.version).toBe(readArtifact(installed).meta.version);
    const [bytes, answers] = [site.sent.bytes, site.sent.statuses.length];
    const r = await update(installed);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^unchanged /);
    expect(r.stderr).toMatch(/304 to every file/);
    expect(site.sent.bytes - bytes).toBe(0);
    expect(site.sent.statuses.slice(answers)).toEqual([304, 304, 304, 304, 304]);
    expect(statSync(installed).mtimeMs).toBe(before);
  });

  it('one history: the same start and the same files build the same bytes and version on any builder, at any time', async () => {
    const [a, b] = [registryCopy(), registryCopy()];
    expect((await update(a, ['--max-shrink', '0.5'])).code).toBe(0);
    await new Promise((r) => setTimeout(r, 1100)); // another second on the clock
    expect((await update(b, ['--max-shrink', '0.5'])).code).toBe(0);
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
  });

  it('validators of another snapshot are not used: every file is downloaded', async () => {
    const file = registryCopy();
    writeFileSync(`${file}.validators.json`, JSON.stringify({ version: 'another', files: JSON.parse(readFileSync(`${installed}.validators.json`, 'utf8')).files }));
    const answers = site.sent.statuses.length;
    expect((await update(file, ['--max-shrink', '0.5'])).code).toBe(0);
    expect(site.sent.statuses.slice(answers)).toEqual([200, 200, 200, 200, 200]);
  });

  it('follows a redirect, and retries a 503', async () => {
    modes = { '*': 'redirect' };
    expect((await update(registryCopy(installed))).code).toBe(0);
    modes = { 'oui.csv': '503-once' };
    flaky = 0;
    const r = await update(registryCopy(installed));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('HTTP 503');
    expect(r.stderr).toContain('retrying');
  });

  it.each([
    ['a 403', { 'oui.csv': '403' }, /oui\.csv: HTTP 403/],
    ['a 418', { 'mam.csv': '418' }, /mam\.csv: HTTP 418/],
    ['a truncated file', { 'oui.csv': 'truncated' }, /oui\.csv: (the file ends in the middle of a row|.* rows, fewer than)/],
    ['an HTML page instead of CSV', { 'oui36.csv': 'html' }, /oui36\.csv: the answer is text\/html, not CSV/],
    ['one registry emptied', { 'mam.csv': 'emptied' }, /mam\.csv: 0 rows, fewer than the 4000/],
    // The counts are those of the machine's own ieee-data (Debian 12's and 13's differ).
    ['a registry that shrank by 15%', { 'oui36.csv': 'shrunk' }, /MA-S would shrink from \d+ to \d+ blocks \(more than 10%\)/],
  ] as const)('refuses %s and leaves the registry file as it was', async (_name, mode, message) => {
    modes = mode as Record<string, Mode>;
    const file = registryCopy(installed);
    const before = readFileSync(file);
    const r = await update(file);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('The registry file was not changed.');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('rejects bad arguments with exit 2', async () => {
    expect((await update(registryCopy(), ['--max-shrink', '2'])).code).toBe(2);
    expect((await update(registryCopy(), ['--retries', '-1'])).code).toBe(2);
  });
});
