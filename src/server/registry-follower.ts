/**
 * Follows a builder's registry (REGISTRY_SOURCE, main thread): asks the source for its snapshot
 * every REGISTRY_SYNC_INTERVAL with If-None-Match (a 304 costs nothing), checks what comes as a
 * load does (Repr-Digest when the source sends one, then the file's header and index), writes it
 * atomically as the registry file and has the reloader switch to it between two requests. A
 * source that fails (an error status, an HTML page, a truncated or tampered file, an unknown
 * format, a redirect loop, no answer in time) is logged and counted, the snapshot being served
 * stays, and the source is asked again after a backoff with jitter. It never asks the IEEE. What it
 * takes is bounded (SNAPSHOT_MAX_BYTES), and checked whole before it replaces the file: its metadata
 * against the document, its content against its version (registry/artifact.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { artifactMeta, fileMeta, installBytes, readIndexArtifact } from '../registry/artifact.js';
import { reprDigest, SNAPSHOT_TYPE } from '../registry/snapshot-file.js';
import type { ReloadStats } from './reload-stats.js';

/** What the follower needs. */
export interface FollowerOptions {
  /** An http, https or file URL. */
  readonly source: string;
  readonly file: string;
  readonly intervalMs: number;
  /** One request's deadline. */
  readonly timeoutMs: number;
  /** The largest snapshot taken (SNAPSHOT_MAX_BYTES), or null: 4 times the file held, at least 64 MiB. */
  readonly maxBytes: number | null;
  readonly logger: Logger;
  readonly stats: ReloadStats;
  /** The version being served (null before the first load). */
  readonly served: () => string | null;
  /** Switches to the file just written. */
  readonly reload: (reason: string) => Promise<void>;
}

/** A sync that failed; the snapshot being served stays. */
export class SyncFailed extends Error {
  override readonly name = 'SyncFailed';
}

// What a source sent: the snapshot's bytes, its Repr-Digest, and the validator to ask with next time.
type Fetched = { readonly bytes: Uint8Array; readonly digest: string | null; readonly validator: string | null };

/** Polls the source and installs what it brings. */
export class RegistryFollower {
  // The source's validator of what we hold (its ETag, or for a file its size and time).
  private validator: string | null = null;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  // Aborts a request or a wait under way when the service stops.
  private readonly stopping = new AbortController();

  constructor(private readonly o: FollowerOptions) {}

  /**
   * Asks the source once (a request ends by `deadline`, when given, else within timeoutMs):
   * 'updated' when it brought a new snapshot (written, not yet loaded), 'unchanged' when not;
   * throws SyncFailed.
   */
  async fetchOnce(deadline: number | null = null): Promise<'updated' | 'unchanged'> {
    const got = this.o.source.startsWith('file:') ? this.readFile() : await this.download(deadline);
    if (got === null) return 'unchanged';
    const version = this.check(got.bytes, got.digest);
    if (version === this.held()) {
      this.validator = got.validator;
      return 'unchanged';
    }
    this.install(got.bytes);
    this.validator = got.validator;
    this.o.logger.info({ source: this.o.source, version, bytes: got.bytes.byteLength }, 'registry snapshot fetched from the source');
    return 'updated';
  }

  /** One sync, counted and logged: fetched, then reloaded when new. Never throws. */
  async syncOnce(deadline: number | null = null): Promise<boolean> {
    try {
      const result = await this.fetchOnce(deadline);
      if (result === 'updated') await this.o.reload('sync');
      this.o.stats.synced(result);
      this.o.stats.startTimedOut(false);
      this.failures = 0;
      return true;
    } catch (err) {
      if (this.stopping.signal.aborted) return false; // stopped mid-request: not the source's failure
      this.failures++;
      this.o.stats.synced('failed');
      this.o.logger.warn({ source: this.o.source, reason: (err as Error).message, failures: this.failures }, 'registry sync failed; the snapshot being served is kept');
      return false;
    }
  }

  /**
   * The start: asks until the source's snapshot is on disk ('synced'), or `timeoutMs` passed and
   * the replica has a file to serve ('timed-out': the service serves it, and says so), or stop()
   * ('stopped'). No request outlives the deadline. With no file, it goes on asking past it: the
   * service stays alive, not ready. Loading is the caller's.
   */
  async initial(timeoutMs: number): Promise<'synced' | 'timed-out' | 'stopped'> {
    const deadline = Date.now() + timeoutMs;
    let timedOut = false;
    while (!this.stopping.signal.aborted && !(await this.syncOnce(timedOut ? null : deadline))) {
      const left = deadline - Date.now();
      if (left > 0) {
        await this.pause(Math.min(this.backoff(), left));
        continue;
      }
      if (!timedOut) {
        timedOut = true;
        this.o.stats.startTimedOut(true);
        this.o.logger.warn({ source: this.o.source, timeoutMs }, 'registry source not reached within REGISTRY_SYNC_START_TIMEOUT: serving the snapshot this replica has');
      }
      if (this.held() !== null) return 'timed-out';
      this.o.logger.warn({ source: this.o.source, file: this.o.file }, 'no registry file to serve: asking the source until it answers (alive, not ready)');
      await this.pause(this.backoff());
    }
    return this.stopping.signal.aborted ? 'stopped' : 'synced';
  }

  /** Polls every interval (sooner, with backoff, after a failure) until stop(). */
  start(): void {
    const next = () => {
      if (this.stopping.signal.aborted) return;
      const wait = this.failures > 0 ? this.backoff() : this.o.intervalMs * (0.9 + 0.2 * Math.random());
      this.timer = setTimeout(() => void this.syncOnce().then(next), wait);
      this.timer.unref();
    };
    next();
    this.o.logger.info({ source: this.o.source, everyMs: this.o.intervalMs }, 'registry source followed');
  }

  /** Stops polling, and a request or a wait under way. */
  stop(): void {
    this.stopping.abort();
    clearTimeout(this.timer);
  }

  // Waits `ms`, or until stop().
  private async pause(ms: number): Promise<void> {
    await sleep(ms, undefined, { signal: this.stopping.signal }).catch(() => undefined);
  }

  // 1 s doubled per failure up to the interval, times a jitter of 0.5-1.5, so a fleet does not
  // ask a recovering source all at once.
  private backoff(): number {
    return Math.min(this.o.intervalMs, 1000 * 2 ** Math.min(this.failures - 1, 16)) * (0.5 + Math.random());
  }

  // The version being served, or before the first load the registry file's (null: none).
  private held(): string | null {
    return this.o.served() ?? fileMeta(this.o.file)?.version ?? null;
  }

  // The most bytes a snapshot may have: SNAPSHOT_MAX_BYTES, or 4 times the file held (a snapshot
  // grows by a few percent a year), at least 64 MiB (with no file yet too).
  private limit(): number {
    return this.o.maxBytes ?? Math.max(64 * 1024 * 1024, 4 * (statSync(this.o.file, { throwIfNoEntry: false })?.size ?? 0));
  }

  // A file source: read when its size or time changed since the last read.
  private readFile(): Fetched | null {
    const path = fileURLToPath(this.o.source);
    let stamp: string;
    try {
      const s = statSync(path);
      if (s.size > this.limit()) throw new Error(`${s.size} bytes, over the ${this.limit()} taken (SNAPSHOT_MAX_BYTES)`);
      stamp = `${s.size}-${s.mtimeMs}`;
    } catch (e) {
      throw new SyncFailed(`${path}: ${(e as Error).message}`);
    }
    if (stamp === this.validator) return null;
    return { bytes: readFileSync(path), digest: null, validator: stamp };
  }

  // An http(s) source: conditional, in the identity encoding (a gzip one is taken bounded as sent
  // and as decoded), bounded in time (by `deadline` too, when given) and size. One controller and
  // one timer bound the request and its body: AbortSignal.any() may lose a timeout signal to the
  // garbage collector on Node 20 (nodejs/node#57736), and the request would then never end.
  private async download(deadline: number | null): Promise<Fetched | null> {
    const held = this.held();
    const tag = this.validator ?? (held === null ? null : `"${held}"`);
    const timeoutMs = deadline === null ? this.o.timeoutMs : Math.max(1, Math.min(this.o.timeoutMs, deadline - Date.now()));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const stop = () => controller.abort();
    this.stopping.signal.addEventListener('abort', stop);
    try {
      return await this.answer(await this.request(tag, controller.signal, timeoutMs), timeoutMs);
    } finally {
      clearTimeout(timer);
      this.stopping.signal.removeEventListener('abort', stop);
    }
  }

  // The request, or why it got no answer.
  private async request(tag: string | null, signal: AbortSignal, timeoutMs: number): Promise<Response> {
    const headers: Record<string, string> = { Accept: SNAPSHOT_TYPE, 'Accept-Encoding': 'identity', ...(tag ? { 'If-None-Match': tag } : {}) };
    try {
      return await fetch(this.o.source, { headers, redirect: 'follow', signal });
    } catch (e) {
      const cause = (e as { cause?: Error }).cause;
      throw new SyncFailed((e as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `${(e as Error).message}${cause ? ` (${cause.message})` : ''}`);
    }
  }

  // What an answer brings: nothing new (304), a snapshot within the bound, or why not.
  private async answer(res: Response, timeoutMs: number): Promise<Fetched | null> {
    if (res.status === 304) return null;
    if (res.status !== 200) return this.refuse(res, `HTTP ${res.status} ${res.statusText}`);
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type.startsWith('text/')) return this.refuse(res, `the answer is ${type}, not a registry snapshot (an error page?)`);
    const limit = this.limit();
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > limit) return this.refuse(res, `the snapshot is ${declared} bytes, over the ${limit} taken (SNAPSHOT_MAX_BYTES)`);
    // fetch decodes a gzip body itself: its Content-Length is the encoded size, not the bytes read.
    const identity = (res.headers.get('content-encoding') ?? 'identity').trim().toLowerCase() === 'identity';
    let bytes: Uint8Array;
    try {
      bytes = await bounded(res, limit, identity && Number.isFinite(declared) ? declared : null);
    } catch (e) {
      throw e instanceof SyncFailed ? e : new SyncFailed((e as Error).name === 'TimeoutError' ? `the snapshot did not arrive within ${timeoutMs} ms` : `the snapshot did not arrive whole (${(e as Error).message})`);
    }
    return { bytes, digest: res.headers.get('repr-digest'), validator: res.headers.get('etag') };
  }

  // Fails the sync with `reason`, the answer's body unread.
  private async refuse(res: Response, reason: string): Promise<never> {
    await res.body?.cancel().catch(() => undefined);
    throw new SyncFailed(reason);
  }

  // The snapshot's version, once its digest and header check; throws SyncFailed.
  private check(bytes: Uint8Array, digest: string | null): string {
    if (digest !== null) {
      const sha = /sha-256=:([A-Za-z0-9+/=]+):/.exec(digest)?.[1];
      if (sha === undefined) throw new SyncFailed(`Repr-Digest has no sha-256: ${JSON.stringify(digest.slice(0, 100))}`);
      if (reprDigest(bytes) !== `sha-256=:${sha}:`) throw new SyncFailed(`the snapshot's SHA-256 is not the one its Repr-Digest says (tampered or corrupted)`);
    }
    try {
      return artifactMeta(bytes, this.o.source).version;
    } catch (e) {
      throw new SyncFailed((e as Error).message);
    }
  }

  // Loaded as the service would (index, CIDs and content against the version checked) before it replaces the registry file.
  private install(bytes: Uint8Array): void {
    try {
      installBytes(this.o.file, bytes, (tmp) => {
        if (readIndexArtifact(tmp).meta.counts['MA-L'] === 0) throw new SyncFailed('the snapshot has no MA-L block');
      });
    } catch (e) {
      throw e instanceof SyncFailed ? e : new SyncFailed((e as Error).message);
    }
  }
}

// The body, refused past `limit` bytes; with its `size` known, read into one buffer of that size
// (not parts joined at the end, which holds it twice), and refused when it is not that size.
async function bounded(res: Response, limit: number, size: number | null): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const whole = size === null ? null : new Uint8Array(size);
  let got = 0;
  for await (const part of res.body ?? []) {
    if (got + part.byteLength > limit) throw new SyncFailed(`the snapshot is over the ${limit} bytes taken (SNAPSHOT_MAX_BYTES)`);
    if (whole === null) parts.push(part);
    else if (got + part.byteLength > whole.byteLength) throw new SyncFailed(`more bytes than the ${size} announced`);
    else whole.set(part, got);
    got += part.byteLength;
  }
  if (whole !== null && got !== whole.byteLength) throw new SyncFailed(`${got} bytes of the ${size} announced`);
  return whole ?? Buffer.concat(parts, got);
}
