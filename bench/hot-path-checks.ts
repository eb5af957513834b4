/**
 * `node dist/bench/hot-path-checks.js`: what the per-request checks of issue 10 cost on a
 * GET, measured inside a real uWS handler (so every header look-up is the real native call):
 * the framing check (one walk over the header lines), and the rate
 * limiter's take when rate limiting is on. Sent twice: with curl's three headers and with a
 * browser's thirteen. Prints nanoseconds per call (median of rounds).
 */
import { request } from 'node:http';
import { loadUwsNative } from '../src/server/uws-native.js';
import { framingFault } from '../src/http/framing.js';
import { createRateLimitBuffer, RateLimiter } from '../src/http/rate-limit.js';
import { UwsResponse } from '../src/server/engines/uws-app.js';

// The native build only (never the fork's JavaScript fallback): these measure uWS itself.
const { uws } = loadUwsNative();
if (uws === null) throw new Error('the uWS ceiling needs the native uWS build (Node.js 20)');

const CALLS = 20_000;
const ROUNDS = 15;
const limiter = new RateLimiter(createRateLimitBuffer(), 1e6, 1e6, 0);

function nsPer(fn: () => void): number {
  const t = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) fn();
  return Number(process.hrtime.bigint() - t) / CALLS;
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const app = uws.App();
app.get('/*', (res, req) => {
  const response = new UwsResponse(res);
  const framing: number[] = [];
  const lookup: number[] = [];
  const rate: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    framing.push(nsPer(() => framingFault(req, true)));
    lookup.push(nsPer(() => req.getHeader('content-length')));
    rate.push(nsPer(() => limiter.take(response, req)));
  }
  let headers = 0;
  req.forEach(() => headers++);
  res.end(JSON.stringify({ headers, framingNs: Math.round(median(framing)), oneLookupNs: Math.round(median(lookup)), rateLimitTakeNs: Math.round(median(rate)) }));
});

const BROWSER = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  Accept: 'application/json',
  'Accept-Language': 'fr-FR,fr;q=0.9,en;q=0.8',
  'Accept-Encoding': 'gzip, deflate, br, zstd',
  Referer: 'https://example.org/inventory',
  Origin: 'https://example.org',
  'Sec-Fetch-Mode': 'cors',
  'Sec-Fetch-Site': 'cross-site',
  'Sec-Fetch-Dest': 'empty',
  'Sec-Ch-Ua-Platform': '"Linux"',
  'If-None-Match': '"abc"',
};

app.listen('127.0.0.1', 0, (socket) => {
  const port = uws.us_socket_local_port(socket);
  const get = (headers: Record<string, string>) =>
    new Promise<string>((resolve) => {
      request({ host: '127.0.0.1', port, path: '/api/mac/00:03:93:ab:12:34', headers }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve(body));
      }).end();
    });
  void (async () => {
    process.stdout.write(`curl-like:   ${await get({ 'User-Agent': 'curl/8.5.0', Accept: '*/*' })}\n`);
    process.stdout.write(`browser-like: ${await get(BROWSER)}\n`);
    process.exit(0);
  })();
});
