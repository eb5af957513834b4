/**
 * Service entry point (main thread): validates the configuration, chooses the engine (uWS where
 * its native build loads, else node:http), loads the registry once into shared memory, starts
 * HTTP_THREADS threads on one port, replaces any that crash, and drains them on SIGTERM/SIGINT.
 */
import { Worker } from 'node:worker_threads';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { createBodyBudgetBuffer } from '../http/body-budget.js';
import { PoolHost } from '../batch/pool-host.js';
import { createPoolLoadBuffer } from '../batch/pool-load.js';
import { createMetricsBuffer } from '../http/metrics.js';
import { createRateLimitBuffer } from '../http/rate-limit.js';
import { defaultRegistryFile } from '../registry/paths.js';
import { fileStamp } from '../registry/file-stamp.js';
import { readSnapshotFile } from '../registry/snapshot-file.js';
import type { RegistryReloader } from './registry-reloader.js';
import { createReloadStatsBuffer, ReloadStats } from './reload-stats.js';
import { RegistryFileError } from '../registry/entry.js';
import { loadWebAssets, type Asset } from '../web/assets.js';
import { ConfigError, httpThreadYoungMb, largestBodies, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { probePort } from './probe-port.js';
import type { FromHttpThread, HttpThreadData, ToHttpThread } from './thread-protocol.js';
import { chooseEngine, EngineUnavailable, type EngineChoice } from './engines/choose-engine.js';
import { nodeBuild } from './node-build.js';
import { collectSoon } from './collect-garbage.js';

const THREAD_ENTRY = new URL('./http-thread.js', import.meta.url);
// A follower's request for its source's snapshot must end within this (and within its interval), and bring at most this.
const SYNC_REQUEST_TIMEOUT_MS = 60_000;
const SNAPSHOT_MAX_BYTES = 512 * 1024 * 1024;

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`mac-analysis-service: invalid configuration: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const logger = createLogger(config, { thread: 'main' });

  let choice: EngineChoice;
  try {
    choice = chooseEngine(config.httpEngine);
  } catch (e) {
    if (!(e instanceof EngineUnavailable)) throw e;
    logger.fatal({ node: process.version }, e.message);
    return 1;
  }
  logger.info({ engine: choice.engine, reason: choice.reason, uws: choice.uws.binary, native: choice.uws.native, httpThreadYoungMb: httpThreadYoungMb(config, choice.engine), ...nodeBuild() }, 'HTTP engine');
  if (!choice.sharedPort && config.httpThreads > 1) {
    logger.warn({ httpThreads: config.httpThreads, node: process.version }, 'node:http threads share a port only from Node.js 22.12 (reusePort): one HTTP thread serves; bulk work still runs on POOL_THREADS');
    config = { ...config, httpThreads: 1 };
  }
  // Thread counts follow the CPUs the process may use (affinity and cgroup quota).
  logger.info({ cpus: config.cpu.cpus, affinity: config.cpu.affinity, quota: config.cpu.quota, quotaFile: config.cpu.source, httpThreads: config.httpThreads, poolThreads: config.poolThreads }, 'CPU limit and threads');
  // What the memory limit allowed (memory-plan.ts): the figures an operator sizes a container by.
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

  // The HTTP threads share one port through SO_REUSEPORT, which this uWS build sets for
  // explicit ports only. So the port is probed first with a plain socket: PORT=0 gets a free
  // port for all threads, and a port another process holds (even one that would share it
  // through SO_REUSEPORT, e.g. a second instance) is refused instead of silently shared.
  let port: number;
  let adminPort: number | null = null;
  for (const [name, wanted] of [['PORT', config.port], ['ADMIN_PORT', config.adminPort]] as const) {
    if (wanted === null) continue;
    try {
      const got = await probePort(config.host, wanted);
      if (name === 'PORT') port = got;
      else adminPort = got;
    } catch (e) {
      logger.fatal({ host: config.host, port: wanted, code: (e as NodeJS.ErrnoException).code }, `cannot listen on ${config.host}:${wanted} (${name}): ${(e as Error).message}`);
      return 1;
    }
  }
  port ??= config.port;
  let web: ReadonlyMap<string, Asset>;
  try {
    web = loadWebAssets();
  } catch (e) {
    logger.fatal({ err: e }, (e as Error).message);
    return 1;
  }
  const metrics = createMetricsBuffer(config.httpThreads);
  const bodyBudget = createBodyBudgetBuffer();
  // The bucket table (2 MB) exists only when rate limiting is on.
  const rateLimits = config.rateLimitRps > 0 ? createRateLimitBuffer() : new SharedArrayBuffer(0);
  const reloads = createReloadStatsBuffer();
  // One bulk pool for the process (pool-host.ts), which every HTTP thread reaches through a port.
  const poolLoad = createPoolLoadBuffer(config.httpThreads);
  // A replaced snapshot is collected in this thread once it holds it no more: when its pool has
  // stopped, or at once without a pool (collect-garbage.ts).
  const collectReplaced = () => collectSoon((ms) => logger.info({ ms: Math.round(ms) }, 'replaced snapshot collected'), true);
  // The shared memory of the batches this thread relayed is collected once the pool is idle.
  const collectRelayed = () => collectSoon((ms) => logger.info({ ms: Math.round(ms) }, 'batch memory collected'));
  const pools =
    config.poolThreads > 0
      ? new PoolHost({ threads: config.poolThreads, faultInjection: config.faultInjection, heapMb: config.poolWorkerHeapMb, keepWarm: config.poolWarmUp, vendorCacheMb: config.vendorCacheMb }, poolLoad, logger, { forgotten: collectReplaced, idle: collectRelayed })
      : null;
  // The snapshot the threads serve, and its number in the pool host (0 without a pool). Only
  // this variable holds it here: a replaced snapshot is garbage once the threads release it.
  let served: AnalyzerHandle | undefined;
  let snapshot = 0;
  const publish = (next: AnalyzerHandle): number => {
    served = next;
    return (snapshot = pools?.publish(next, threads.keys()) ?? 0);
  };
  let reloader: RegistryReloader | null = null;
  const threads = new Map<number, Worker>();
  let draining = false;

  const start = (slot: number, restarts: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const poolPort = pools?.connect(slot) ?? null;
      const data: HttpThreadData = { config, engine: choice.engine, sharedPort: choice.sharedPort, port, adminPort, slot, metrics, bodyBudget, rateLimits, reloads, poolLoad, poolPort, web };
      // A young generation sized for the engine (config.ts), not V8's default, which grows under load.
      const worker = new Worker(THREAD_ENTRY, { workerData: data, transferList: poolPort ? [poolPort] : [], resourceLimits: { maxYoungGenerationSizeMb: httpThreadYoungMb(config, choice.engine) } });
      const born = Date.now();
      threads.set(slot, worker);
      // A replacement thread starts on the snapshot being served now.
      const current = served;
      if (current) {
        pools?.hold(snapshot, slot);
        worker.postMessage({ type: 'registry', analyzer: current, snapshot, previous: null } satisfies ToHttpThread);
      }
      worker.on('message', (m: FromHttpThread) => {
        if (m.type === 'listening') {
          if (restarts > 0) logger.info({ slot, restarts }, 'replacement HTTP thread listening');
          resolve();
        }
        // readyMs: process start to this thread's /readyz answering 200 (POOL_WARM_UP).
        if (m.type === 'warm') logger.info({ slot, warmMs: Math.round(m.ms), readyMs: Math.round(performance.now()) }, 'pool warm');
        if (m.type === 'listen-failed') reject(new Error(`cannot listen on ${config.host}:${port}`));
        if (m.type === 'collect-relayed') collectRelayed();
      });
      worker.on('error', (err) => logger.error({ err, slot }, 'HTTP thread failed'));
      worker.on('exit', (code) => {
        threads.delete(slot);
        // Its tasks that still wait are dropped; those running finish, their answers unread.
        const tasks = pools?.disconnect(slot);
        if (tasks && tasks.dropped + tasks.running > 0) logger.warn({ slot, ...tasks }, 'pool tasks of an ended HTTP thread dropped or left to finish');
        if (draining) {
          if (threads.size === 0) {
            void pools?.close();
            logger.info('stopped');
          }
          return;
        }
        logger.error({ slot, code, restarts }, 'HTTP thread exited; starting a replacement');
        // Back off when a slot crash-loops; a thread that lived a minute starts the count anew.
        const attempt = Date.now() - born > 60_000 ? 0 : restarts;
        const backoff = Math.min(5000, 100 * 2 ** attempt);
        setTimeout(() => {
          if (!draining) start(slot, attempt + 1).catch((err: unknown) => logger.error({ err, slot }, 'replacement failed'));
        }, backoff);
      });
    });

  // Signal handlers come first, so a signal during start-up also drains cleanly.
  const shutdown = (signal: string) => {
    if (draining) return;
    draining = true;
    reloader?.stop();
    follower?.stop();
    logger.info({ signal, delayMs: config.shutdownDelayMs, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    for (const w of threads.values()) w.postMessage({ type: 'drain' } satisfies ToHttpThread);
    const deadline = setTimeout(() => {
      logger.error({ remaining: threads.size }, 'shutdown timed out');
      process.exit(1);
    }, config.shutdownDelayMs + config.shutdownTimeoutMs);
    deadline.unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGHUP', () => void reloader?.reload('SIGHUP'));
  // Threads boot while this thread loads the registry; the pools' module loads after they start.
  const started = Promise.all(Array.from({ length: config.httpThreads }, (_, slot) => start(slot, 0)));
  started.catch(() => undefined); // awaited below, after the registry
  const [{ loadRegistry }, { OverlayError, readOverlay }] = await Promise.all([import('../analysis/load-registry.js'), import('../hints/overlay.js'), pools?.loadPools()]);
  let loaded: AnalyzerHandle;
  const file = config.registryFile ?? defaultRegistryFile();
  const stats = new ReloadStats(reloads);
  // A follower (REGISTRY_SOURCE) starts from its source's snapshot: it is fetched before the
  // load, within REGISTRY_SYNC_START_TIMEOUT (past it, the file this replica has is served).
  let follower: import('./registry-follower.js').RegistryFollower | null = null;
  if (config.registrySource !== null) {
    const { RegistryFollower } = await import('./registry-follower.js');
    follower = new RegistryFollower({
      source: config.registrySource,
      file,
      intervalMs: config.registrySyncIntervalMs,
      timeoutMs: Math.min(SYNC_REQUEST_TIMEOUT_MS, config.registrySyncIntervalMs),
      maxBytes: SNAPSHOT_MAX_BYTES,
      logger,
      stats,
      served: () => served?.meta.version ?? null,
      reload: (reason) => reloader?.reload(reason) ?? Promise.resolve(),
    });
    await follower.initial(config.registrySyncStartTimeoutMs);
  }
  // Taken before the read: a file replaced from now until the watch begins is read again then.
  const loadedStamp = fileStamp(file);
  try {
    loaded = loadRegistry(file, config.registryOverlay ? readOverlay(config.registryOverlay) : null);
    loaded = { ...loaded, file: readSnapshotFile(file, loaded.meta.version) };
  } catch (e) {
    shutdown('registry failure');
    if (e instanceof RegistryFileError || e instanceof OverlayError) {
      logger.fatal({ file: e instanceof RegistryFileError ? e.file : config.registryOverlay }, e.message);
      return 1;
    }
    throw e;
  }
  publish(loaded);
  for (const w of threads.values()) w.postMessage({ type: 'registry', analyzer: loaded, snapshot, previous: null } satisfies ToHttpThread);
  try {
    await started;
  } catch (e) {
    logger.fatal({ err: e }, 'start failed');
    shutdown('start failure');
    return 1;
  }
  logger.info(
    {
      host: config.host,
      port,
      adminPort,
      engine: choice.engine,
      threads: config.httpThreads,
      dataVersion: loaded.meta.version,
      counts: loaded.meta.counts,
      records: loaded.meta.records,
      startupMs: Math.round(performance.now()),
    },
    'listening',
  );
  // Reloads while serving: the file replaced, SIGHUP, or the in-process updater's schedule.
  // Their modules load once the threads listen, off the start-up path.
  const [{ RegistryReloader }, { defaultUpdateOptions }] = await Promise.all([import('./registry-reloader.js'), import('../registry/update.js')]);
  reloader = new RegistryReloader(loaded, {
    file,
    loadedStamp,
    overlayFile: config.registryOverlay,
    logger,
    stats,
    publish: (next, previous) => {
      publish(next);
      for (const w of threads.values()) w.postMessage({ type: 'registry', analyzer: next, snapshot, previous } satisfies ToHttpThread);
      if (!pools) collectReplaced();
    },
    updateIntervalMs: config.registryUpdateIntervalMs,
    update: {
      ...defaultUpdateOptions((line) => logger.info({ updater: line }, 'registry update')),
      baseUrl: config.registryUpdateUrl,
      registryFile: file,
      maxShrink: config.registryUpdateMaxShrink,
    },
  });
  if (!draining) reloader.start();
  // A builder seeded from REGISTRY_SOURCE (REGISTRY_UPDATE_INTERVAL set too) follows no further.
  if (!draining && follower !== null && config.registryUpdateIntervalMs === 0) follower.start();
  return 0;
}

const code = await main();
if (code !== 0) process.exitCode = code;
