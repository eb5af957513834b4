/**
 * Request counters shared by every HTTP thread. Each thread owns one row of a Float64Array
 * in a SharedArrayBuffer and is its only writer, so counting needs no atomics; /metrics
 * sums the rows.
 */

/** Route families counted separately. */
export const ROUTES = ['analysis', 'batch', 'ops', 'web', 'other'] as const;
/** Status classes counted separately. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** A counter family: the route and the status class of each request. */
export type RouteName = (typeof ROUTES)[number];

const CELLS = ROUTES.length * STATUS_CLASSES.length;

/** Allocates the shared counters for `rows` threads (HTTP threads plus restarts). */
export function createMetricsBuffer(rows: number): SharedArrayBuffer {
  return new SharedArrayBuffer(rows * CELLS * 8);
}

/** One thread's writer and everyone's reader over the shared counters. */
export class Metrics {
  private readonly cells: Float64Array;
  private readonly row: number;

  /** Views the buffer; this thread writes row `row`. */
  constructor(buffer: SharedArrayBuffer, row: number) {
    this.cells = new Float64Array(buffer);
    this.row = row * CELLS;
  }

  /** Counts one request of `route` answered with the status line `status`. */
  count(route: RouteName, status: string): void {
    const cls = status.charCodeAt(0) - 50; // '2' → 0 … '5' → 3
    if (cls < 0 || cls > 3) return;
    this.cells[this.row + ROUTES.indexOf(route) * STATUS_CLASSES.length + cls]++;
  }

  /** Prometheus text of the request counters, summed over threads. */
  render(): string {
    const lines = ['# HELP mac_http_requests_total HTTP requests answered, by route family and status class.', '# TYPE mac_http_requests_total counter'];
    const rows = this.cells.length / CELLS;
    ROUTES.forEach((route, r) => {
      STATUS_CLASSES.forEach((cls, c) => {
        let sum = 0;
        for (let i = 0; i < rows; i++) sum += this.cells[i * CELLS + r * STATUS_CLASSES.length + c];
        lines.push(`mac_http_requests_total{route="${route}",status="${cls}"} ${sum}`);
      });
    });
    return `${lines.join('\n')}\n`;
  }
}
