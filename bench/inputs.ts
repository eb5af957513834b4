/**
 * Realistic benchmark inputs: addresses drawn from real registry blocks (MA-L, MA-M and
 * MA-S in their share of the registry), special and multicast addresses, unassigned and
 * locally administered ones, a few invalid strings, in both languages. Never one address
 * repeated: every input is drawn afresh from a seeded generator.
 */
import { formatMac, INPUT_SHAPES } from '../src/mac/format.js';
import { readArtifact } from '../src/registry/artifact.js';
import { defaultRegistryFile } from '../src/registry/paths.js';
import { CATALOGUE } from '../src/special/catalogue.js';
import { resolveEntries } from '../src/special/special-index.js';

/** A small deterministic PRNG (mulberry32), so runs are comparable. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shares of each kind of input, adding up to 1. */
export interface Mix {
  readonly registry: number;
  readonly special: number;
  readonly unassigned: number;
  readonly local: number;
  readonly invalid: number;
}

/** The mix of input kinds, as shares of the whole. */
export const MIX: Mix = { registry: 0.8, special: 0.06, unassigned: 0.05, local: 0.05, invalid: 0.04 };

const INVALID = ['00:11:22:33:44', 'zz:zz:zz:zz:zz:zz', '00-11:22-33:44-55', '0011.2233', '00:11:22:33:44:55:66:77', 'hello'];
/** The input shapes addresses are written in. */
export const SHAPES = INPUT_SHAPES;

/** `count` addresses (as accepted input strings) in the benchmark mix (or `mix`), written in `shapes`. */
export function addressInputs(count: number, seed = 42, mix: Mix = MIX, shapes: ReadonlyArray<(typeof SHAPES)[number]> = SHAPES): string[] {
  const random = prng(seed);
  const artifact = readArtifact(defaultRegistryFile());
  const blocks: Array<{ prefix: number; width: number }> = [];
  for (const w of [24, 28, 36] as const) for (const p of artifact.tables[w].prefixes) blocks.push({ prefix: p, width: w });
  const specials = resolveEntries(CATALOGUE);
  const assigned24 = new Set(artifact.tables[24].prefixes);
  const out: string[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const shape = () => pick(shapes);
  while (out.length < count) {
    const r = random();
    let mac: number;
    if (r < mix.registry) {
      const b = pick(blocks);
      const size = 2 ** (48 - b.width);
      mac = b.prefix * size + Math.floor(random() * size);
    } else if (r < mix.registry + mix.special) {
      const e = pick(specials);
      mac = e.first + Math.floor(random() * (e.last - e.first + 1));
    } else if (r < mix.registry + mix.special + mix.unassigned) {
      let hi: number;
      do hi = Math.floor(random() * 2 ** 24) & 0xfcffff;
      while (assigned24.has(hi));
      mac = hi * 2 ** 24 + Math.floor(random() * 2 ** 24);
    } else if (r < 1 - mix.invalid) {
      mac = ((Math.floor(random() * 2 ** 24) & 0xfcffff) | 0x020000) * 2 ** 24 + Math.floor(random() * 2 ** 24);
    } else {
      out.push(`${pick(INVALID)}${out.length.toString(16)}`);
      continue;
    }
    out.push(formatMac(mac, shape()));
  }
  return out;
}

/** What request paths vary in beside their addresses (all of it by default). */
export interface PathOptions {
  readonly mix?: Mix;
  readonly shapes?: ReadonlyArray<(typeof SHAPES)[number]>;
  /** Half on /api/public/mac (CORS), half on /api/mac; else /api/mac only. */
  readonly bothPaths?: boolean;
  /** Half French, half English; else English only. */
  readonly bothLangs?: boolean;
}

/** Request paths for the HTTP benchmarks: both paths and both languages, URL-encoded. */
export function requestPaths(count: number, seed = 42, options: PathOptions = {}): string[] {
  const { mix = MIX, shapes = SHAPES, bothPaths = true, bothLangs = true } = options;
  const random = prng(seed + 1);
  return addressInputs(count, seed, mix, shapes).map((mac) => {
    const base = !bothPaths || random() < 0.5 ? '/api/mac/' : '/api/public/mac/';
    const lang = !bothLangs || random() < 0.5 ? 'en' : 'fr';
    return `${base}${encodeURIComponent(mac)}?lang=${lang}`;
  });
}

/**
 * autocannon's `requests` for `paths`, for a fixed rate whose latency is read: one request whose
 * path moves on at each send. Given the paths as a list, autocannon builds every one of them for
 * each connection before it reads an answer, so the first answers wait seconds on the client and
 * show as their latency (the max). Building at each send costs the client instead: at the
 * maximum rate autocannon is the bottleneck, so rate benches keep the list.
 */
export function rotatingRequests(paths: readonly string[]): Array<{ setupRequest: (request: { path?: string }) => { path?: string } }> {
  let sent = 0;
  return [{ setupRequest: (request) => ({ ...request, path: paths[sent++ % paths.length] }) }];
}

const hex = (n: number) => n.toString(16).padStart(2, '0');
const OUIS = ['00:03:93', '3c:22:fb', '00:50:56', '52:54:00', 'b8:27:eb', '00:1b:21', 'f4:f5:d8', '02:00:00'];
/** The addresses of eveRecord: registry ones of a few vendors, local ones, and an invalid one in 97, as a capture holds them. */
export const eveAddress = (i: number) => (i % 97 === 0 ? 'not-a-mac' : `${OUIS[i % OUIS.length]}:${hex((i >>> 16) & 255)}:${hex((i >>> 8) & 255)}:${hex(i & 255)}`);

/** An eve.json flow event as Suricata writes it: a 64-bit flow_id, a nested ether block, about 600 bytes. */
export function eveRecord(i: number): string {
  return `{"timestamp":"2026-11-29T02:11:09.${String(i % 1_000_000).padStart(6, '0')}+0000","flow_id":${1_000_000_000_000_000n + BigInt(i) * 7919n},"in_iface":"eth0","event_type":"flow","src_ip":"10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}","src_port":${1024 + (i % 60000)},"dest_ip":"192.0.2.${i % 250}","dest_port":443,"proto":"TCP","app_proto":"tls","ether":{"src_mac":"${eveAddress(i)}","dest_mac":"${eveAddress(i * 31 + 7)}"},"flow":{"pkts_toserver":${i % 90},"pkts_toclient":${i % 70},"bytes_toserver":${i % 9000},"bytes_toclient":${i % 70000},"start":"2026-11-29T02:11:08.000000+0000","end":"2026-11-29T02:11:09.000000+0000","age":1,"state":"closed","reason":"timeout","alerted":false},"tcp":{"tcp_flags":"1b","tcp_flags_ts":"1b","tcp_flags_tc":"1b","syn":true,"fin":true,"psh":true,"ack":true,"state":"closed"},"community_id":"1:${String(i).padStart(27, 'x')}="}`;
}
