// The parts of autocannon's programmatic API that the benchmarks use (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram & { p97_5: number; p99_9: number };
    /** Bytes read from the server (heads and bodies). */
    throughput: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    pipelining?: number;
    /** A request with `setupRequest` is built at each send, from what that function returns. */
    requests?: ReadonlyArray<{ path?: string; method?: string; setupRequest?: (request: { path?: string }) => { path?: string } }>;
    ignoreCoordinatedOmission?: boolean;
  }
  /** A running benchmark (callback form), which can be stopped early. */
  interface Instance {
    stop(): void;
  }
  function autocannon(opts: Options): Promise<Result>;
  function autocannon(opts: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
