/**
 * Reloads the registry while serving (main thread): when its file is replaced (a watch on
 * its folder catches the atomic rename of `mac-analyze update`), on SIGHUP, and after the
 * in-process updater (REGISTRY_UPDATE_INTERVAL) installed a new snapshot. A new snapshot is
 * read and checked beside the one being served, then handed to every HTTP thread, which
 * switches between two requests. One that fails is logged and counted, and the old one keeps
 * serving. Reloads run one at a time.
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import { fileStamp } from '../registry/file-stamp.js';
import { basename, dirname } from 'node:path';
import type { Logger } from 'pino';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { analyzerHandle } from '../analysis/load-registry.js';
import { readOverlay, type Overlay } from '../hints/overlay.js';
import type { PreviousSnapshot } from '../http/served-snapshot.js';
import { readIndexArtifact } from '../registry/artifact.js';
import { describeDiff, diffableOf, diffSnapshots } from '../registry/diff.js';
import { readSnapshotFile } from '../registry/snapshot-file.js';
import { runUpdate, UpdateRefused, type UpdateOptions } from '../registry/update.js';
import type { ReloadStats } from './reload-stats.js';

/** What the reloader needs from the service. */
export interface ReloaderOptions {
  readonly file: string;
  /** The file's stamp (file-stamp.ts) taken before the snapshot being served was read from it. */
  readonly loadedStamp: string;
  /** REGISTRY_OVERLAY, read again with each reload. */
  readonly overlayFile: string | undefined;
  readonly logger: Logger;
  readonly stats: ReloadStats;
  /** Hands a new snapshot to every HTTP thread. */
  readonly publish: (handle: AnalyzerHandle, previous: PreviousSnapshot) => void;
  /** The in-process updater's schedule (0: off) and options. */
  readonly updateIntervalMs: number;
  readonly update: UpdateOptions;
}


/** Watches the registry file and reloads it; `current` is the snapshot loaded at start. */
export class RegistryReloader {
  private current: AnalyzerHandle;
  private running: Promise<void> = Promise.resolve();
  private watcher: FSWatcher | null = null;
  private debounce: NodeJS.Timeout | undefined;
  private schedule: NodeJS.Timeout | undefined;
  private updating = false;

  constructor(
    initial: AnalyzerHandle,
    private readonly o: ReloaderOptions,
  ) {
    this.current = initial;
  }

  /** Starts watching, and the updater's schedule. */
  start(): void {
    const name = basename(this.o.file);
    try {
      this.watcher = watch(dirname(this.o.file), (_event, changed) => {
        if (changed !== name) return;
        clearTimeout(this.debounce);
        this.debounce = setTimeout(() => void this.reload('file replaced'), 100);
      });
      this.watcher.on('error', (err) => this.o.logger.warn({ err }, 'registry file watch failed; SIGHUP still reloads'));
      this.o.logger.info({ file: this.o.file }, 'registry file watched');
    } catch (err) {
      this.o.logger.warn({ err, file: this.o.file }, 'cannot watch the registry file; SIGHUP still reloads');
    }
    // The watch begins after the threads listen: a file replaced since it was read at start
    // (an update installed meanwhile) has raised no event this watch could see.
    if (fileStamp(this.o.file) !== this.o.loadedStamp) void this.reload('file replaced at start');
    if (this.o.updateIntervalMs > 0) {
      // The first run comes when the file is one interval old (at once for an older file,
      // a second after start at the earliest), then every interval.
      let age = Infinity;
      try {
        age = Date.now() - statSync(this.o.file).mtimeMs;
      } catch {
        // no file to age: update soon
      }
      const first = Math.max(1000, this.o.updateIntervalMs - age);
      this.schedule = setTimeout(() => {
        void this.updateNow();
        this.schedule = setInterval(() => void this.updateNow(), this.o.updateIntervalMs);
        this.schedule.unref();
      }, first);
      this.schedule.unref();
      this.o.logger.info({ firstInMs: Math.round(first), everyMs: this.o.updateIntervalMs, from: this.o.update.baseUrl }, 'registry updates scheduled');
    }
  }

  /** Stops watching and the schedule. */
  stop(): void {
    this.watcher?.close();
    clearTimeout(this.debounce);
    clearTimeout(this.schedule);
    clearInterval(this.schedule);
  }

  /**
   * Reloads the file now (queued behind a reload under way); resolves when done, never rejects:
   * a reload that fails for any reason is counted and logged, the snapshot being served stays,
   * and the next reload runs.
   */
  reload(reason: string): Promise<void> {
    this.running = this.running.then(() => this.reloadOnce(reason)).catch((err: unknown) => {
      this.o.stats.failed();
      this.o.logger.error({ err, file: this.o.file, reason }, 'registry reload failed; the snapshot being served is kept');
    });
    return this.running;
  }

  /** Runs the updater once (skipped while one runs), then reloads what it installed. */
  async updateNow(): Promise<void> {
    if (this.updating) return;
    this.updating = true;
    try {
      const report = await runUpdate(this.o.update);
      if (report.version === report.previous) {
        this.o.logger.info({ version: report.version }, 'registry update: unchanged');
        return;
      }
      this.o.logger.info({ version: report.version, previous: report.previous }, 'registry update downloaded');
      await this.reload('update');
    } catch (err) {
      if (err instanceof UpdateRefused) this.o.logger.warn({ reason: err.message }, 'registry update refused; the snapshot being served is kept');
      else this.o.logger.error({ err }, 'registry update failed');
    } finally {
      this.updating = false;
    }
  }

  // The site overlay, read again with every reload (an edit is picked up on SIGHUP); when it
  // cannot be read, the one being served stays.
  private readOverlay(): Overlay | null {
    if (!this.o.overlayFile) return null;
    try {
      return readOverlay(this.o.overlayFile);
    } catch (err) {
      this.o.logger.error({ err }, 'site overlay reload failed; the overlay being served is kept');
      return this.current.overlay;
    }
  }

  // Reads the file (checked whole: registry/artifact.ts) and switches to it when it holds another
  // snapshot or the overlay changed; throws when it cannot be read.
  private async reloadOnce(reason: string): Promise<void> {
    const started = performance.now();
    const next = readIndexArtifact(this.o.file);
    if (next.meta.counts['MA-L'] === 0) throw new Error('the snapshot has no MA-L block');
    const overlay = this.readOverlay();
    if (next.meta.version === this.current.meta.version && JSON.stringify(overlay) === JSON.stringify(this.current.overlay)) {
      this.o.logger.info({ reason, dataVersion: next.meta.version }, 'registry unchanged');
      return;
    }
    const handle = analyzerHandle(next, this.current.special, overlay, readSnapshotFile(this.o.file, next.meta.version));
    const diff = diffSnapshots(diffableOf(this.current.meta, this.current.index), diffableOf(next.meta, next.index));
    const previous: PreviousSnapshot = { version: this.current.meta.version, reloadedAt: new Date().toISOString(), diff };
    this.o.publish(handle, previous);
    this.current = handle;
    this.o.stats.reloaded();
    this.o.logger.info({ reason, dataVersion: handle.meta.version, previous: previous.version, changes: diff ? describeDiff(diff) : null, ms: Math.round(performance.now() - started) }, 'registry reloaded');
  }
}
