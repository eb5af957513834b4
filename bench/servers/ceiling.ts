/**
 * The ceiling: uWS answering one pre-serialised analysis body with the same headers, on the
 * same number of threads as the service. No parsing, no lookup: what uWS costs alone.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { loadUwsNative } from '../../src/server/uws-native.js';
import { HeaderLines } from '../../src/http/header-lines.js';
import { SAME_BODY, SAME_HEADERS } from './same-bytes.js';

// The native build only (never the fork's JavaScript fallback): the ceiling is uWS's.
const { uws } = loadUwsNative();
if (uws === null) throw new Error('the uWS ceiling needs the native uWS build (Node.js 20)');

const threads = Number(process.env.HTTP_THREADS ?? availableParallelism());
const port = Number(isMainThread ? process.env.PORT : (workerData as { port: number }).port);
const body = SAME_BODY;
const headers = SAME_HEADERS;

// The same header bytes as the service, written the cheapest way uWS offers, as the service
// writes its constant lines (respond.ts): all of them encoded once, as one writeHeader call's
// name, the last value as its value; uWS writes `200 OK` itself.
const last = headers.length - 2;
const lines = new HeaderLines(headers.slice(0, last)).wireBefore(headers[last]);
const lastValue = headers[last + 1];

uws
  .App()
  .any('/*', (res) => {
    res.writeHeader(lines, lastValue);
    res.end(body);
  })
  .listen('127.0.0.1', port, (socket) => {
    if (!socket) throw new Error(`ceiling cannot listen on ${port}`);
    if (isMainThread) {
      for (let i = 1; i < threads; i++) new Worker(new URL(import.meta.url), { workerData: { port } });
      process.stdout.write(`${JSON.stringify({ msg: 'listening', port })}\n`);
    }
  });
