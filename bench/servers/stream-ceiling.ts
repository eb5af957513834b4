/**
 * The bulk transport ceiling: bare uWS reading a POST body to its end, then streaming a file's
 * bytes (the service's own answer to the same body, saved by the bench) as a chunked 200, in
 * the slices (one cork each) and with the backpressure the service uses. No parsing, no rendering, no pool:
 * what carrying those bytes over HTTP costs, on this machine, in this hour.
 */
import { readFileSync } from 'node:fs';
import { WRITE_SLICE } from '../../src/http/respond.js';
import { loadUwsNative } from '../../src/server/uws-native.js';

const { uws } = loadUwsNative();
if (uws === null) throw new Error('the transport ceiling needs the native uWS build (Node.js 20)');

const port = Number(process.env.PORT);
const answer = readFileSync(process.env.ANSWER_FILE ?? '');
const contentType = process.env.CONTENT_TYPE ?? 'application/x-ndjson';
const slice = Number(process.env.WRITE_SLICE ?? WRITE_SLICE);

uws
  .App()
  .post('/*', (res) => {
    let gone = false;
    res.onAborted(() => (gone = true));
    res.onData((_chunk, last) => {
      if (!last) return;
      res.cork(() => {
        res.writeStatus('200 OK');
        res.writeHeader('Content-Type', contentType);
      });
      let at = 0;
      // Writes slices until uWS reports backpressure, then resumes when the socket drains.
      const pump = (): void => {
        while (!gone && at < answer.length) {
          const piece = answer.subarray(at, Math.min(at + slice, answer.length));
          at += piece.length;
          let ok = true;
          res.cork(() => (ok = res.write(piece)));
          if (!ok) {
            res.onWritable(() => {
              setImmediate(pump);
              return true;
            });
            return;
          }
        }
        if (!gone) res.cork(() => res.end());
      };
      pump();
    });
  })
  .listen('127.0.0.1', port, (socket) => {
    if (!socket) throw new Error(`stream ceiling cannot listen on ${port}`);
    process.stdout.write(`${JSON.stringify({ msg: 'listening', port })}\n`);
  });
