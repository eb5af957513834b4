/**
 * Follows a builder's registry (REGISTRY_SOURCE, main thread): asks the source for its snapshot
 * every REGISTRY_SYNC_INTERVAL with If-None-Match (a 304 costs nothing), checks what comes as a
 * load does (Repr-Digest when the source sends one, then the file's header and index), writes it
 * atomically as the registry file and has the reloader switch to it between two requests. A
 * source that fails (an error status, an HTML page, a truncated or tampered file, an unknown
 * format, a redirect loop, no answer in time) is logged and counted, the snapshot being served
 * stays, and the source is asked again after a backoff with jitter. It never asks the IEEE.
 */
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { artifactVersion, installBytes, readIndexArtifact } from '../registry/artifact.js';
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
  /** The largest snapshot taken. */
  readonly maxBytes: number;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the source and installs what it brings. */
export class RegistryFollower {
  // The source's validator of what we hold (its ETag, or for a file its size and time).
  private validator: string | null = null;
  private failures = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly o: FollowerOptions) {}

  /** Asks the source once: 'updated' when it brought a new snapshot (written, not yet loaded), 'unchanged' when not; throws SyncFailed. */
  async fetchOnce(): Promise<'updated' | 'unchanged'> {
    const got = this.o.source.startsWith('file:') ? this.readFile() : await this.download();
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
  async syncOnce(): Promise<boolean> {
    try {
      const result = await this.fetchOnce();
      if (result === 'updated') await this.o.reload('sync');
      this.o.stats.synced(result);
      this.o.stats.startTimedOut(false);
      this.failures = 0;
      return true;
    } catch (err) {
      this.failures++;
      this.o.stats.synced('failed');
      this.o.logger.warn({ source: this.o.source, reason: (err as Error).message, failures: this.failures }, 'registry sync failed; the snapshot being served is kept');
      return false;
    }
  }

  /**
   * The start: asks until the source's snapshot is on disk, or `timeoutMs` passed (then false:
   * the service serves what it has, and says so). Loading is the caller's.
   */
  async initial(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.syncOnce())) {
      const wait = Math.min(this.backoff(), deadline - Date.now());
      if (wait <= 0) {
        this.o.stats.startTimedOut(true);
        this.o.logger.warn({ source: this.o.source, timeoutMs }, 'registry source not reached within REGISTRY_SYNC_START_TIMEOUT: serving the snapshot this replica has');
        return false;
      }
      await sleep(wait);
    }
    return true;
  }

  /** Polls every interval (sooner, with backoff, after a failure) until stop(). */
  start(): void {
    const next = () => {
      if (this.stopped) return;
      const wait = this.failures > 0 ? this.backoff() : this.o.intervalMs * (0.9 + 0.2 * Math.random());
      this.timer = setTimeout(() => void this.syncOnce().then(next), wait);
      this.timer.unref();
    };
    next();
    this.o.logger.info({ source: this.o.source, everyMs: this.o.intervalMs }, 'registry source followed');
  }

  /** Stops polling. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  // 1 s doubled per failure up to the interval, times a jitter of 0.5-1.5, so a fleet does not
  // ask a recovering source all at once.
  private backoff(): number {
    return Math.min(this.o.intervalMs, 1000 * 2 ** Math.min(this.failures - 1, 16)) * (0.5 + Math.random());
  }

  // The version being served, or before the first load the registry file's (null: none).
  private held(): string | null {
    try {
      return this.o.served() ?? artifactVersion(readFileSync(this.o.file), this.o.file);
    } catch {
      return null;
    }
  }

  // A file source: read when its size or time changed since the last read.
  private readFile(): { bytes: Uint8Array; digest: string | null; validator: string } | null {
    const path = fileURLToPath(this.o.source);
    let stamp: string;
    try {
      const s = statSync(path);
      stamp = `${s.size}-${s.mtimeMs}`;
    } catch (e) {
      throw new SyncFailed(`${path}: ${(e as Error).message}`);
    }
    if (stamp === this.validator) return null;
    return { bytes: readFileSync(path), digest: null, validator: stamp };
  }

  // An http(s) source: conditional, bounded in time and size.
  private async download(): Promise<{ bytes: Uint8Array; digest: string | null; validator: string | null } | null> {
    const held = this.held();
    const tag = this.validator ?? (held === null ? null : `"${held}"`);
    let res: Response;
    try {
      res = await fetch(this.o.source, { headers: { Accept: SNAPSHOT_TYPE, ...(tag ? { 'If-None-Match': tag } : {}) }, redirect: 'follow', signal: AbortSignal.timeout(this.o.timeoutMs) });
    } catch (e) {
      const cause = (e as { cause?: Error }).cause;
      throw new SyncFailed((e as Error).name === 'TimeoutError' ? `no answer within ${this.o.timeoutMs} ms` : `${(e as Error).message}${cause ? ` (${cause.message})` : ''}`);
    }
    if (res.status === 304) return null;
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new SyncFailed(`HTTP ${res.status} ${res.statusText}`);
    }
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type.startsWith('text/')) {
      await res.body?.cancel();
      throw new SyncFailed(`the answer is ${type}, not a registry snapshot (an error page?)`);
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > this.o.maxBytes) {
      await res.body?.cancel();
      throw new SyncFailed(`the snapshot is ${declared} bytes, over the ${this.o.maxBytes} taken`);
    }
    let bytes: Uint8Array;
    try {
      bytes = await this.bounded(res);
    } catch (e) {
      throw e instanceof SyncFailed ? e : new SyncFailed(`the snapshot did not arrive whole (${(e as Error).message})`);
    }
    if (Number.isFinite(declared) && bytes.byteLength !== declared) throw new SyncFailed(`${bytes.byteLength} bytes of the ${declared} announced`);
    return { bytes, digest: res.headers.get('repr-digest'), validator: res.headers.get('etag') };
  }

  // The body, refused past maxBytes.
  private async bounded(res: Response): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let size = 0;
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += part.byteLength;
      if (size > this.o.maxBytes) throw new SyncFailed(`the snapshot is over the ${this.o.maxBytes} bytes taken`);
      parts.push(part);
    }
    return Buffer.concat(parts, size);
  }

  // The snapshot's version, once its digest and header check; throws SyncFailed.
  private check(bytes: Uint8Array, digest: string | null): string {
    if (digest !== null) {
      const sha = /sha-256=:([A-Za-z0-9+/=]+):/.exec(digest)?.[1];
      if (sha === undefined) throw new SyncFailed(`Repr-Digest has no sha-256: ${JSON.stringify(digest.slice(0, 100))}`);
      if (reprDigest(bytes) !== `sha-256=:${sha}:`) throw new SyncFailed(`the snapshot's SHA-256 is not the one its Repr-Digest says (tampered or corrupted)`);
    }
    try {
      return artifactVersion(bytes, this.o.source);
    } catch (e) {
      throw new SyncFailed((e as Error).message);
    }
  }

  // Loaded as the service would (index and CIDs checked) before it replaces the registry file.
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
