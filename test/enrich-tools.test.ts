/**
 * Enrich on what real producers write: python3-scapy writes a pcap with known MACs, Debian's
 * tshark reads it as `-T ek` NDJSON and as `-T fields -E header=y` CSV, and the service enriches
 * both (each engine); every record is checked field by field against the analyzer.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { parseCsv } from '../src/csv/csv.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('enrich-tools');
const analyzer = loadAnalyzer();
const PAIRS = [
  ['00:03:93:ab:12:34', '3c:22:fb:00:11:22'],
  ['52:54:00:12:34:56', 'ff:ff:ff:ff:ff:ff'],
  ['00:50:56:01:02:03', '01:00:5e:00:00:fb'],
];
const vendorName = (mac: string) => {
  const r = analyzer.analyze(mac, 'en', null);
  return r.ok ? (r.analysis.vendor?.name ?? '') : '';
};

describe.runIf(READY).each(ENGINES)('tshark records on the %s engine', (engine) => {
  let server: RunningServer;
  let work: string;
  let pcap: string;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'mac-enrich-'));
    pcap = join(work, 'known.pcap');
    const script = `from scapy.all import Ether, IP, UDP, wrpcap\nwrpcap(${JSON.stringify(pcap)}, [Ether(src=s, dst=d)/IP()/UDP() for s, d in ${JSON.stringify(PAIRS)}])\n`;
    execFileSync('/usr/bin/python3', ['-c', script]);
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const enrich = async (query: string, body: string, type: string) => {
    const res = await fetch(`${server.url}/api/mac/enrich?${query}`, { method: 'POST', body, headers: { 'Content-Type': type } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('enriches tshark -T ek (the index lines pass through)', async () => {
    const ek = execFileSync('tshark', ['-r', pcap, '-T', 'ek'], { encoding: 'utf8' });
    const out = await enrich('key=layers.eth.eth_eth_src&key=layers.eth.eth_eth_dst&fields=vendor.name,address.canonical', ek, 'application/x-ndjson');
    const docs = out.split('\n').filter((l) => l.includes('"layers"')).map((l) => JSON.parse(l));
    expect(docs.length).toBe(PAIRS.length);
    for (const [i, doc] of docs.entries()) {
      const eth = doc.layers.eth;
      for (const [k, mac] of [['eth_eth_src', PAIRS[i][0]], ['eth_eth_dst', PAIRS[i][1]]] as const) {
        expect(eth[k]).toBe(mac);
        expect(eth[`${k}_analysis`].address.canonical).toBe(mac.toUpperCase());
        expect(eth[`${k}_analysis`].vendor?.name ?? '').toBe(vendorName(mac));
      }
    }
    // What is not the packets' (the index lines) is unchanged.
    expect(out.split('\n').filter((l) => !l.includes('"layers"'))).toEqual(ek.split('\n').filter((l) => !l.includes('"layers"')));
  });

  it('enriches tshark -T fields -E header=y CSV', async () => {
    const csv = execFileSync('tshark', ['-r', pcap, '-T', 'fields', '-E', 'header=y', '-E', 'separator=,', '-E', 'quote=d', '-e', 'frame.number', '-e', 'eth.src', '-e', 'eth.dst'], { encoding: 'utf8' });
    const rows = parseCsv(await enrich('key=eth.src&key=eth.dst&fields=vendor,prefix', csv, 'text/csv'));
    expect(rows[0]).toEqual(['frame.number', 'eth.src', 'eth.dst', 'eth.src_vendor', 'eth.src_prefix', 'eth.dst_vendor', 'eth.dst_prefix']);
    expect(rows.length).toBe(PAIRS.length + 1);
    for (const [i, row] of rows.slice(1).entries()) {
      expect(row.slice(0, 3)).toEqual([String(i + 1), ...PAIRS[i]]);
      expect([row[3], row[5]]).toEqual([vendorName(PAIRS[i][0]), vendorName(PAIRS[i][1])]);
    }
    expect(rows[1][4]).toBe('00:03:93');
  });
});
