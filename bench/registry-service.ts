/**
 * The registry as a service, measured in process (what an HTTP thread does): building the
 * catalog and search index of a snapshot; vendor searches and prefix listings as the handler
 * answers them (look-up and JSON text), p50/p99 over typical queries; each export format's
 * build time and size, raw and gzipped. `node dist/bench/registry-service.js [rounds]`.
 */
import { gzipSync } from 'node:zlib';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { Catalog } from '../src/catalog/catalog.js';
import { renderExport, EXPORT_FORMATS } from '../src/catalog/export-formats.js';
import { RegistryService } from '../src/catalog/registry-service.js';
import { prefixAnswer, prefixAnswerValue, prefixDigits, searchAnswer, searchAnswerValue } from '../src/catalog/vendor-answers.js';

// What the handler does: the answer, then its JSON text.
const searchAnswerText = (service: RegistryService, q: string, offset: number, limit: number, lang: 'en') => JSON.stringify(searchAnswerValue(service, searchAnswer(service, q, offset, limit), lang));
const prefixAnswerText = (service: RegistryService, query: string, digits: string, offset: number, limit: number, lang: 'en') => JSON.stringify(prefixAnswerValue(service, prefixAnswer(service, query, digits, offset, limit), lang));
import { VendorSearch } from '../src/catalog/vendor-search.js';

const rounds = Number(process.argv[2] ?? 20);
const QUERIES = [
  'apple', 'cisco', 'samsung', 'huawei', 'raspberry', 'intel', 'dell', 'hewlett packard', 'tp-link', 'ubiquiti', 'hon hai', 'juniper',
  'aruba', 'netgear', 'zte', 'xiaomi', 'sony', 'lg electronics', 'microsoft', 'google', 'amazon', 'vmware', 'realtek', 'broadcom',
  'qualcomm', 'espressif', 'nokia', 'ericsson', 'siemens', 'bosch', 'axis', 'hikvision', 'dahua', 'sonos', 'nest', 'ring', 'ieee',
];
const PREFIXES = ['00:1B:C5', '70:B3:D5', '2C:CF:67', '00:55:DA', '8C:1F:64:34:A', '70-B3-D5-6C-01-02', '00:03:93:AB:12:34', 'FC:FC:48'];

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const analyzer = loadAnalyzer();
let t = performance.now();
const catalog = new Catalog(analyzer.index, analyzer.handle);
const catalogMs = performance.now() - t;
t = performance.now();
new VendorSearch(catalog);
const indexMs = performance.now() - t;
const service = new RegistryService(analyzer.handle, analyzer.index);
searchAnswerText(service, 'warm', 0, 20, 'en'); // builds the service's own catalog and search index

const time = (fn: () => unknown): number[] => {
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const s = performance.now();
    fn();
    out.push((performance.now() - s) * 1000);
  }
  return out;
};
// The first pass over the queries is cold (block and vendor texts are made on first listing).
const coldUs = QUERIES.map((q) => time(() => searchAnswerText(service, q, 0, 20, 'en'))[0]).sort((a, b) => a - b);
const searchUs = QUERIES.flatMap((q) => time(() => searchAnswerText(service, q, 0, 20, 'en'))).sort((a, b) => a - b);
PREFIXES.forEach((p) => prefixAnswerText(service, p, prefixDigits(p)!, 0, 20, 'en')); // cold pass
const prefixUs = PREFIXES.flatMap((p) => time(() => prefixAnswerText(service, p, prefixDigits(p)!, 0, 20, 'en'))).sort((a, b) => a - b);
const slowest = QUERIES.map((q) => [q, Math.max(...time(() => searchAnswerText(service, q, 0, 20, 'en')))] as const).sort((a, b) => b[1] - a[1]).slice(0, 3);

process.stdout.write(`catalog ${catalogMs.toFixed(0)} ms, search index ${indexMs.toFixed(0)} ms (${catalog.vendorCount} vendors, ${catalog.blockCount} blocks)\n`);
process.stdout.write(`search (limit 20, JSON text included): p50 ${quantile(searchUs, 0.5).toFixed(0)} µs, p99 ${quantile(searchUs, 0.99).toFixed(0)} µs, max ${searchUs.at(-1)!.toFixed(0)} µs over ${searchUs.length} (${QUERIES.length} queries × ${rounds}); slowest: ${slowest.map(([q, us]) => `${q} ${us.toFixed(0)} µs`).join(', ')}\n`);
process.stdout.write(`search, first time each (cold): p50 ${quantile(coldUs, 0.5).toFixed(0)} µs, max ${coldUs.at(-1)!.toFixed(0)} µs over ${coldUs.length}\n`);
process.stdout.write(`prefix (limit 20): p50 ${quantile(prefixUs, 0.5).toFixed(0)} µs, p99 ${quantile(prefixUs, 0.99).toFixed(0)} µs over ${prefixUs.length}\n`);
for (const format of EXPORT_FORMATS) {
  t = performance.now();
  const text = renderExport(catalog, format, analyzer.meta.version);
  const buildMs = performance.now() - t;
  const raw = Buffer.from(text);
  t = performance.now();
  const gz = gzipSync(raw, { level: 6 });
  const gzipMs = performance.now() - t;
  process.stdout.write(`export ${format.padEnd(8)} ${(raw.length / 1e6).toFixed(2)} MB in ${buildMs.toFixed(0)} ms; gzip ${(gz.length / 1e6).toFixed(2)} MB in ${gzipMs.toFixed(0)} ms\n`);
}
