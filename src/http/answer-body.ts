/**
 * Where a streamed bulk answer's bytes go: the response as they are, or through gzip when the
 * client accepts it (BULK_GZIP_LEVEL). A bulk answer is about 1 KB of NDJSON an address, which
 * gzip makes about five times smaller: over most networks the link bounds its rate, not the CPU.
 */
import { constants, createGzip, type Gzip } from 'node:zlib';
import type { AsyncResponse } from './respond.js';

/** A streamed answer's body: written in order, then ended; `close` frees it however the answer ended. */
export interface AnswerBody {
  /** Extra response headers this body needs (Content-Encoding). */
  readonly headers: readonly string[];
  /** Writes `bytes`, waiting while the client is slow; resolves at once once it is gone. */
  write(bytes: Uint8Array | string): Promise<void>;
  /** Writes `last` and ends the answer. */
  end(last: Uint8Array | string): Promise<void>;
  /** Frees what the body holds (called whether it ended or not). */
  close(): void;
}

/** The answer's bytes as they are. */
export function plainBody(out: AsyncResponse): AnswerBody {
  return {
    headers: [],
    write: (bytes) => out.write(bytes),
    end: async (last) => out.end(last),
    close: () => undefined,
  };
}

/**
 * The answer gzipped at `level`. Each write is flushed (Z_SYNC_FLUSH), so a client decodes every
 * chunk as it arrives, as it would read the plain stream; zlib runs off the event loop.
 */
export function gzipBody(out: AsyncResponse, level: number): AnswerBody {
  const zip: Gzip = createGzip({ level });
  let pending: Buffer[] = [];
  let failed: Error | null = null;
  zip.on('data', (b: Buffer) => pending.push(b));
  zip.on('error', (e: Error) => (failed = e));
  // Resolves when `start` calls back, or when zlib fails (it then calls nothing back).
  const settled = (start: (done: () => void) => void) =>
    new Promise<void>((resolve) => {
      const done = () => {
        zip.off('error', done);
        resolve();
      };
      zip.once('error', done);
      start(done);
    });
  // Hands what zlib has produced so far to the response.
  const send = async () => {
    if (failed) throw failed;
    const ready = pending;
    pending = [];
    for (const b of ready) await out.write(b);
  };
  return {
    headers: ['Content-Encoding', 'gzip'],
    async write(bytes) {
      if (out.aborted || bytes.length === 0) return;
      await settled((done) => {
        zip.write(bytes);
        zip.flush(constants.Z_SYNC_FLUSH, done);
      });
      await send();
    },
    async end(last) {
      if (out.aborted) return;
      await settled((done) => {
        zip.once('end', done);
        zip.end(last);
      });
      await send();
      out.end();
    },
    close: () => zip.destroy(),
  };
}
