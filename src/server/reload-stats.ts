/**
 * Registry reload counters in shared memory: the main thread, which reloads, writes them;
 * every HTTP thread reads them for /metrics.
 */

const RELOADS = 0;
const FAILURES = 1;
const LAST_RELOAD = 2;
const LAST_FAILURE = 3;

// Each series: name, type, help, and its cell.
const SERIES: ReadonlyArray<readonly [string, 'counter' | 'gauge', string, number]> = [
  ['mac_registry_reloads_total', 'counter', 'Registry snapshots switched to while serving.', RELOADS],
  ['mac_registry_reload_failures_total', 'counter', 'Reload attempts refused (the snapshot being served was kept).', FAILURES],
  ['mac_registry_last_reload_timestamp_seconds', 'gauge', 'When the last reload switched snapshots (0: never).', LAST_RELOAD],
  ['mac_registry_last_reload_failure_timestamp_seconds', 'gauge', 'When the last reload attempt failed (0: never).', LAST_FAILURE],
];

/** Allocates the counters (the main thread does, once). */
export function createReloadStatsBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(4 * Float64Array.BYTES_PER_ELEMENT);
}

/** A view of the reload counters. */
export class ReloadStats {
  private readonly cells: Float64Array;

  /** Views `buffer`. */
  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Float64Array(buffer);
  }

  /** Counts a snapshot switched to, now. */
  reloaded(): void {
    this.cells[RELOADS]++;
    this.cells[LAST_RELOAD] = Date.now() / 1000;
  }

  /** Counts a reload attempt that failed (the old snapshot kept serving), now. */
  failed(): void {
    this.cells[FAILURES]++;
    this.cells[LAST_FAILURE] = Date.now() / 1000;
  }

  /** Prometheus text of the counters. */
  render(): string {
    return SERIES.map(([name, type, help, cell]) => `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name} ${this.cells[cell]}\n`).join('');
  }
}
