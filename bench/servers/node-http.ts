/**
 * The peer: the same analysis (same analyzer, same bytes) served by node:http, the way a
 * plain Node service would. One process, one thread: node:http has no multi-thread mode.
 */
import { createServer } from 'node:http';
import { loadAnalyzer } from '../../src/analysis/load-registry.js';
import { resolveLang } from '../../src/i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../../src/i18n/parse-errors.js';
import { parseMac } from '../../src/mac/parse.js';

const analyzer = loadAnalyzer();

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const lang = resolveLang(url.searchParams.get('lang'));
  const raw = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
  const mac = parseMac(raw);
  if (typeof mac !== 'number') {
    const body = JSON.stringify({ code: parseErrorCode(mac), detail: parseErrorDetail(mac, lang) });
    res.writeHead(parseErrorCode(mac) === 'missing_mac' ? 400 : 422, { 'Content-Type': 'application/problem+json', 'Content-Language': lang });
    res.end(body);
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Language': lang,
    'Cache-Control': 'public, max-age=86400',
    ETag: `"${analyzer.renderVersion}-${mac.toString(16)}-${lang}"`,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(analyzer.renderBytes(mac, lang));
}).listen(Number(process.env.PORT), '127.0.0.1', function (this: ReturnType<typeof createServer>) {
  const address = this.address();
  process.stdout.write(`${JSON.stringify({ msg: 'listening', port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
