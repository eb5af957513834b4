/**
 * Service entry point (main thread), the start in order: the configuration, the engine (uWS where
 * its native build loads, else node:http), the limits, the ports, the HTTP threads (alive at once:
 * /healthz answers while the registry loads), the registry (a follower's source first), then the
 * reloads while serving. Threads that crash are replaced; SIGTERM/SIGINT drain them.
 */
import type { Logger } from 'pino';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { createBodyBudgetBuffer } from '../http/body-budget.js';
import { PoolHost } from '../batch/pool-host.js';
import { createPoolLoadBuffer } from '../batch/pool-load.js';
import { createMetricsBuffer } from '../http/metrics.js';
import { createRateLimitBuffer } from '../http/rate-limit.js';
import { defaultRegistryFile } from '../registry/paths.js';
import { RegistryFileError } from '../registry/entry.js';
import { loadWebAssets } from '../web/assets.js';
import { SERVICE } from '../http/served-snapshot.js';
import { bodyIdleMs, ConfigError, httpThreadYoungMb, largestBodies, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { probePort } from './probe-port.js';
import { chooseEngine, EngineUnavailable, type EngineChoice } from './engines/choose-engine.js';
import { nodeBuild } from './node-build.js';
import { collectSoon } from './collect-garbage.js';
import { HttpThreads, type SharedThreadData } from './http-threads.js';
import { createReloadStatsBuffer, ReloadStats } from './reload-stats.js';
import type { RegistryFollower } from './registry-follower.js';
import type { RegistryReloader } from './registry-reloader.js';
import type { StartRegistry } from './start-registry.js';

// A follower's request for its source's snapshot must end within this (and within its interval).
const SYNC_REQUEST_TIMEOUT_MS = 60_000;

async function main(): Promise<number> {
  const read = readConfig();
  if (read === null) return 2;
  const logger = createLogger(read, { thread: 'main' });
  const engine = pickEngine(read, logger);
  if (engine === null) return 1;
  const config = threadsFor(read, engine, logger);
  logLimits(config, logger);
  const shared = await sharedThreadData(config, engine, logger);
  if (shared === null) return 1;
  const service = new Service(config, engine, shared, logger);
  return service.run();
}

// The configuration, or null when a value is invalid (said on stderr).
function readConfig(): Config | null {
  try {
    return loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`mac-analysis-service: invalid configuration: ${e.message}\n`);
    return null;
  }
}

// The HTTP engine, said in the log, or null when the one asked for cannot run here.
function pickEngine(config: Config, logger: Logger): EngineChoice | null {
  try {
    const choice = chooseEngine(config.httpEngine);
    logger.info({ engine: choice.engine, reason: choice.reason, uws: choice.uws.binary, native: choice.uws.native, httpThreadYoungMb: httpThreadYoungMb(config, choice.engine), ...nodeBuild() }, 'HTTP engine');
    const idleMs = bodyIdleMs(config, choice.engine);
    if (idleMs < config.bodyIdleTimeoutMs) logger.warn({ bodyIdleTimeoutMs: config.bodyIdleTimeoutMs, bodyIdleMs: idleMs }, 'BODY_IDLE_TIMEOUT_MS is lowered on uWS, which closes a connection silent for 8-12 s: a body is answered first');
    return choice;
  } catch (e) {
    if (!(e instanceof EngineUnavailable)) throw e;
    logger.fatal({ node: process.version }, e.message);
    return null;
  }
}

// The configuration with one HTTP thread where the engine's threads cannot share a port.
function threadsFor(config: Config, choice: EngineChoice, logger: Logger): Config {
  if (choice.sharedPort || config.httpThreads <= 1) return config;
  logger.warn({ httpThreads: config.httpThreads, node: process.version }, 'node:http threads share a port only from Node.js 22.12 (reusePort): one HTTP thread serves; bulk work still runs on POOL_THREADS');
  return { ...config, httpThreads: 1 };
}

// The CPU and memory limits found and what they allowed: the figures an operator sizes a container by.
function logLimits(config: Config, logger: Logger): void {
  // Thread counts follow the CPUs the process may use (affinity and cgroup quota).
  logger.info({ cpus: config.cpu.cpus, affinity: config.cpu.affinity, quota: config.cpu.quota, quotaFile: config.cpu.source, httpThreads: config.httpThreads, poolThreads: config.poolThreads }, 'CPU limit and threads');
  const memory = config.memory;
  logger.info({
    limitBytes: memory.limitBytes,
    limitFile: memory.source,
    idleBytes: memory.idleBytes,
    marginBytes: memory.marginBytes,
    bodyBudgetBytes: config.bodyBudgetBytes,
    batchMaxBytes: config.batchMaxBytes,
    largestBodies: largestBodies(config),
    poolWorkerHeapMb: config.poolWorkerHeapMb,
    vendorCacheMb: config.vendorCacheMb,
    bulkOutputBuffers: config.bulkOutputBuffers,
  }, memory.limitBytes === null ? 'memory limit: none, fixed defaults' : 'memory limit and budgets');
  if (config.poolThreads > config.cpu.cpus) logger.warn({ poolThreads: config.poolThreads, cpus: config.cpu.cpus }, 'POOL_THREADS exceeds the CPU limit: bulk work will be throttled by the quota');
}

// The ports, probed; null when one is held by another process (logged).
// The HTTP threads share one port through SO_REUSEPORT, which this uWS build sets for explicit
// ports only. So the port is probed first with a plain socket: PORT=0 gets a free port for all
// threads, and a port another process holds (even one that would share it through SO_REUSEPORT,
// e.g. a second instance) is refused instead of silently shared.
async function probePorts(config: Config, logger: Logger): Promise<{ port: number; adminPort: number | null } | null> {
  const got: Record<'PORT' | 'ADMIN_PORT', number | null> = { PORT: null, ADMIN_PORT: null };
  for (const [name, wanted] of [['PORT', config.port], ['ADMIN_PORT', config.adminPort]] as const) {
    if (wanted === null) continue;
    try {
      got[name] = await probePort(config.host, wanted);
    } catch (e) {
      logger.fatal({ host: config.host, port: wanted, code: (e as NodeJS.ErrnoException).code }, `cannot listen on ${config.host}:${wanted} (${name}): ${(e as Error).message}`);
      return null;
    }
  }
  return { port: got.PORT ?? config.port, adminPort: got.ADMIN_PORT };
}

// What every HTTP thread starts with: the ports, the page, and the shared memory of the metrics,
// the body budget, the rate limits, the reload counters and the pool's load; null when a port or
// the page cannot be had (logged).
async function sharedThreadData(config: Config, engine: EngineChoice, logger: Logger): Promise<SharedThreadData | null> {
  const ports = await probePorts(config, logger);
  if (ports === null) return null;
  let web: SharedThreadData['web'];
  try {
    web = loadWebAssets();
  } catch (e) {
    logger.fatal({ err: e }, (e as Error).message);
    return null;
  }
  return {
    config,
    engine: engine.engine,
    sharedPort: engine.sharedPort,
    ...ports,
    web,
    metrics: createMetricsBuffer(config.httpThreads),
    bodyBudget: createBodyBudgetBuffer(),
    // The bucket table (2 MB) exists only when rate limiting is on.
    rateLimits: config.rateLimitRps > 0 ? createRateLimitBuffer() : new SharedArrayBuffer(0),
    reloads: createReloadStatsBuffer(),
    poolLoad: createPoolLoadBuffer(config.httpThreads),
  };
}

/** The running service: its pool, threads, registry and reloads, and how it stops. */
class Service {
  private readonly pools: PoolHost | null;
  private readonly threads: HttpThreads;
  private readonly stats: ReloadStats;
  private readonly file: string;
  private follower: RegistryFollower | null = null;
  private reloader: RegistryReloader | null = null;
  private draining = false;

  constructor(
    private readonly config: Config,
    private readonly engine: EngineChoice,
    private readonly shared: SharedThreadData,
    private readonly logger: Logger,
  ) {
    this.stats = new ReloadStats(shared.reloads);
    this.file = config.registryFile ?? defaultRegistryFile();
    // One bulk pool for the process (pool-host.ts), which every HTTP thread reaches through a port.
    this.pools =
      config.poolThreads > 0
        ? new PoolHost({ threads: config.poolThreads, faultInjection: config.faultInjection, heapMb: config.poolWorkerHeapMb, keepWarm: config.poolWarmUp, vendorCacheMb: config.vendorCacheMb }, shared.poolLoad, logger, { forgotten: () => this.collectReplaced(), idle: () => this.collectRelayed() })
        : null;
    // Signal handlers come first, so a signal during start-up also drains cleanly.
    process.on('SIGTERM', () => this.shutdown('SIGTERM'));
    process.on('SIGINT', () => this.shutdown('SIGINT'));
    process.on('SIGHUP', () => void this.reloader?.reload('SIGHUP'));
    this.threads = new HttpThreads({ config, engine, data: shared, pools: this.pools, logger, collectRelayed: () => this.collectRelayed() });
  }

  /** The start after the threads: the registry, then serving; the exit code (0 while it serves). */
  async run(): Promise<number> {
    const { config, logger } = this;
    // Threads boot (and listen: alive) while this thread loads the registry; the pools' module loads meanwhile too.
    const [{ startRegistry }, { OverlayError }] = await Promise.all([import('./start-registry.js'), import('../hints/overlay.js'), this.pools?.loadPools()]);
    this.follower = config.registrySource === null ? null : await this.makeFollower(config.registrySource);
    let start: StartRegistry | null;
    try {
      start = await startRegistry(config, this.file, this.follower);
    } catch (e) {
      this.shutdown('registry failure');
      if (!(e instanceof RegistryFileError || e instanceof OverlayError)) throw e;
      logger.fatal({ file: e instanceof RegistryFileError ? e.file : config.registryOverlay }, e.message);
      return 1;
    }
    if (start === null || this.draining) return 0; // stopped while it waited for its source
    this.threads.publish(start.loaded, null);
    try {
      await this.threads.listening;
    } catch (e) {
      logger.fatal({ err: e }, 'start failed');
      this.shutdown('start failure');
      return 1;
    }
    logger.info({ version: SERVICE.version, contract: SERVICE.contract, host: config.host, port: this.shared.port, adminPort: this.shared.adminPort, engine: this.engine.engine, threads: config.httpThreads, dataVersion: start.loaded.meta.version, counts: start.loaded.meta.counts, records: start.loaded.meta.records, startupMs: Math.round(performance.now()) }, 'listening');
    await this.startReloads(start.loaded, start.loadedStamp);
    return 0;
  }

  // A follower of `source` (REGISTRY_SOURCE): it fetches the source's snapshot before the start
  // loads the file, and polls it once the service serves.
  private async makeFollower(source: string): Promise<RegistryFollower> {
    const { RegistryFollower } = await import('./registry-follower.js');
    const { config } = this;
    return new RegistryFollower({
      source,
      file: this.file,
      intervalMs: config.registrySyncIntervalMs,
      timeoutMs: Math.min(SYNC_REQUEST_TIMEOUT_MS, config.registrySyncIntervalMs),
      maxBytes: config.snapshotMaxBytes,
      logger: this.logger,
      stats: this.stats,
      served: () => this.threads.version,
      reload: (reason) => this.reloader?.reload(reason) ?? Promise.resolve(),
    });
  }

  // Reloads while serving: the file replaced, SIGHUP, the in-process updater's schedule, and a
  // follower's polls. Their modules load once the threads listen, off the start-up path.
  private async startReloads(loaded: AnalyzerHandle, loadedStamp: string): Promise<void> {
    const { config, logger } = this;
    const [{ RegistryReloader }, { defaultUpdateOptions }] = await Promise.all([import('./registry-reloader.js'), import('../registry/update.js')]);
    this.reloader = new RegistryReloader(loaded, {
      file: this.file,
      loadedStamp,
      overlayFile: config.registryOverlay,
      logger,
      stats: this.stats,
      publish: (next, previous) => {
        this.threads.publish(next, previous);
        if (!this.pools) this.collectReplaced();
      },
      updateIntervalMs: config.registryUpdateIntervalMs,
      update: { ...defaultUpdateOptions((line) => logger.info({ updater: line }, 'registry update')), baseUrl: config.registryUpdateUrl, registryFile: this.file, maxShrink: config.registryUpdateMaxShrink },
    });
    if (this.draining) return;
    this.reloader.start();
    // A builder seeded from REGISTRY_SOURCE (REGISTRY_UPDATE_INTERVAL set too) follows no further.
    if (this.follower !== null && config.registryUpdateIntervalMs === 0) this.follower.start();
  }

  // Drains the threads (once), ending the process when they take longer than the shutdown allows.
  private shutdown(signal: string): void {
    if (this.draining) return;
    this.draining = true;
    this.reloader?.stop();
    this.follower?.stop();
    this.logger.info({ signal, delayMs: this.config.shutdownDelayMs, timeoutMs: this.config.shutdownTimeoutMs }, 'shutting down');
    this.threads.drain();
    const deadline = setTimeout(() => {
      this.logger.error({ remaining: this.threads.size }, 'shutdown timed out');
      process.exit(1);
    }, this.config.shutdownDelayMs + this.config.shutdownTimeoutMs);
    deadline.unref();
  }

  // A replaced snapshot is collected in this thread once it holds it no more: when its pool has
  // stopped, or at once without a pool (collect-garbage.ts).
  private collectReplaced(): void {
    collectSoon((ms) => this.logger.info({ ms: Math.round(ms) }, 'replaced snapshot collected'), true);
  }

  // The shared memory of the batches this thread relayed is collected once the pool is idle.
  private collectRelayed(): void {
    collectSoon((ms) => this.logger.info({ ms: Math.round(ms) }, 'batch memory collected'));
  }
}

const code = await main();
if (code !== 0) process.exitCode = code;
