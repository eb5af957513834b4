/**
 * A local stand-in for the IEEE's site: the five registry files in its layout, from Debian's
 * ieee-data (MA-L, MA-M, MA-S, IAB) and data/ieee/cid.csv, with a hook to break any of them.
 * Like the IEEE's CDN it sends an ETag and Last-Modified and answers 304 to a request that
 * holds the file already (If-None-Match, else If-Modified-Since); it counts the body bytes sent.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { join } from 'node:path';
import { IEEE_PATHS } from '../../src/registry/update.js';

const IEEE_DIR = process.env.IEEE_DATA_DIR ?? '/usr/share/ieee-data';

/** Where each served file comes from. */
export const SITE_FILES: Readonly<Record<string, string>> = {
  'oui.csv': join(IEEE_DIR, 'oui.csv'),
  'mam.csv': join(IEEE_DIR, 'mam.csv'),
  'oui36.csv': join(IEEE_DIR, 'oui36.csv'),
  'iab.csv': join(IEEE_DIR, 'iab.csv'),
  'cid.csv': 'data/ieee/cid.csv',
};

/** Answers a request for `file` itself (true), or lets the site serve it (false). */
export type Override = (file: string, req: IncomingMessage, res: ServerResponse, text: string) => boolean;

/** A running site: its base URL, the User-Agents it saw, and how to stop it. */
export interface IeeeSite {
  readonly base: string;
  readonly userAgents: string[];
  /** Body bytes sent, and the statuses of its answers, since start. */
  readonly sent: { bytes: number; readonly statuses: number[] };
  close(): Promise<void>;
}

const BY_PATH = new Map(Object.entries(IEEE_PATHS).map(([file, path]) => [`/${path}`, file]));

/**
 * Starts the site on an ephemeral port; `override` may answer a request in its own way.
 * With `tls` (PEM key and certificate) it speaks HTTPS.
 */
export async function startIeeeSite(override: Override = () => false, tls?: { readonly key: string; readonly cert: string }): Promise<IeeeSite> {
  // Said at once, here: a file missing inside the handler would show up as client timeouts.
  const absent = Object.values(SITE_FILES).filter((f) => !existsSync(f));
  if (absent.length > 0) throw new Error(`the stand-in IEEE site cannot serve ${absent.join(', ')}: install Debian's ieee-data package`);
  const userAgents: string[] = [];
  const sent = { bytes: 0, statuses: [] as number[] };
  const LAST_MODIFIED = 'Thu, 13 Nov 2025 08:00:00 GMT';
  const handle: RequestListener = (req, res) => {
    res.on('finish', () => sent.statuses.push(res.statusCode));
    userAgents.push(req.headers['user-agent'] ?? '');
    const file = BY_PATH.get((req.url ?? '').replace(/^\/moved/, ''));
    if (!file) return res.writeHead(404).end();
    const text = readFileSync(SITE_FILES[file], 'utf8');
    if (override(file, req, res, text)) return;
    const etag = `"${createHash('sha256').update(text).digest('hex').slice(0, 16)}"`;
    const since = req.headers['if-modified-since'];
    const fresh = req.headers['if-none-match'] !== undefined ? req.headers['if-none-match'] === etag : since !== undefined && Date.parse(since) >= Date.parse(LAST_MODIFIED);
    if (fresh) return res.writeHead(304, { ETag: etag, 'Last-Modified': LAST_MODIFIED }).end();
    sent.bytes += Buffer.byteLength(text);
    res.writeHead(200, { 'Content-Type': 'text/csv', 'Last-Modified': LAST_MODIFIED, ETag: etag }).end(text);
  };
  const server = tls ? createTlsServer(tls, handle) : createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  return {
    base: `${tls ? 'https' : 'http'}://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`,
    userAgents,
    sent,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
