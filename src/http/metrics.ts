/**
 * Request counters and duration histograms shared by every HTTP thread. Each thread owns
 * one row of a Float64Array in a SharedArrayBuffer and is its only writer, so counting needs
 * no atomics; /metrics sums the rows.
 */
import type { PassReason } from '../batch/enrich-plan.js';

/** Route families counted separately. */
export const ROUTES = ['analysis', 'batch', 'registry', 'ops', 'web', 'other'] as const;
/** Status classes counted separately. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;

/** A counter family: the route and the status class of each request. */
export type RouteName = (typeof ROUTES)[number];

/** Upper bounds (seconds) of the duration buckets, from the handler to the last byte handed to the socket: a GET takes microseconds, a large batch seconds. */
export const DURATION_BUCKETS = [0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.01, 0.1, 1, 10] as const;

/** Bulk and limit counters (summed over threads). */
export const EVENTS = ['batch_items', 'batch_bytes', 'batch_gzipped', 'refused_too_large', 'refused_budget', 'refused_queue', 'refused_timeout', 'refused_rate_limit', 'enrich_no_key', 'enrich_not_string', 'enrich_not_object'] as const;
/** A bulk or limit counter. */
export type EventName = (typeof EVENTS)[number];
/** Gauges each thread sets (pool gauges are summed over threads; event-loop delay is per thread). */
export const GAUGES = ['pool_queued', 'pool_busy', 'event_loop_delay_p99', 'event_loop_delay_max'] as const;
/** A per-thread gauge. */
export type GaugeName = (typeof GAUGES)[number];

const COUNTERS = ROUTES.length * STATUS_CLASSES.length;
// Per route: one cell per bucket, +Inf, then the sum.
const PER_ROUTE = DURATION_BUCKETS.length + 2;
const HISTOGRAMS = COUNTERS;
const EVENT_CELLS = HISTOGRAMS + ROUTES.length * PER_ROUTE;
const GAUGE_CELLS = EVENT_CELLS + EVENTS.length;
const CELLS = GAUGE_CELLS + GAUGES.length;

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

  /** Records how long a request of `route` took, in seconds. */
  observe(route: RouteName, seconds: number): void {
    const base = this.row + HISTOGRAMS + ROUTES.indexOf(route) * PER_ROUTE;
    let b = 0;
    while (b < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[b]) b++;
    this.cells[base + b]++;
    this.cells[base + PER_ROUTE - 1] += seconds;
  }

  /** Adds `n` to a bulk or limit counter. */
  add(event: EventName, n = 1): void {
    this.cells[this.row + EVENT_CELLS + EVENTS.indexOf(event)] += n;
  }

  /** Sets one of this thread's gauges. */
  set(gauge: GaugeName, value: number): void {
    this.cells[this.row + GAUGE_CELLS + GAUGES.indexOf(gauge)] = value;
  }

  /** Prometheus text of the request counters and duration histograms, summed over threads. */
  render(): string {
    return `${[...this.requestLines(), ...this.durationLines(), ...this.eventLines()].join('\n')}\n`;
  }

  // One cell summed over the threads' rows.
  private total(cell: number): number {
    let sum = 0;
    for (let i = 0; i < this.cells.length; i += CELLS) sum += this.cells[i + cell];
    return sum;
  }

  // The requests answered, by route and status class.
  private requestLines(): string[] {
    const lines = ['# HELP mac_http_requests_total HTTP requests answered, by route family and status class.', '# TYPE mac_http_requests_total counter'];
    ROUTES.forEach((route, r) => {
      STATUS_CLASSES.forEach((cls, c) => lines.push(`mac_http_requests_total{route="${route}",status="${cls}"} ${this.total(r * STATUS_CLASSES.length + c)}`));
    });
    return lines;
  }

  // The duration histograms, by route.
  private durationLines(): string[] {
    const lines = ['# HELP mac_http_request_duration_seconds Time the service spent on a request, from its handler to the last byte handed to the socket, by route family.', '# TYPE mac_http_request_duration_seconds histogram'];
    ROUTES.forEach((route, r) => {
      const base = HISTOGRAMS + r * PER_ROUTE;
      let cumulative = 0;
      for (let b = 0; b <= DURATION_BUCKETS.length; b++) {
        cumulative += this.total(base + b);
        lines.push(`mac_http_request_duration_seconds_bucket{route="${route}",le="${b < DURATION_BUCKETS.length ? DURATION_BUCKETS[b] : '+Inf'}"} ${cumulative}`);
      }
      lines.push(`mac_http_request_duration_seconds_sum{route="${route}"} ${this.total(base + PER_ROUTE - 1)}`);
      lines.push(`mac_http_request_duration_seconds_count{route="${route}"} ${cumulative}`);
    });
    return lines;
  }

  // The bulk and limit counters, the pool's gauges and each thread's event-loop delay.
  private eventLines(): string[] {
    const lines: string[] = [];
    const event = (e: EventName) => this.total(EVENT_CELLS + EVENTS.indexOf(e));
    const gauge = (g: GaugeName) => this.total(GAUGE_CELLS + GAUGES.indexOf(g));
    // HELP and TYPE, then the samples.
    const family = (name: string, type: 'counter' | 'gauge', help: string, samples: readonly string[]) => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples);
    family('mac_batch_items_total', 'counter', 'Addresses received in batch and extract requests (extract: addresses found).', [`mac_batch_items_total ${event('batch_items')}`]);
    family('mac_batch_bytes_total', 'counter', 'Bytes of batch and extract request bodies received.', [`mac_batch_bytes_total ${event('batch_bytes')}`]);
    family('mac_batch_gzipped_total', 'counter', 'Batch and extract answers sent gzipped (the client accepted gzip; BULK_GZIP_LEVEL).', [`mac_batch_gzipped_total ${event('batch_gzipped')}`]);
    family(
      'mac_refusals_total',
      'counter',
      'Requests refused by a limit: too_large (413), budget (503, body memory), queue (503, pool), timeout (408), rate_limit (429).',
      (['too_large', 'budget', 'queue', 'timeout', 'rate_limit'] as const).map((r) => `mac_refusals_total{reason="${r}"} ${event(`refused_${r}`)}`),
    );
    family(
      'mac_enrich_passed_total',
      'counter',
      'Enrich keys let pass, records unchanged: no_key (no such member or cell), not_string (a value that is not a string), not_object (a line that is not a JSON object).',
      (['no_key', 'not_string', 'not_object'] as const satisfies readonly PassReason[]).map((r) => `mac_enrich_passed_total{reason="${r}"} ${event(`enrich_${r}`)}`),
    );
    family('mac_pool_queued_tasks', 'gauge', 'Bulk tasks waiting for a pool worker (POOL_THREADS in all), over all HTTP threads (sampled every second).', [`mac_pool_queued_tasks ${gauge('pool_queued')}`]);
    family('mac_pool_busy_workers', 'gauge', 'Pool workers running a task, over all HTTP threads (sampled every second).', [`mac_pool_busy_workers ${gauge('pool_busy')}`]);
    family('mac_event_loop_delay_seconds', 'gauge', 'Event-loop delay of each HTTP thread over the last second (p99 and max).', []);
    for (let i = 0; i < this.cells.length / CELLS; i++) {
      const at = (g: GaugeName) => this.cells[i * CELLS + GAUGE_CELLS + GAUGES.indexOf(g)];
      lines.push(`mac_event_loop_delay_seconds{thread="${i}",quantile="0.99"} ${at('event_loop_delay_p99')}`, `mac_event_loop_delay_seconds{thread="${i}",quantile="1"} ${at('event_loop_delay_max')}`);
    }
    return lines;
  }
}
