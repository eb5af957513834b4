/**
 * The node:http ceiling: node:http answering the same bytes as the uWS ceiling (same-bytes.ts)
 * to every request, on an HTTP thread (a worker thread, as the service's are), with the node
 * engine's server options. No routing, no parsing, no lookup: what node:http costs alone, the
 * floor under the node engine as the uWS ceiling is the floor under the uWS engine.
 */
import { createServer } from 'node:http';
import { isMainThread, Worker } from 'node:worker_threads';
import { SAME_BODY, SAME_HEADERS } from './same-bytes.js';

const port = Number(process.env.PORT);

if (isMainThread) {
  const thread = new Worker(new URL(import.meta.url));
  thread.once('message', () => process.stdout.write(`${JSON.stringify({ msg: 'listening', port })}\n`));
  thread.once('error', (e) => {
    throw e;
  });
} else {
  const { parentPort } = await import('node:worker_threads');
  const body = Buffer.from(SAME_BODY);
  const headers = [...SAME_HEADERS, 'Content-Length', String(body.byteLength)];
  // The options of src/server/engines/node-app.ts.
  createServer({ requireHostHeader: false, keepAliveTimeout: 10_000, headersTimeout: 10_000, requestTimeout: 0, connectionsCheckingInterval: 1000 }, (_req, res) => {
    res.writeHead(200, 'OK', headers);
    res.end(body);
  }).listen(port, '127.0.0.1', () => parentPort!.postMessage('listening'));
}
