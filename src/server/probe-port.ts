/** Listening-port probes with a plain socket. */
import { createServer } from 'node:net';

/**
 * Binds `host:port` for a moment and gives it back: resolves with the port (a free one for
 * port 0), or rejects when another process holds it.
 */
export function probePort(host = '127.0.0.1', port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, host, () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
