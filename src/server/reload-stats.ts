/**
 * Registry reload and sync counters in shared memory: the main thread, which reloads and
 * follows a source (REGISTRY_SOURCE), writes them; every HTTP thread reads them for /metrics,
 * /readyz and /api/registry.
 */
import { SYNC_RESULTS, type SyncResult, type SyncStatus } from '../registry/snapshot-file.js';

// The cells of the shared Float64Array, by name.
const NAMES = ['reloads', 'failures', 'lastReload', 'lastFailure', 'syncsUpdated', 'syncsUnchanged', 'syncFailures', 'lastSync', 'lastSyncFailure', 'lastResult', 'startTimedOut'] as const;
const C = Object.fromEntries(NAMES.map((n, i) => [n, i])) as Record<(typeof NAMES)[number], number>;

// Each series: name, type, help, and its cell.
const SERIES: ReadonlyArray<readonly [string, 'counter' | 'gauge', string, number]> = [
  ['mac_registry_reloads_total', 'counter', 'Registry snapshots switched to while serving.', C.reloads],
  ['mac_registry_reload_failures_total', 'counter', 'Reload attempts refused (the snapshot being served was kept).', C.failures],
  ['mac_registry_last_reload_timestamp_seconds', 'gauge', 'When the last reload switched snapshots (0: never).', C.lastReload],
  ['mac_registry_last_reload_failure_timestamp_seconds', 'gauge', 'When the last reload attempt failed (0: never).', C.lastFailure],
  ['mac_registry_sync_failures_total', 'counter', 'Syncs with REGISTRY_SOURCE that failed (the snapshot being served was kept).', C.syncFailures],
  ['mac_registry_last_sync_timestamp_seconds', 'gauge', 'When the last sync with REGISTRY_SOURCE succeeded (0: never).', C.lastSync],
  ['mac_registry_sync_start_timed_out', 'gauge', '1 when the start gave up waiting for the source (REGISTRY_SYNC_START_TIMEOUT) and served what it had.', C.startTimedOut],
];

const time = (seconds: number) => (seconds > 0 ? new Date(seconds * 1000).toISOString() : null);

/** Allocates the counters (the main thread does, once). */
export function createReloadStatsBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(NAMES.length * Float64Array.BYTES_PER_ELEMENT);
}

/** A view of the reload and sync counters. */
export class ReloadStats {
  private readonly cells: Float64Array;

  /** Views `buffer`. */
  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Float64Array(buffer);
  }

  /** Counts a snapshot switched to, now. */
  reloaded(): void {
    this.cells[C.reloads]++;
    this.cells[C.lastReload] = Date.now() / 1000;
  }

  /** Counts a reload attempt that failed (the old snapshot kept serving), now. */
  failed(): void {
    this.cells[C.failures]++;
    this.cells[C.lastFailure] = Date.now() / 1000;
  }

  /** Counts a sync with the source, now: it brought a new snapshot, found none, or failed. */
  synced(result: Exclude<SyncResult, 'none'>): void {
    const now = Date.now() / 1000;
    if (result === 'failed') {
      this.cells[C.syncFailures]++;
      this.cells[C.lastSyncFailure] = now;
    } else {
      this.cells[result === 'updated' ? C.syncsUpdated : C.syncsUnchanged]++;
      this.cells[C.lastSync] = now;
    }
    this.cells[C.lastResult] = SYNC_RESULTS.indexOf(result);
  }

  /** Says whether the start gave up waiting for the source (cleared by the first sync that succeeds). */
  startTimedOut(timedOut: boolean): void {
    this.cells[C.startTimedOut] = timedOut ? 1 : 0;
  }

  /** The sync's state, for a follower of `source`. */
  syncStatus(source: string): SyncStatus {
    const c = this.cells;
    return { source, lastResult: SYNC_RESULTS[c[C.lastResult]], lastSync: time(c[C.lastSync]), lastFailure: time(c[C.lastSyncFailure]), failures: c[C.syncFailures], startTimedOut: c[C.startTimedOut] === 1 };
  }

  /** Prometheus text of the counters. */
  render(): string {
    const syncs = `# HELP mac_registry_syncs_total Syncs with REGISTRY_SOURCE that succeeded, by what they found.\n# TYPE mac_registry_syncs_total counter\nmac_registry_syncs_total{result="updated"} ${this.cells[C.syncsUpdated]}\nmac_registry_syncs_total{result="unchanged"} ${this.cells[C.syncsUnchanged]}\n`;
    return SERIES.map(([name, type, help, cell]) => `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name} ${this.cells[cell]}\n`).join('') + syncs;
  }
}
