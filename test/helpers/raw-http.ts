/** Raw HTTP over a plain socket: for requests no HTTP client would send. */
import { connect, type Socket } from 'node:net';

/** What came back on one connection: the bytes, and whether the server closed it. */
export interface RawExchange {
  readonly text: string;
  readonly closed: boolean;
  /** Status codes of every response in `text`, in order. */
  readonly statuses: number[];
}

/** Every HTTP/1.x status code in a byte stream (one per response head). */
export function statusesIn(text: string): number[] {
  return [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((m) => Number(m[1]));
}

/**
 * Sends `parts` (written one after the other, `gapMs` apart) on a fresh connection and
 * collects what comes back until the server closes it or `waitMs` pass after the last write
 * has left for the kernel, or until `responses` response heads are in. A test that sends megabytes
 * names the responses it expects and waits long: on a busy machine the server may still be reading
 * them (from the kernel's buffers) seconds after the last write left.
 */
export function exchange(port: number, parts: ReadonlyArray<string | Buffer>, waitMs = 1000, gapMs = 0, responses = Infinity): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ text, closed, statuses: statusesIn(text) });
    };
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      if (responses !== Infinity && statusesIn(Buffer.concat(chunks).toString('latin1')).length >= responses) done();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.on('connect', async () => {
      for (const [i, part] of parts.entries()) {
        if (socket.destroyed) return;
        const last = i === parts.length - 1;
        socket.write(part, last ? () => (timer = setTimeout(done, waitMs)) : undefined);
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}

/** The JSON body of the first response in `text` (Content-Length framed). */
export function firstBody(text: string): Record<string, unknown> {
  const head = text.indexOf('\r\n\r\n');
  const length = Number(/content-length: (\d+)/i.exec(text.slice(0, head))?.[1]);
  return JSON.parse(Buffer.from(text.slice(head + 4, head + 4 + length), 'latin1').toString('utf8')) as Record<string, unknown>;
}
