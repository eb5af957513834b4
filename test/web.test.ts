/**
 * The web page in a real browser: Debian's Chromium driven by playwright-core, against the
 * real server on an ephemeral port. Screenshots land in test/artifacts/ (desktop and phone).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebAssets } from '../src/web/assets.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('web');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = 'test/artifacts';

// What `arp -a` prints on Linux (net-tools), as a user would paste it.
const ARP_TABLE = `? (192.168.1.1) at 00:03:93:ab:12:34 [ether] on eth0
nas.lan (192.168.1.20) at 70:b3:d5:6c:01:02 [ether] on eth0
? (192.168.1.30) at 02:42:ac:11:00:02 [ether] on eth0
printer.lan (192.168.1.40) at 00:50:56:a1:0b:2c [ether] on eth0
? (192.168.1.1) at 00:03:93:ab:12:34 [ether] on wlan0
? (192.168.1.50) at <incomplete> on eth0
? (224.0.0.251) at 01:00:5e:00:00:fb [ether] PERM on eth0`;

let server: RunningServer;
let browser: Browser;
const external: string[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer({ HTTP_THREADS: '1' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(locale: string, width = 1280, height = 900, query = ''): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale, viewport: { width, height }, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(server.url) && !r.url().startsWith('blob:')) external.push(r.url());
  });
  await page.goto(`${server.url}/${query}`);
  await page.waitForFunction(() => document.querySelector('#examples button') !== null); // the app is running
  expect(errors).toEqual([]);
  return { context, page };
}

// Types `mac` key by key, then waits for the analysis of the whole of it: the page analyses as
// you type, so an earlier prefix (`…:00:F`, itself a valid address) may be on screen for a moment.
async function typeMac(page: Page, mac: string) {
  await page.fill('#mac', '');
  await page.locator('#mac').pressSequentially(mac, { delay: 10 });
  const hex = mac.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
  if (hex.length !== 12) return; // not a plain MAC (an IPv6 or EUI-64 input): the caller waits for what it expects
  const canonical = hex.match(/../g)!.join(':');
  await page.waitForFunction((c) => document.querySelector('[data-format="canonical"] code')?.textContent === c, canonical);
}

const text = (page: Page, selector: string) => page.locator(selector).innerText();

describe.runIf(READY)('single address', () => {
  it('an MA-L address: vendor card, first-octet diagram, every format with a working copy button', async () => {
    const { context, page } = await open('en-GB');
    await typeMac(page, '00:03:93:ab:12:34');
    await page.waitForSelector('#vendor dl');
    const vendor = await text(page, '#vendor');
    expect(vendor).toContain('Apple, Inc.');
    expect(vendor).toContain('MA-L');
    expect(vendor).toContain('00:03:93:00:00:00');
    expect(vendor).toContain('United States (US)');
    expect(vendor).toContain('Cupertino');
    expect(vendor).toMatch(/First seen in the registry\s+9 Nov 2000 · archived registry files \(DeepMAC, Wireshark\)/);
    expect(await page.locator('#vendor time').getAttribute('datetime')).toBe('2000-11-09');
    await page.click('[data-lang="fr"]');
    await page.waitForFunction(() => document.querySelector('#vendor')?.textContent?.includes('Vu pour la première fois'));
    expect(await text(page, '#vendor')).toMatch(/Vu pour la première fois dans le registre\s+9 nov\. 2000 · archives du registre/);
    await page.click('[data-lang="en"]');
    await page.waitForFunction(() => document.querySelector('#vendor')?.textContent?.includes('First seen'));
    expect(await page.locator('#special').count()).toBe(0);
    expect(await page.locator('.bit.ig .value').innerText()).toBe('0');
    expect(await page.locator('.bit.ul .value').innerText()).toBe('0');
    expect(await text(page, '#bits')).toContain('Universally administered');
    const rows = page.locator('#formats tr');
    expect(await rows.count()).toBe(8);
    expect(await page.locator('#formats tr[data-format="cisco"] code').innerText()).toBe('0003.93ab.1234');
    await page.locator('#formats tr[data-format="ipv6LinkLocal"] button').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('fe80::203:93ff:feab:1234');
    expect(await page.locator('#formats tr[data-format="ipv6LinkLocal"] button').innerText()).toBe('Copied');
    expect(new URL(page.url()).searchParams.get('mac')).toBe('00:03:93:ab:12:34');
    expect(await page.locator('#announce').textContent()).toBe('00:03:93:AB:12:34 · Apple, Inc. (MA-L)'); // the one line a screen reader hears
    await page.screenshot({ path: `${ARTIFACTS}/desktop-single-en.png`, fullPage: true });
    await context.close();
  });

  it('an MA-S address in Cisco notation shows its 4,096-address block', async () => {
    const { context, page } = await open('en-GB');
    await typeMac(page, '70b3.d56c.0102');
    await page.waitForSelector('#vendor dl');
    const vendor = await text(page, '#vendor');
    expect(vendor).toContain('MA-S');
    expect(vendor).toContain('70:B3:D5:6C:0/36');
    expect(vendor).toContain('4,096 addresses');
    expect(vendor).toContain('Russia (RU)');
    await context.close();
  });

  it('a Zigbee radio\'s 64-bit identifier, pasted as Zigbee2MQTT prints it, shows its vendor and 64-bit forms; an InfiniBand address its port GUID (English and French)', async () => {
    const { context, page } = await open('en-GB');
    await typeMac(page, '0x00124b0001020304');
    await page.waitForFunction(() => document.querySelector('[data-format="canonical"] code')?.textContent === '00:12:4B:00:01:02:03:04');
    await page.waitForSelector('#vendor dl');
    const vendor = await text(page, '#vendor');
    expect(vendor).toContain('Texas Instruments');
    expect(vendor).toContain('00:12:4B:00:00:00:00:00');
    expect(vendor).toContain('1,099,511,627,776 addresses');
    expect(await text(page, '#formats')).toContain('A 64-bit identifier (EUI-64');
    expect(await page.locator('#formats tr[data-format="cisco"] code').innerText()).toBe('0012.4b00.0102.0304');
    expect(await page.locator('#formats tr[data-format="ipv6LinkLocal"] code').innerText()).toBe('fe80::212:4b00:102:304');
    await page.click('[data-lang="fr"]');
    await typeMac(page, '80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de');
    await page.waitForFunction(() => document.querySelector('#derived')?.textContent?.includes('GUID de port'));
    expect(await text(page, '#vendor')).toContain('Mellanox Technologies, Inc.');
    expect(await page.locator('[data-format="canonical"] code').innerText()).toBe('00:02:C9:03:00:0A:BC:DE');
    await context.close();
  });

  it('a DHCPv6 DUID as ipconfig /all prints it shows the MAC inside and the DUID\'s time; snmpwalk\'s Hex-STRING its MAC (English and French)', async () => {
    const { context, page } = await open('en-GB');
    await typeMac(page, '00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34');
    await page.waitForFunction(() => document.querySelector('#derived')?.textContent?.includes('00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34') === true);
    expect(await text(page, '#derived')).toContain('The MAC address inside the DHCPv6 DUID 00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34.');
    expect(await text(page, '#derived')).toMatch(/The DUID was made on 20 September 2022 at 20:28:32 (UTC|GMT)/);
    expect(await page.locator('[data-format="canonical"] code').innerText()).toBe('00:03:93:AB:12:34');
    await page.click('[data-lang="fr"]');
    await page.waitForFunction(() => document.querySelector('#derived')?.textContent?.includes('20 septembre 2022') === true);
    expect(await text(page, '#derived')).toContain('DUID DHCPv6 00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34');
    await typeMac(page, '00 50 79 66 68 0F');
    await page.waitForFunction(() => document.querySelector('[data-format="canonical"] code')?.textContent === '00:50:79:66:68:0F');
    expect(await page.locator('#derived').count()).toBe(0);
    await context.close();
  });

  it('a multicast address: I/G bit set and the special card', async () => {
    const { context, page } = await open('en-GB');
    await typeMac(page, '01-00-5E-00-00-FB');
    await page.waitForSelector('#special');
    expect(await page.locator('.bit.ig .value').innerText()).toBe('1');
    expect(await text(page, '#bits')).toContain('multicast');
    const special = await text(page, '#special');
    expect(special).toContain('Multicast DNS (224.0.0.251)');
    expect(special).toContain('RFC 6762');
    await page.screenshot({ path: `${ARTIFACTS}/desktop-multicast-en.png`, fullPage: true });
    await context.close();
  });

  it('an IPv6 input, hints, the short name and derived facts are shown (English and French)', async () => {
    const { context, page } = await open('en-GB');
    await typeMac(page, 'fe80::203:93ff:feab:1234');
    // The final input's facts: a pause while typing can first show those of a shorter input
    // ("…feab:123" is an IPv6 address too), which the final one then replaces.
    await page.waitForFunction(() => document.querySelector('#derived')?.textContent?.includes('fe80::203:93ff:feab:1234 ') === true);
    expect(await text(page, '#derived')).toContain('inside the IPv6 address fe80::203:93ff:feab:1234');
    expect(await text(page, '#vendor')).toContain('Short name');
    expect(await text(page, '#vendor')).toContain('Apple');
    await typeMac(page, '52:54:00:12:34:56');
    await page.waitForSelector('#hints [data-hint="virtual-machine"]');
    expect(await text(page, '#hints')).toContain('Virtual machine (QEMU/KVM)');
    // The platform's name, not its code.
    expect(await text(page, '#hints [data-hint="virtual-machine"] .facts')).toMatch(/Platform\s*QEMU\/KVM/);
    expect(await text(page, '#hints')).not.toContain('kvm-qemu');
    await typeMac(page, '01:00:5e:00:00:fb');
    await page.waitForFunction(() => document.querySelector('#special')?.textContent?.includes('IPv4 groups'));
    expect(await text(page, '#special')).toContain('239.128.0.251');
    await page.screenshot({ path: `${ARTIFACTS}/desktop-derived-en.png`, fullPage: true });
    await context.close();
    const fr = await open('fr-FR');
    await typeMac(fr.page, 'da:a1:19:12:34:56');
    await fr.page.waitForSelector('#hints [data-hint="cid"]');
    expect(await text(fr.page, '#hints')).toContain('Identifiant d’entreprise (CID) de Google, Inc.');
    await typeMac(fr.page, '00:50:56:01:02:03');
    await fr.page.waitForSelector('#hints [data-hint="virtual-machine"]');
    expect(await text(fr.page, '#hints [data-hint="virtual-machine"] .facts')).toMatch(/Plate-forme\s*VMware/);
    expect(await text(fr.page, '#hints')).not.toContain('vmware');
    await fr.context.close();
  });

  it('an invalid address shows the API’s localised error', async () => {
    const { context, page } = await open('en-GB');
    const api = (await (await fetch(`${server.url}/api/mac/${encodeURIComponent('00:1g:22:33:44:55')}?lang=en`)).json()) as { title: string; detail: string };
    await typeMac(page, '00:1g:22:33:44:55');
    // The final input's error: on a busy machine a pause while typing can show a shorter
    // input's error first ("00:1": 2 groups), which the final one then replaces.
    await page.waitForFunction((detail) => document.querySelector('.problem[role="alert"]')?.textContent?.includes(detail) === true, api.detail);
    expect(await text(page, '.problem')).toContain(api.detail);
    expect(await text(page, '.problem')).toContain(api.title);
    expect(await page.locator('#announce').textContent()).toBe(api.title);
    expect(await page.locator('#vendor').count()).toBe(0);
    await context.close();
  });

  it('while typing, only the final address is shown', async () => {
    const { context, page } = await open('en-GB');
    await page.locator('#mac').pressSequentially('ff:ff:ff:ff:ff:ff', { delay: 0 });
    await page.waitForSelector('#special');
    expect(await text(page, '#special')).toContain('Broadcast');
    await page.fill('#mac', '');
    await page.waitForFunction(() => document.querySelector('#result')?.childElementCount === 0);
    await context.close();
  });
});

describe.runIf(READY)('language', () => {
  it('defaults to the browser language, switches, and remembers the choice', async () => {
    const { context, page } = await open('fr-FR', 1280, 900, '?mac=00:03:93:ab:12:34');
    await page.waitForSelector('#vendor dl');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await text(page, 'h1')).toBe('Analyse d’adresses MAC');
    expect(await text(page, '#vendor')).toContain('États-Unis');
    expect(await page.getAttribute('[data-lang="fr"]', 'aria-pressed')).toBe('true');

    await page.click('[data-lang="en"]');
    await page.waitForFunction(() => document.querySelector('#vendor')?.textContent?.includes('United States'));
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await text(page, 'h1')).toBe('MAC address analysis');
    expect(await page.locator('#formats button').first().innerText()).toBe('Copy');
    expect(await page.title()).toBe('MAC address analysis');

    await page.reload();
    await page.waitForSelector('#vendor dl');
    expect(await page.getAttribute('html', 'lang')).toBe('en'); // remembered over the browser's fr
    await page.click('[data-lang="fr"]');
    await page.waitForFunction(() => document.querySelector('#vendor')?.textContent?.includes('États-Unis'));
    expect(await page.locator('#formats button').first().innerText()).toBe('Copier');
    await context.close();
  });

  it('every text of the page changes with the language', async () => {
    const { context, page } = await open('en-GB', 1280, 900, '?mac=01:80:c2:00:00:0e');
    await page.waitForSelector('#special');
    const en = await page.locator('body').innerText();
    await page.click('[data-lang="fr"]');
    await page.waitForFunction(() => document.querySelector('#special h2')?.textContent === 'Adresse réservée');
    const fr = await page.locator('body').innerText();
    // Lines of prose (letters and spaces, 12+ characters) that stay identical after the switch
    // would be untranslated texts; addresses, codes and proper names are not prose.
    const prose = (s: string) => new Set(s.split('\n').map((l) => l.trim()).filter((l) => /^[A-Za-z][A-Za-z ,.'’()/-]{11,}$/.test(l)));
    const frLines = prose(fr);
    const sameInBoth = new Set(['Transmission']); // the same word in French
    const same = [...prose(en)].filter((l) => frLines.has(l) && !sameInBoth.has(l));
    expect(same).toEqual([]);
    await context.close();
  });
});

describe.runIf(READY)('bulk tab', () => {
  it('a pasted ARP table gives a sortable table, counts, and CSV and NDJSON downloads', async () => {
    const { context, page } = await open('en-GB');
    await page.click('#tab-bulk');
    expect(await page.isVisible('#panel-single')).toBe(false);
    await page.fill('#bulk-text', ARP_TABLE);
    // The table asks only for the members it shows (fields).
    const [extractCall] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/mac/extract')), page.click('#bulk-form button[type="submit"]')]);
    expect(new URL(extractCall.url()).searchParams.get('fields')).toContain('vendor.name');
    expect(Object.keys(((await extractCall.json()) as { items: Array<{ analysis: object }> }).items[0].analysis)).toEqual(['address', 'bits', 'vendor', 'special', 'hints']);
    await page.waitForSelector('table.results');
    expect(await text(page, '.summary')).toContain('5 distinct addresses found');
    const rows = page.locator('table.results tbody tr');
    expect(await rows.count()).toBe(5);
    expect(await rows.nth(0).innerText()).toContain('00:03:93:AB:12:34');
    expect(await rows.nth(4).innerText()).toContain('Multicast DNS');
    const byRegistry = await text(page, '#by-registry');
    expect(byRegistry).toMatch(/MA-L\s+3/);
    expect(byRegistry).toMatch(/MA-S\s+1/);
    expect(await text(page, '#by-vendor')).toMatch(/Apple, Inc\.\s+1/);
    // What each address suggests, as the single view says it: a container, a virtual machine.
    const hintsColumn = async () => page.locator('table.results tbody tr td:nth-child(6)').allInnerTexts();
    expect(await text(page, 'th[data-col="hints"]')).toBe('Suggests');
    expect(await hintsColumn()).toEqual(['', '', 'Container (Docker)', 'Virtual machine (VMware)', '']);
    await page.click('th[data-col="hints"] button');
    expect((await hintsColumn()).slice(-2)).toEqual(['Container (Docker)', 'Virtual machine (VMware)']);
    await page.click('th[data-col="line"] button');

    // Sort by manufacturer, then reverse it, with the keyboard.
    await page.click('th[data-col="vendor"] button');
    expect(await page.getAttribute('th[data-col="vendor"]', 'aria-sort')).toBe('ascending');
    const vendors = async () => page.locator('table.results tbody tr td:nth-child(2)').allInnerTexts();
    const ascending = await vendors();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'en')));
    await page.keyboard.press('Enter'); // focus stays on the header button
    expect(await page.getAttribute('th[data-col="vendor"]', 'aria-sort')).toBe('descending');
    expect(await vendors()).toEqual([...ascending].reverse());
    await page.screenshot({ path: `${ARTIFACTS}/desktop-bulk-en.png`, fullPage: true });

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download-csv')]);
    expect(csvDownload.suggestedFilename()).toBe('mac-analysis.csv');
    const csv = readFileSync((await csvDownload.path())!, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('input,canonical,ig,ul,vendor,short_name,registry,prefix,country,special,hints,error,detail');
    expect(csv).toHaveLength(6);
    expect(csv[1]).toContain('"Apple, Inc."');
    expect(csv[5]).toContain('ipv4-mdns');
    expect(csv[3]).toContain(',container:docker,');

    const [ndDownload] = await Promise.all([page.waitForEvent('download'), page.click('#download-ndjson')]);
    const nd = readFileSync((await ndDownload.path())!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { input: string });
    expect(nd.map((i) => i.input)).toEqual(['00:03:93:ab:12:34', '70:b3:d5:6c:01:02', '02:42:ac:11:00:02', '00:50:56:a1:0b:2c', '01:00:5e:00:00:fb']);
    await context.close();
  });

  it('text without addresses says so', async () => {
    const { context, page } = await open('fr-FR');
    await page.click('#tab-bulk');
    await page.fill('#bulk-text', 'nothing to see here\n2001:db8::1\n');
    await page.click('#bulk-form button[type="submit"]');
    // The answer replaces the "working" status (also muted): wait until it has.
    await page.waitForFunction(() => {
      const status = document.querySelector('#bulk-result [role="status"]')?.textContent ?? '';
      return status !== '' && status !== 'Analyse en cours…';
    });
    expect(await text(page, '#bulk-result')).toContain('Aucune adresse MAC');
    await context.close();
  });
});

describe.runIf(READY)('vendors tab', () => {
  it('searches as you type, opens a manufacturer\'s blocks with copy buttons and a CSV download (English and French)', async () => {
    const { context, page } = await open('en-GB');
    await page.click('#tab-vendors');
    expect(new URL(page.url()).hash).toBe('#vendors');
    await page.fill('#vendor-q', 'r');
    await page.waitForFunction(() => document.querySelector('#vendor-status')?.textContent?.includes('at least 2'));
    await page.fill('#vendor-q', 'raspberry');
    await page.waitForSelector('.vendor-list li');
    expect(await text(page, '#vendor-status')).toMatch(/^\d+ manufacturers found\.$/);
    const item = page.locator('.vendor-list li', { hasText: 'Raspberry Pi (Trading) Ltd' });
    expect(await item.locator('.meta').innerText()).toMatch(/United Kingdom · \d+ blocks/);
    await item.locator('button[aria-expanded]').click();
    expect(await item.locator('button[aria-expanded]').getAttribute('aria-expanded')).toBe('true');
    const rows = item.locator('table.results tbody tr');
    expect(await rows.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('2C:CF:67')]));
    await rows.first().locator('button.copy').click();
    await rows.first().locator('button.copy', { hasText: 'Copied' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), item.locator('.download-blocks').click()]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('prefix,prefix_length,registry,first,last,size,first_seen,name,country');
    expect(csv).toContain('2C:CF:67,24,MA-L,2C:CF:67:00:00:00,2C:CF:67:FF:FF:FF,16777216,2024-01-08,Raspberry Pi (Trading) Ltd,GB');
    // Its blocks on a time line: a dot per block, in the lane of its registry, titled with its date.
    const dots = item.locator('.timeline circle');
    expect(await dots.count()).toBe(await rows.count());
    expect(await item.locator('.timeline circle[data-prefix="2C:CF:67"] title').textContent()).toBe('2C:CF:67 · MA-L · first seen 8 Jan 2024');
    expect(await rows.filter({ hasText: '2C:CF:67' }).innerText()).toContain('8 Jan 2024');
    expect(await item.locator('.timeline-figure figcaption').innerText()).toMatch(/^When each of its \d+ blocks was first seen: \d+ \w+ \d{4} to \d+ \w+ \d{4}\.$/);
    await page.screenshot({ path: `${ARTIFACTS}/desktop-vendors-en.png`, fullPage: true });
    await page.click('[data-lang="fr"]');
    await page.waitForFunction(() => document.querySelector('#vendor-status')?.textContent?.includes('fabricants trouvés'));
    expect(await page.locator('.vendor-list li', { hasText: 'Raspberry Pi (Trading) Ltd' }).locator('.meta').innerText()).toMatch(/Royaume-Uni · \d+ blocs/);
    await context.close();
  });

  it('a prefix lists the blocks around it, the answered one marked; it fits a phone width', async () => {
    const { context, page } = await open('fr-FR', 390, 844);
    await page.click('#tab-vendors');
    await page.fill('#vendor-q', '70-B3-D5-6C-01-02');
    await page.waitForSelector('#vendor-result table.results');
    expect(await text(page, '#vendor-status')).toBe('2 blocs contiennent 70:B3:D5:6C:01:02 ou s’y trouvent.');
    const rows = await page.locator('#vendor-result tbody tr').allInnerTexts();
    expect(rows[0]).toContain('IEEE Registration Authority');
    expect(rows[1]).toContain('LLC NTZ Mekhanotronika');
    expect(await page.locator('#vendor-result tr.most-specific').innerText()).toContain('70:B3:D5:6C:0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.fill('#vendor-q', '00:1B:C5');
    await page.waitForFunction(() => /^\d+ blocs contiennent 00:1B:C5/.test(document.querySelector('#vendor-status')?.textContent ?? ''));
    expect(await page.locator('#vendor-result tr.most-specific').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}/phone-vendors-fr.png`, fullPage: true });
    await context.close();
  });
});

describe.runIf(READY)('the registry over time', () => {
  it('draws the blocks first seen per year, stacked by registry, with the numbers, the downloads and the credit (English and French)', async () => {
    const registry = (await (await fetch(`${server.url}/api/registry`)).json()) as { dates: { byYear: Array<{ year: number; 'MA-L': number; 'MA-M': number; 'MA-S': number }> } };
    const years = registry.dates.byYear;
    const { context, page } = await open('en-GB');
    await page.click('#tab-vendors');
    await page.waitForSelector('#history-chart svg g.year');
    // A bar per year from the first to the last, each of its parts the count of its registry.
    expect(await page.locator('#history-chart g.year').count()).toBe(years[years.length - 1].year - years[0].year + 1);
    const y2024 = years.find((y) => y.year === 2024)!;
    const bar = page.locator('#history-chart g.year[data-year="2024"]');
    expect(await bar.locator('rect').evaluateAll((rects) => rects.map((r) => r.getAttribute('data-registry')))).toEqual(['MA-L', 'MA-M', 'MA-S']);
    const heights = await bar.locator('rect').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
    expect(heights[0] / heights[2]).toBeCloseTo(y2024['MA-L'] / y2024['MA-S'], 1);
    expect(await bar.locator('title').textContent()).toBe(`2024: ${(y2024['MA-L'] + y2024['MA-M'] + y2024['MA-S']).toLocaleString('en-GB')} blocks (MA-L ${y2024['MA-L'].toLocaleString('en-GB')}, MA-M ${y2024['MA-M'].toLocaleString('en-GB')}, MA-S ${y2024['MA-S'].toLocaleString('en-GB')})`);
    expect(await page.getAttribute('#history-chart .chart', 'aria-label')).toMatch(/^Bar chart: [\d,]+ blocks first seen from \d{4} to \d{4}, per year and registry\.$/);
    expect(await page.locator('#registry-history .legend li').allInnerTexts()).toHaveLength(3);
    expect(await page.locator('#registry-history .legend li[data-registry="MA-S"] rect').getAttribute('fill')).toBe('#8a3b00');
    expect(await text(page, '#registry-history figcaption')).toMatch(/The dataset ends on 20 Jun 2025: the blocks published since are dated by this service’s registry snapshot \(\d+ \w+ \d{4}\)\.$/);
    await page.click('#registry-history details summary');
    expect(await page.locator('#registry-history details tbody tr', { hasText: '2024' }).innerText()).toContain(y2024['MA-S'].toLocaleString('en-GB'));
    expect(await page.locator('#registry-history .downloads a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([...['csv', 'ndjson', 'json', 'parquet'].map((f) => `/api/registry/blocks?format=${f}`), '/api/registry/ranges?format=parquet', ...['manuf', 'nmap', 'arp-scan'].map((f) => `/api/registry/blocks?format=${f}`)]);
    const [ranges] = await Promise.all([page.waitForEvent('download'), page.click('#registry-history .downloads a[href$="ranges?format=parquet"]')]);
    expect(ranges.suggestedFilename()).toBe('mac-ranges.parquet');
    expect(readFileSync((await ranges.path())!).subarray(0, 4).toString()).toBe('PAR1');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#registry-history .downloads a[href$="nmap"]')]);
    expect(download.suggestedFilename()).toBe('nmap-mac-prefixes');
    expect(readFileSync((await download.path())!, 'utf8')).toMatch(/^2CCF67 Raspberry Pi \(Trading\) Ltd$/m);
    expect(await text(page, 'footer .credit')).toMatch(/^First-seen dates: MAC Address Age Tracking \(hdm\/mac-ages\), .* licensed CC BY 4\.0; for the blocks it does not hold \(published after 20 June 2025\), this service adds the date of its own registry snapshot\.$/);
    expect(await page.getAttribute('footer .credit a', 'href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    await page.screenshot({ path: `${ARTIFACTS}/desktop-history-en.png`, fullPage: true });
    await page.click('[data-lang="fr"]');
    await page.waitForFunction(() => document.querySelector('#history-chart .chart')?.getAttribute('aria-label')?.startsWith('Histogramme'));
    expect(await text(page, '#history-h')).toBe('Le registre au fil du temps');
    expect(await page.locator('#history-chart g.year[data-year="2024"] title').textContent()).toMatch(/^2024 : [\d\s\u202f]+ blocs \(MA-L/);
    expect(await text(page, 'footer .credit')).toMatch(/^Dates de première apparition : MAC Address Age Tracking .* sous licence CC BY 4\.0 ; pour les blocs/);
    await context.close();
  });

  it('fits a phone width, its texts at the page’s size', async () => {
    const { context, page } = await open('fr-FR', 390, 844, '#vendors');
    await page.waitForSelector('#history-chart svg g.year');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const svg = await page.locator('#history-chart svg.history').boundingBox();
    expect(svg!.width).toBeLessThanOrEqual(390);
    // Drawn at its box's width in CSS pixels: a year label is 12 px high, not scaled down.
    const fontSize = await page.locator('#history-chart svg.history text').first().evaluate((t) => getComputedStyle(t).fontSize);
    expect(fontSize).toBe('12px');
    const labels = await page.locator('#history-chart svg.history > text[text-anchor="middle"]').allTextContents();
    expect(labels.length).toBeGreaterThan(2);
    await page.fill('#vendor-q', 'raspberry');
    await page.waitForSelector('.vendor-list li');
    await page.locator('.vendor-list li', { hasText: 'Raspberry Pi (Trading) Ltd' }).locator('button[aria-expanded]').click();
    await page.waitForSelector('.timeline circle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await page.locator('.timeline').boundingBox())!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}/phone-history-fr.png`, fullPage: true });
    await context.close();
  });
});

describe.runIf(READY)('accessibility and layout', () => {
  it('tabs work from the keyboard, and every field has a label', async () => {
    const { context, page } = await open('en-GB');
    await page.focus('#tab-single');
    await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#tab-bulk', 'aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-bulk');
    expect(await page.isVisible('#panel-bulk')).toBe(true);
    await page.keyboard.press('Home');
    expect(await page.getAttribute('#tab-single', 'aria-selected')).toBe('true');
    const unlabelled = await page.$$eval('input, textarea', (els) => els.filter((e) => !document.querySelector(`label[for="${e.id}"]`)).map((e) => e.id));
    expect(unlabelled).toEqual([]);
    await context.close();
  });

  it('fits a phone-width screen without horizontal scrolling', async () => {
    const { context, page } = await open('fr-FR', 390, 844, '?mac=01:00:5e:00:00:fb');
    await page.waitForSelector('#special');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${ARTIFACTS}/phone-single-fr.png`, fullPage: true });
    await page.click('#tab-bulk');
    await page.click('#bulk-example');
    await page.click('#bulk-form button[type="submit"]');
    await page.waitForSelector('table.results');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390); // the table scrolls inside its box
    await page.screenshot({ path: `${ARTIFACTS}/phone-bulk-fr.png`, fullPage: true });
    await context.close();
  });

  it('the page loads nothing from another origin', () => {
    expect(external).toEqual([]);
  });
});

describe.runIf(READY)('static assets over HTTP', () => {
  it('are loaded once at start; a tree without the built page is refused with the files named', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const empty = mkdtempSync(join(tmpdir(), 'mac-web-'));
    expect(() => loadWebAssets(empty)).toThrow(/web page is not built .*index\.html.*app\.js/);
    const assets = loadWebAssets();
    expect([...assets.keys()]).toEqual(expect.arrayContaining(['/', '/assets/app.js', '/assets/app.css', '/assets/favicon.svg', '/assets/i18n.js']));
  });

  it('are served from memory with ETag revalidation, gzip and a strict CSP', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const etag = page.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(await page.text()).toContain('<script type="module" src="/assets/app.js">');

    const again = await fetch(`${server.url}/`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const js = await fetch(`${server.url}/assets/app.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-encoding')).toBe('gzip'); // fetch decodes it
    expect(js.headers.get('cache-control')).toBe('public, max-age=300');
    expect(js.headers.get('vary')).toBe('Accept-Encoding');
    expect(await js.text()).toContain('mountSingle');
    const plain = await fetch(`${server.url}/assets/app.css`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('text/css; charset=utf-8');

    const head = await fetch(`${server.url}/assets/app.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(500);
    expect((await fetch(`${server.url}/`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(`${server.url}/assets/nope.js`)).status).toBe(404);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/mac_http_requests_total\{route="web",status="2xx"\} [1-9]/);
  });
});
