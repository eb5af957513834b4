/**
 * Service configuration from environment variables. Every value has a documented default
 * (README, "Configuration"); an invalid one stops the start with a message naming it.
 */
import { IEEE_BASE_URL } from '../registry/paths.js';
import { cpuLimit, memoryLimit, type CpuLimit, type MemoryLimit } from '../host/cgroup-limits.js';
import { largestBody } from '../batch/body-memory.js';
import { floorBytes, heapFor, largestParsed, largestVendorCache, memoryPlan, type MemoryPlan } from '../batch/memory-plan.js';
import type { EngineName } from './engines/engine-app.js';

/** A configuration value that cannot be used. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(`${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got ${JSON.stringify(env[name])}`);
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(env[name])}`);
  return raw as T;
}

/**
 * Each engine's young generation per HTTP thread (MB) unless HTTP_THREAD_YOUNG_MB is set: uWS's
 * requests allocate little; node:http's allocate more, and a small one collected too often.
 */
export const HTTP_THREAD_YOUNG_MB: Readonly<Record<EngineName, number>> = { uws: 2, node: 8 };

/** The young generation (MB) of each HTTP thread on `engine`: HTTP_THREAD_YOUNG_MB, else that engine's own. */
export function httpThreadYoungMb(config: Pick<Config, 'httpThreadYoungMb'>, engine: EngineName): number {
  return config.httpThreadYoungMb ?? HTTP_THREAD_YOUNG_MB[engine];
}

/**
 * The longest a body may go without a byte on each engine. uWS closes a connection that has been
 * silent for 10 s, give or take its 4 s timer granularity (so after 8 to 12 s), answer pending or
 * not: the service's own idle bound must answer first, or a refused body would be closed unanswered.
 */
export const BODY_IDLE_MAX_MS: Readonly<Record<EngineName, number>> = { uws: 6_000, node: Infinity };

/** How long a body may go without a byte on `engine`: BODY_IDLE_TIMEOUT_MS, at most that engine's BODY_IDLE_MAX_MS. */
export function bodyIdleMs(config: Pick<Config, 'bodyIdleTimeoutMs'>, engine: EngineName): number {
  return Math.min(config.bodyIdleTimeoutMs, BODY_IDLE_MAX_MS[engine]);
}

// The settings read from the environment alone (withMemory adds the memory ones).
function settings(env: Env, cpu: CpuLimit) {
  const host = env.HOST?.trim() || '0.0.0.0';
  if (!/^[\w.:-]+$/.test(host)) throw new ConfigError(`HOST must be an IP address or host name, got ${JSON.stringify(env.HOST)}`);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    accessLog: boolean(env, 'ACCESS_LOG', false),
    /** The CPUs this process may use (affinity and cgroup quota): the thread defaults. */
    cpu,
    httpThreads: integer(env, 'HTTP_THREADS', cpu.cpus, 1, 256),
    /** Young-generation heap of each HTTP thread, in MB; null: the engine's own (httpThreadYoungMb below). */
    httpThreadYoungMb: env.HTTP_THREAD_YOUNG_MB?.trim() ? integer(env, 'HTTP_THREAD_YOUNG_MB', 0, 1, 256) : null,
    registryFile: env.REGISTRY_FILE?.trim() || undefined,
    /** The site overlay file (REGISTRY_OVERLAY), or undefined. */
    registryOverlay: env.REGISTRY_OVERLAY?.trim() || undefined,
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 0, 600_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    /** The HTTP engine asked for (HTTP_ENGINE): auto picks uws where its native binary loads. */
    httpEngine: oneOf(env, 'HTTP_ENGINE', 'auto', ['auto', 'uws', 'node']),
    /** The port of the operational endpoints' own listener (ADMIN_PORT), or null: they are on PORT. */
    adminPort: env.ADMIN_PORT?.trim() ? integer(env, 'ADMIN_PORT', 0, 0, 65535) : null,
    faultInjection: boolean(env, 'FAULT_INJECTION', false),
    batchMaxBytes: integer(env, 'BATCH_MAX_BYTES', 64 * 1024 * 1024, 1, 2 ** 31 - 1),
    batchMaxItems: integer(env, 'BATCH_MAX_ITEMS', 1_000_000, 1, 100_000_000),
    /** Keys an enrich request names at most (ENRICH_MAX_KEYS): each costs a look-up and a search of every record. */
    enrichMaxKeys: integer(env, 'ENRICH_MAX_KEYS', 16, 1, 1024),
    /** gzip level of bulk answers to clients that accept gzip (1 fastest, 9 smallest); 0: never gzipped. */
    bulkGzipLevel: integer(env, 'BULK_GZIP_LEVEL', 1, 0, 9),
    /** Pool tasks that may run at once in the whole process (all HTTP threads' pools together). */
    poolThreads: integer(env, 'POOL_THREADS', cpu.cpus, 0, 256),
    poolMaxQueue: integer(env, 'POOL_MAX_QUEUE', 64, 1, 100_000),
    /** Start every HTTP thread's pool with the thread, keep its workers, and warm them before /readyz says ready (and before a reload switches). */
    poolWarmUp: boolean(env, 'POOL_WARM_UP', true),
    /** A request body must have fully arrived this long after its headers, else 408. */
    bodyTimeoutMs: integer(env, 'BODY_TIMEOUT_MS', 60_000, 1, 3_600_000),
    /** A request body that goes this long without a byte is answered 408 (or its 413, once refused) and its connection closed (on uWS at most BODY_IDLE_MAX_MS). */
    bodyIdleTimeoutMs: integer(env, 'BODY_IDLE_TIMEOUT_MS', 6_000, 1, 3_600_000),
    /** Bytes past the largest body that a too-large one is still read and dropped, so that its client reads the 413; past them the connection closes. */
    bodyDrainBytes: integer(env, 'BODY_DRAIN_BYTES', 64 * 1024 * 1024, 0, 2 ** 31 - 1),
    /** Requests per second per client (token refill rate); 0 turns rate limiting off. */
    rateLimitRps: integer(env, 'RATE_LIMIT_RPS', 0, 0, 1_000_000),
    /** Token bucket size per client: the burst allowed on top of the rate. */
    rateLimitBurst: integer(env, 'RATE_LIMIT_BURST', 0, 0, 10_000_000),
    /** Proxies in front whose X-Forwarded-For is believed (0: use the socket's address). */
    trustProxy: trustProxy(env),
    /** How often the service runs the registry updater itself, in ms (0: never). */
    registryUpdateIntervalMs: span(env, 'REGISTRY_UPDATE_INTERVAL', 0, [60_000, 366 * 86_400_000, 'one minute to a year'], true),
    /** Where the updater downloads the IEEE files from. */
    registryUpdateUrl: url(env, 'REGISTRY_UPDATE_URL', IEEE_BASE_URL, ['http:', 'https:'], 'an http(s) URL'),
    /** Largest share by which a registry may shrink in an update. */
    registryUpdateMaxShrink: share(env, 'REGISTRY_UPDATE_MAX_SHRINK', 0.1),
    /** A builder's snapshot to follow (REGISTRY_SOURCE: http, https or file URL), or null. */
    registrySource: url(env, 'REGISTRY_SOURCE', null, ['http:', 'https:', 'file:'], "an http, https or file URL of a registry snapshot (a builder's /api/registry/snapshot)"),
    /** How often a follower asks its source for a new snapshot. */
    registrySyncIntervalMs: span(env, 'REGISTRY_SYNC_INTERVAL', 60_000, [5_000, 86_400_000, '5 s to a day']),
    /** How long a follower's start waits for its source's snapshot before serving what it has. */
    registrySyncStartTimeoutMs: span(env, 'REGISTRY_SYNC_START_TIMEOUT', 30_000, [0, 600_000, '0 to 10 minutes']),
    /** The largest snapshot a follower takes, in bytes; null: derived from the snapshot it serves (registry-follower.ts). */
    snapshotMaxBytes: env.SNAPSHOT_MAX_BYTES?.trim() ? integer(env, 'SNAPSHOT_MAX_BYTES', 0, 1024 * 1024, 2 ** 32) : null,
  };
}

/** The memory settings: derived from the memory limit, explicit values winning (withMemory). */
interface MemorySettings {
  /** The memory limit found at start and what was derived from it (memory-plan.ts). */
  readonly memory: MemoryPlan;
  /** Bytes of request bodies all threads may hold at once, a body weighed by what answering it takes (body-memory.ts); a body that would exceed it gets 503. */
  readonly bodyBudgetBytes: number;
  /** Heap (old generation) limit of each pool worker, in MB: a worker over it fails its task and is replaced. */
  readonly poolWorkerHeapMb: number;
  /** Output buffers (3 MiB each) per HTTP thread that bulk answers are rendered into. */
  readonly bulkOutputBuffers: number;
  /** Rendered vendor members each pool worker keeps at most, in MiB (0: none). */
  readonly vendorCacheMb: number;
}

/** The validated configuration: the settings read from the environment, and the memory ones. */
export type Config = Readonly<ReturnType<typeof settings>> & MemorySettings;

/** Reads and validates the configuration; throws ConfigError on the first bad value. */
export function loadConfig(env: Env = process.env, cpu: CpuLimit = cpuLimit(), memory: MemoryLimit = memoryLimit()): Config {
  const config = settings(env, cpu);
  if (config.adminPort !== null && config.adminPort !== 0 && config.adminPort === config.port) {
    throw new ConfigError(`ADMIN_PORT must differ from PORT (${config.port}); leave it unset to serve the operational endpoints on PORT`);
  }
  return { ...withMemory(env, config, memory), rateLimitBurst: config.rateLimitBurst || config.rateLimitRps };
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${Math.floor(bytes / MiB)} MiB`;

/**
 * The memory settings: derived from the limit (memory-plan.ts), explicit values winning. Derived
 * ones always fit: BATCH_MAX_BYTES is lowered to the budget, and the largest body of each kind
 * to what its cost leaves (logged). Explicit ones that cannot fit under the limit are refused,
 * saying what fits.
 */
function withMemory(env: Env, config: Readonly<ReturnType<typeof settings>>, limit: MemoryLimit): Config {
  const explicit = (name: string) => (env[name]?.trim() ?? '') !== '';
  const under = limit.bytes === null ? '' : ` under the memory limit of ${mib(limit.bytes)} (${limit.source})`;
  if (limit.bytes !== null && limit.bytes < floorBytes(config.httpThreads, config.poolThreads)) {
    throw new ConfigError(`the memory limit of ${mib(limit.bytes)} (${limit.source}) is below the ${mib(floorBytes(config.httpThreads, config.poolThreads))} this service needs with ${config.httpThreads} HTTP threads and ${config.poolThreads} pool workers; raise the limit, or lower HTTP_THREADS and POOL_THREADS (1 and 1 need ${mib(floorBytes(1, 1))})`);
  }
  const vendorCacheMb = explicit('VENDOR_CACHE_MB') ? integer(env, 'VENDOR_CACHE_MB', 0, 0, 1024) : null;
  const plan = memoryPlan({ limit, httpThreads: config.httpThreads, poolThreads: config.poolThreads, batchMaxBytes: config.batchMaxBytes, vendorCacheMb });
  const cacheFits = limit.bytes === null ? Infinity : largestVendorCache(limit.bytes, config.httpThreads, config.poolThreads);
  if (vendorCacheMb !== null && config.poolThreads > 0 && vendorCacheMb > cacheFits) {
    throw new ConfigError(`VENDOR_CACHE_MB (${vendorCacheMb}) does not fit${under}: at most ${cacheFits} with ${config.httpThreads} HTTP threads and ${config.poolThreads} pool workers`);
  }
  const bulkOutputBuffers = integer(env, 'BULK_OUTPUT_BUFFERS', plan.outputBuffers, 1, 1024);
  const bodyBudgetBytes = integer(env, 'BODY_BUDGET_BYTES', plan.bodyBudgetBytes, 1, Number.MAX_SAFE_INTEGER);
  if (limit.bytes !== null && explicit('BODY_BUDGET_BYTES') && bodyBudgetBytes > plan.bodyBudgetBytes) {
    throw new ConfigError(`BODY_BUDGET_BYTES (${bodyBudgetBytes}) does not fit${under}: at most ${plan.bodyBudgetBytes} with ${config.httpThreads} HTTP threads and ${config.poolThreads} pool workers`);
  }
  const batchMaxBytes = explicit('BATCH_MAX_BYTES') ? config.batchMaxBytes : Math.min(config.batchMaxBytes, bodyBudgetBytes);
  if (bodyBudgetBytes < batchMaxBytes) {
    throw new ConfigError(`BODY_BUDGET_BYTES (${bodyBudgetBytes}) must be at least BATCH_MAX_BYTES (${batchMaxBytes}), or the largest allowed body could never be received${limit.bytes === null || explicit('BODY_BUDGET_BYTES') ? '' : `; ${bodyBudgetBytes} fit${under}`}`);
  }
  // A worker holds a body and what it is parsed into; single allocations past its heap
  // limit end the whole process instead of the worker, so the limit keeps a margin.
  const parsed = largestParsed(bodyBudgetBytes, batchMaxBytes);
  const poolWorkerHeapMb = integer(env, 'POOL_WORKER_HEAP_MB', Math.max(plan.poolWorkerHeapMb, heapFor(parsed)), 16, 65_536);
  if (poolWorkerHeapMb * MiB < 4 * parsed) {
    throw new ConfigError(`POOL_WORKER_HEAP_MB (${poolWorkerHeapMb}) must be at least 4 × the largest JSON or msgpack body in MiB (${Math.ceil((4 * parsed) / MiB)}; the body budget takes ${parsed} bytes of either)`);
  }
  return { ...config, batchMaxBytes, bodyBudgetBytes, poolWorkerHeapMb, bulkOutputBuffers, vendorCacheMb: plan.vendorCacheMb, memory: { ...plan, bodyBudgetBytes, poolWorkerHeapMb, outputBuffers: bulkOutputBuffers } };
}

/** The largest body of each kind the configuration takes (BATCH_MAX_BYTES, or less where the budget cannot hold it): what the start-up log says. */
export function largestBodies(config: Pick<Config, 'bodyBudgetBytes' | 'batchMaxBytes'>): Record<'text' | 'json' | 'msgpack' | 'extract', number> {
  const of = (kind: 'text' | 'json' | 'msgpack' | 'extract') => largestBody(kind, config.bodyBudgetBytes, config.batchMaxBytes);
  return { text: of('text'), json: of('json'), msgpack: of('msgpack'), extract: of('extract') };
}


const UNIT_MS = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

// A duration (whole seconds, or a number with s, m, h or d) from `min` to `max` ms, said as
// `range`; empty is `fallback`, and 0 is off (0) where `off` says so.
function span(env: Env, name: string, fallback: number, [min, max, range]: readonly [number, number, string], off = false): number {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (off && raw === '0') return 0;
  const m = /^(\d+)([smhd]?)$/.exec(raw);
  if (!m) throw new ConfigError(`${name} must be a duration such as 3600, 30s, 90m, 6h or 1d, got ${JSON.stringify(env[name])}`);
  const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  if (ms < min || ms > max) throw new ConfigError(`${name} must be from ${range}, got ${JSON.stringify(env[name])}`);
  return ms;
}

// A URL of one of `protocols` (described as `what`), as given; empty is `fallback`.
function url<F extends string | null>(env: Env, name: string, fallback: F, protocols: readonly string[], what: string): string | F {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // refused below
  }
  if (!protocols.includes(protocol) || /\s/.test(raw)) throw new ConfigError(`${name} must be ${what}, got ${JSON.stringify(raw)}`);
  return raw;
}

function share(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw) || n > 1) throw new ConfigError(`${name} must be a number from 0 to 1, got ${JSON.stringify(raw)}`);
  return n;
}

// TRUST_PROXY: false/0 (default), true (one proxy), or the number of proxies in front.
function trustProxy(env: Env): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw === undefined || raw === '') return 0;
  if (/^\d+$/.test(raw)) return integer(env, 'TRUST_PROXY', 0, 0, 16);
  return boolean(env, 'TRUST_PROXY', false) ? 1 : 0;
}
