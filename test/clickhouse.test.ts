/**
 * ClickHouse enriching flows from the service (contract v1.6), with Debian's clickhouse-server:
 * two servers as the two shards of a Distributed table of 1,000,000 flow keys (some of them no
 * address, with tabs, quotes, backslashes, spaces and line feeds), and each shard's three
 * dictionaries (bench/clickhouse-cluster.ts, as docs/DATA-ENGINES.md sets them up). The `http`
 * cache dictionary and the CLI's `executable` one give every row what the service's own batch
 * gives; the registry dictionary's longest-prefix query gives the same vendor for every address
 * in the colon form; a bad key comes back empty and fails nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTES, blockVendorSql, flowKeys, loadKeys, startCluster, tsvEscape, type Cluster } from '../bench/clickhouse-cluster.js';
import { firstCell } from '../src/csv/csv.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('clickhouse');
const COUNT = 1_000_000;

// Rows of a TSV answer, each cell unescaped (ClickHouse writes ' as \' too).
const rowsOf = (text: string) => text.split('\n').slice(0, -1).map((line) => line.split('\t').map((cell) => firstCell(cell, 'tsv')));

describe.runIf(READY)('ClickHouse dictionaries over the service and the CLI', { timeout: 240_000 }, () => {
  let service: RunningServer;
  let cluster: Cluster;
  const keys = flowKeys(COUNT);
  // What the service's batch answers for every key: key → the attributes' cells.
  const expected = new Map<string, string>();

  beforeAll(async () => {
    service = await startServer({ HTTP_THREADS: '1' });
    cluster = await startCluster(service.url);
    await loadKeys(cluster, keys);
    const res = await fetch(`${service.url}/api/mac/batch?input=tsv&format=tsv&header=absent&fields=${ATTRIBUTES.join(',')}`, { method: 'POST', body: new Uint8Array(Buffer.from(keys.map((k) => `${tsvEscape(k)}\n`).join(''))) });
    const rows = rowsOf(await res.text());
    expect(rows).toHaveLength(keys.filter((k) => k.trim() !== '').length);
    for (const [key, ...cells] of rows) expected.set(key, cells.join('\t'));
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
    await service?.stop();
  });

  // Every key of the Distributed table with what `dictionary` gives it, as key → cells.
  async function throughDictionary(dictionary: string): Promise<Map<string, string>> {
    const columns = ATTRIBUTES.map((a) => `dictGetString('${dictionary}', '${a}', tuple(mac))`).join(', ');
    const rows = rowsOf(await cluster.shards[0].query(`SELECT mac, ${columns} FROM flows_all FORMAT TabSeparated`));
    expect(rows).toHaveLength(COUNT);
    return new Map(rows.map(([key, ...cells]) => [key, cells.join('\t')]));
  }

  for (const dictionary of ['mac_vendor_http', 'mac_vendor_cli']) {
    it(`${dictionary}: every row of the Distributed table gets what the service's batch gives its key, each shard asking for its own`, async () => {
      const got = await throughDictionary(dictionary);
      const empty = ATTRIBUTES.map(() => '').join('\t');
      const differ = keys.filter((key) => got.get(key) !== (expected.get(key) ?? empty));
      expect(differ.slice(0, 5).map((k) => [k, got.get(k), expected.get(k)])).toEqual([]);
      expect([...got.values()].filter((v) => v.startsWith('Apple, Inc.\t')).length).toBeGreaterThan(1000);
      for (const shard of cluster.shards) {
        const [count] = (await shard.query(`SELECT element_count FROM system.dictionaries WHERE name = '${dictionary}'`)).trim().split('\n');
        expect(Number(count), `each shard fills its own ${dictionary}`).toBeGreaterThan(COUNT / 3);
      }
    });
  }

  it('keys that are no address (tabs, quotes, backslashes, spaces, line feeds) get empty cells and fail nothing', async () => {
    const odd = keys.filter((k) => /[\t"\\\n ]/.test(k) || !/^[0-9a-f:]+$/i.test(k));
    expect(odd.length).toBeGreaterThan(9000);
    const got = await throughDictionary('mac_vendor_http');
    for (const key of odd) expect(got.get(key), JSON.stringify(key)).toBe(expected.get(key) ?? ATTRIBUTES.map(() => '').join('\t'));
    // A key that is not UTF-8 reaches the service as bytes it reads with replacement characters:
    // its echo is not the key, so ClickHouse finds no row for it and gives the empty default.
    const bad = await cluster.shards[0].query("SELECT dictGetString('mac_vendor_http', 'vendor', tuple(unhex('FFFE41'))), dictGetString('mac_vendor_http', 'vendor', tuple(' 00:03:93:ab:12:34'))");
    expect(bad).toBe('\tApple, Inc.\n');
  });

  it('mac_blocks and its longest-prefix query give every address in the colon form the vendor the service gives, and others nothing', async () => {
    const rows = rowsOf(await cluster.shards[0].query(`SELECT mac, ${blockVendorSql('mac')} FROM flows_all FORMAT TabSeparated`));
    expect(rows).toHaveLength(COUNT);
    const colon = /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i;
    const differ = rows.filter(([key, vendor]) => vendor !== (colon.test(key) ? expected.get(key)!.split('\t')[0] : ''));
    expect(differ.slice(0, 5).map(([k, v]) => [k, v, expected.get(k)])).toEqual([]);
    // Group addresses of an assigned block, a CID (a hint, not a vendor), a historical local block.
    const sample = ['01:00:5e:00:00:fb', '03:03:93:00:00:01', '0a:2a:33:00:00:01', '02:60:8c:00:00:01', '70:b3:d5:6c:01:02', '00:1b:c5:00:01:02'];
    const answered = await cluster.shards[0].query(`SELECT ${blockVendorSql('m')} FROM (SELECT arrayJoin([${sample.map((m) => `'${m}'`).join(',')}]) AS m) FORMAT TabSeparated`);
    const batch = await fetch(`${service.url}/api/mac/batch?format=tsv&header=absent&fields=vendor`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: sample.join('\n') });
    expect(answered).toBe((await batch.text()).split('\n').map((l) => l.split('\t').slice(1).join('')).join('\n'));
  });
});
