/**
 * Two throwaway ClickHouse servers (Debian's clickhouse-server) as the two shards of a
 * Distributed table of flow keys, each with the three dictionaries docs/DATA-ENGINES.md
 * describes: `mac_vendor_http` (a cache over the service's batch), `mac_vendor_cli` (a cache
 * over the CLI, an `executable` source) and `mac_blocks` (the registry, for a longest-prefix
 * query). Shared by test/clickhouse.test.ts and bench/clickhouse.ts; queries go over ClickHouse's
 * HTTP interface.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { probePort } from '../src/server/probe-port.js';
import { addressInputs } from './inputs.js';

/** The attributes the two cache dictionaries hold, in the order the service writes them (`fields`). */
export const ATTRIBUTES = ['vendor', 'registry', 'prefix', 'country'] as const;

/** The registry export's columns after its key (`GET /api/registry/blocks?format=csv`). */
const BLOCK_COLUMNS = ['registry', 'iab', 'name', 'short_name', 'country', 'address', 'first_seen'];

const CLI = resolve('dist/src/cli/main.js');

/** TSV escaping as ClickHouse's TabSeparated writes a String. */
export const tsvEscape = (k: string): string => k.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);

/**
 * The longest-prefix query over `mac_blocks` (docs/DATA-ENGINES.md) for the String column
 * `mac`: the 36-, 28- then 24-bit prefix of the address as it is (a CID is no vendor), then, for
 * a universal group address, the same with its I/G bit cleared, as the service looks up. It
 * reads the colon form only; any other key gives ''.
 */
export function blockVendorSql(mac: string): string {
  const m = `upper(${mac})`;
  // The first octet with its I/G bit cleared, then the rest of the address up to `length` characters in all.
  const cleared = (length: number) => `concat(hex(bitAnd(reinterpretAsUInt8(unhex(substring(${m}, 1, 2))), 254)), substring(${m}, 3, ${length - 2}))`;
  const has = (prefix: string) => `dictHas('mac_blocks', tuple(${prefix}))`;
  const own = (length: number) => `substring(${m}, 1, ${length})`;
  return `if(match(${mac}, '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$'), dictGetString('mac_blocks', 'name', tuple(multiIf(
    ${has(own(13))}, ${own(13)},
    ${has(own(10))}, ${own(10)},
    ${has(own(8))} AND dictGetString('mac_blocks', 'registry', tuple(${own(8)})) != 'CID', ${own(8)},
    bitAnd(reinterpretAsUInt8(unhex(substring(${m}, 1, 2))), 3) != 1, '',
    ${has(cleared(13))}, ${cleared(13)},
    ${has(cleared(10))}, ${cleared(10)},
    ${cleared(8)}))), '')`;
}

/**
 * `count` flow keys: addresses in the colon form, lower and upper case, from the benchmark mix
 * (registry blocks, special and multicast, unassigned, local), and one in a hundred a key that is
 * no address, with what an engine's strings hold: tabs, quotes, backslashes, spaces, line feeds.
 */
export function flowKeys(count: number): string[] {
  const odd = ['not a mac', ' 00:03:93:ab:12:34', 'tab\there', 'say "hi"', 'back\\slash', 'line\nfeed', '00:03:93:ab:12', 'zz:zz:zz:zz:zz:zz', '', ' '];
  return addressInputs(count, 7, undefined, ['canonical']).map((k, i) => (i % 100 === 7 ? `${odd[(i / 100) % odd.length | 0]}${i}` : i % 2 ? k.toUpperCase() : k));
}

// The dictionaries of one shard, over the service at `service` (its base URL).
function dictionaries(service: string): string {
  const attrs = (names: readonly string[]) => names.map((n) => `<attribute><name>${n}</name><type>String</type><null_value></null_value></attribute>`).join('');
  const key = (name: string) => `<key><attribute><name>${name}</name><type>String</type></attribute></key>`;
  const cache = '<layout><complex_key_cache><size_in_cells>4194304</size_in_cells></complex_key_cache></layout>';
  const fields = ATTRIBUTES.join(',');
  return `<?xml version="1.0"?>
<yandex>
  <dictionary>
    <name>mac_vendor_http</name>
    <source><http><url>${service}/api/mac/batch?input=tsv&amp;format=tsv&amp;header=absent&amp;fields=${fields}</url><format>TabSeparated</format></http></source>
    ${cache}<structure>${key('mac')}${attrs(ATTRIBUTES)}</structure><lifetime>3600</lifetime>
  </dictionary>
  <dictionary>
    <name>mac_vendor_cli</name>
    <source><executable><command>${process.execPath} ${CLI} --input tsv --format tsv --header absent --fields ${fields} --threads 0</command><format>TabSeparated</format></executable></source>
    ${cache}<structure>${key('mac')}${attrs(ATTRIBUTES)}</structure><lifetime>3600</lifetime>
  </dictionary>
  <dictionary>
    <name>mac_blocks</name>
    <source><http><url>${service}/api/registry/blocks?format=csv</url><format>CSVWithNames</format></http></source>
    <layout><complex_key_hashed/></layout>
    <structure>${key('prefix')}<attribute><name>prefix_length</name><type>UInt8</type><null_value>0</null_value></attribute>${attrs(BLOCK_COLUMNS)}</structure>
    <lifetime>3600</lifetime>
  </dictionary>
</yandex>
`;
}

/** One ClickHouse server of the pair. */
export interface Shard {
  readonly http: number;
  readonly tcp: number;
  readonly process: ChildProcess;
  /** Runs `sql` (with `body` as its data, for an INSERT); resolves with the answer, rejects with ClickHouse's error. */
  query(sql: string, body?: string | Uint8Array): Promise<string>;
}

/** The two shards and what stops them. */
export interface Cluster {
  readonly shards: readonly [Shard, Shard];
  stop(): Promise<void>;
}

async function queryAt(http: number, sql: string, body?: string | Uint8Array): Promise<string> {
  const url = body === undefined ? `http://127.0.0.1:${http}/` : `http://127.0.0.1:${http}/?query=${encodeURIComponent(sql)}`;
  const res = await fetch(url, { method: 'POST', body: body === undefined ? sql : new Uint8Array(Buffer.from(body)) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`ClickHouse: ${res.status} ${text}`);
  return text;
}

/**
 * Starts two ClickHouse servers in a new folder, the dictionaries over the service at `service`,
 * a `flows_local` table on each and `flows_all`, a Distributed table over both (cluster `two`).
 */
export async function startCluster(service: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'mac-clickhouse-'));
  const ports = [];
  for (let i = 0; i < 4; i++) ports.push(await probePort());
  const [http0, http1, tcp0, tcp1] = ports;
  const remote = `<remote_servers><two>${[tcp0, tcp1].map((p) => `<shard><replica><host>127.0.0.1</host><port>${p}</port></replica></shard>`).join('')}</two></remote_servers>`;
  const users = `<?xml version="1.0"?><yandex><profiles><default><max_memory_usage>4000000000</max_memory_usage></default></profiles>
<users><default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default></users>
<quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas></yandex>`;
  const shards: Shard[] = [];
  for (const [i, http, tcp] of [[0, http0, tcp0], [1, http1, tcp1]] as const) {
    const home = join(dir, `shard${i}`);
    for (const sub of ['data', 'tmp', 'log', 'dict', 'user_files']) mkdirSync(join(home, sub), { recursive: true });
    writeFileSync(join(home, 'users.xml'), users);
    writeFileSync(join(home, 'dict', 'mac.xml'), dictionaries(service));
    // keep_alive_timeout: at its 3 s default a server closes an idle connection just as fetch
    // may reuse it, between a test's slow steps ("other side closed").
    writeFileSync(join(home, 'config.xml'), `<?xml version="1.0"?><yandex>
<logger><level>warning</level><log>${home}/log/server.log</log><errorlog>${home}/log/error.log</errorlog><console>0</console></logger>
<http_port>${http}</http_port><tcp_port>${tcp}</tcp_port><listen_host>127.0.0.1</listen_host>
<path>${home}/data/</path><tmp_path>${home}/tmp/</tmp_path><user_files_path>${home}/user_files/</user_files_path>
<users_config>users.xml</users_config><default_profile>default</default_profile><default_database>default</default_database>
<mark_cache_size>104857600</mark_cache_size><keep_alive_timeout>600</keep_alive_timeout>${remote}<dictionaries_config>${home}/dict/*.xml</dictionaries_config></yandex>`);
    const child = spawn('/usr/sbin/clickhouse-server', [`--config-file=${join(home, 'config.xml')}`], { stdio: 'ignore' });
    shards.push({ http, tcp, process: child, query: (sql: string, body?: string | Uint8Array) => queryAt(http, sql, body) });
  }
  const stop = async () => {
    for (const s of shards) s.process.kill('SIGKILL');
    await Promise.all(shards.map((s) => new Promise((r) => (s.process.exitCode !== null ? r(null) : s.process.once('exit', r)))));
    if (process.env.KEEP_CLICKHOUSE !== '1') rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const s of shards) {
      for (let i = 0; ; i++) {
        if (s.process.exitCode !== null) throw new Error(`clickhouse-server exited with ${s.process.exitCode}`);
        if (await fetch(`http://127.0.0.1:${s.http}/ping`).then((r) => r.ok, () => false)) break;
        if (i > 300) throw new Error('clickhouse-server did not answer within 30 s');
        await sleep(100);
      }
      await s.query('CREATE TABLE flows_local (mac String) ENGINE = MergeTree ORDER BY tuple()');
      await s.query('CREATE TABLE flows_all AS flows_local ENGINE = Distributed(two, default, flows_local, rand())');
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { shards: [shards[0], shards[1]], stop };
}

/** Loads `keys` into the cluster, every other key on each shard (the Distributed table reads both). */
export async function loadKeys(cluster: Cluster, keys: readonly string[]): Promise<void> {
  await Promise.all(cluster.shards.map((s, i) => s.query('INSERT INTO flows_local FORMAT TabSeparated', keys.filter((_, k) => k % 2 === i).map((k) => `${tsvEscape(k)}\n`).join(''))));
}

/** Empties the cache dictionaries of both shards (a new instance each), for a cold run. */
export async function coldCaches(cluster: Cluster): Promise<void> {
  for (const s of cluster.shards) for (const d of ['mac_vendor_http', 'mac_vendor_cli']) await s.query(`SYSTEM RELOAD DICTIONARY ${d}`);
}
