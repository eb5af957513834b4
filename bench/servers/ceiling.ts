/**
 * The ceiling: uWS answering one pre-serialised analysis body with the same headers, on the
 * same number of threads as the service. No parsing, no lookup: what uWS costs alone.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { loadUwsNative } from '../../src/server/uws-native.js';
import { headerBlock } from '../../src/http/respond.js';
import { SAME_BODY, SAME_HEADERS } from './same-bytes.js';

// The native build only (never the fork's JavaScript fallback): the ceiling is uWS's.
const { uws } = loadUwsNative();
if (uws === null) throw new Error('the uWS ceiling needs the native uWS build (Node.js 20)');

const threads = Number(process.env.HTTP_THREADS ?? availableParallelism());
const port = Number(isMainThread ? process.env.PORT : (workerData as { port: number }).port);
const body = SAME_BODY;
const headers = SAME_HEADERS;

// The same header bytes as the service, written the same way (one call, see respond.ts).
const block = headerBlock(headers);

uws
  .App()
  .any('/*', (res) => {
    res.writeStatus('200 OK');
    res.writeHeader(headers[0], block);
    res.end(body);
  })
  .listen('127.0.0.1', port, (socket) => {
    if (!socket) throw new Error(`ceiling cannot listen on ${port}`);
    if (isMainThread) {
      for (let i = 1; i < threads; i++) new Worker(new URL(import.meta.url), { workerData: { port } });
      process.stdout.write(`${JSON.stringify({ msg: 'listening', port })}\n`);
    }
  });
