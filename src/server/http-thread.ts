/**
 * One HTTP thread: its own engine app (uWS, or node:http) listening on the shared port
 * (SO_REUSEPORT spreads connections across threads), answering from the registry index
 * shared by the process. With ADMIN_PORT, a second app of the same engine serves the
 * operational endpoints on that port.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { Metrics } from '../http/metrics.js';
import { registerBatchRoutes } from '../http/batch-route.js';
import { BodyRoutes, type BodyRouteContext } from '../http/body-route.js';
import { registerExtractRoutes } from '../http/extract-route.js';
import { registerEnrichRoutes } from '../http/enrich-route.js';
import { BodyBudget } from '../http/body-budget.js';
import { MemoryWatch } from '../http/memory-watch.js';
import { OutputSlots } from '../batch/output-slots.js';
import { framingGuard } from '../http/framing.js';
import { RateLimiter } from '../http/rate-limit.js';
import { RouteKit } from '../http/route-kit.js';
import { registerRoutes } from '../http/routes.js';
import type { PreviousSnapshot } from '../http/served-snapshot.js';
import { PoolClient } from '../batch/pool-client.js';
import { ReloadStats } from './reload-stats.js';
import { Generation } from './generation.js';
import { registerWebRoutes } from '../http/web-routes.js';
import { bodyIdleMs } from './config.js';
import { createLogger } from './logger.js';
import type { Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { processMetrics } from './process-metrics.js';
import type { EngineApp } from './engines/engine-app.js';
import { loadUwsNative } from './uws-native.js';
import { collectSoon } from './collect-garbage.js';
import { collectSharedMemoryWith } from '../batch/shared-memory.js';
import type { FromHttpThread, HttpThreadData, ToHttpThread } from './thread-protocol.js';

const data = workerData as HttpThreadData;
const { config } = data;
const logger = createLogger(config, { thread: data.slot });
const post = (m: FromHttpThread) => parentPort?.postMessage(m);

// The engine's app, made before anything else: a route module never knows which one runs.
async function makeApp(): Promise<EngineApp> {
  if (data.engine === 'node') return new (await import('./engines/node-app.js')).NodeApp();
  const { uws } = loadUwsNative();
  if (uws === null) throw new Error('uWS chosen at start but its native build does not load in this thread');
  return (await import('./engines/uws-app.js')).uwsApp(uws);
}
const app = await makeApp();
const admin = data.adminPort === null ? null : await makeApp();
let draining = false;
let listening = false;

// An exception that escaped a handler: close every socket first (a worker that exits with
// uWS handles open aborts the whole process), then exit so the main thread replaces us.
// Debian 13's nodejs (20.19.2) delivers an exception this handler took a second time, the same
// object, when the thread's loop turns again (upstream 20.20 does not): the thread is already
// going down, so a repeat is not a second crash. Another exception meanwhile is logged.
let crash: unknown = null;
process.on('uncaughtException', (err) => {
  if (err === crash) return;
  if (crash !== null) {
    logger.error({ err }, 'uncaught exception in HTTP thread while it shuts down');
    return;
  }
  crash = err;
  logger.fatal({ err }, 'uncaught exception in HTTP thread');
  app.closeAll();
  admin?.closeAll();
  setTimeout(() => process.exit(1), 20);
});

// The snapshot served, null until the main thread sends the first: alive (health, readiness,
// metrics, the page answer), not ready (every other route answers 503 with why: route-kit.ts).
let generation: Generation | null = null;
let bodies: BodyRoutes | null = null;
// The process's bulk pool, in the main thread (pool-host.ts), reached through this thread's port.
const pools = data.poolPort ? new PoolClient(data.poolPort, data.poolLoad, data.slot, config.poolMaxQueue, config.poolThreads) : null;

// A new snapshot from the main thread (a reload): requests from now on use it; the batches
// in flight finish on theirs. JavaScript runs one request at a time, so the switch falls
// between two requests.
// With POOL_WARM_UP the new snapshot's pool starts first, the old one serving meanwhile; of
// reloads that arrive while it starts, the latest wins.
let pending: Generation | null = null;
async function switchTo(handle: AnalyzerHandle, snapshot: number, previous: PreviousSnapshot | null): Promise<void> {
  const next = new Generation(handle, snapshot, pools, previous);
  if (config.poolWarmUp) {
    pending?.retire(collectReplaced);
    pending = next;
    await warmUp(next);
    if (pending !== next) return; // a later reload replaced it (and retired it)
    pending = null;
  }
  const old = generation!;
  generation = next;
  old.retire(collectReplaced);
  logger.info({ dataVersion: handle.meta.version, previous: previous?.version }, 'registry snapshot switched');
}

// Once a replaced snapshot's last request here has ended: its memory is collected (collect-garbage.ts).
function collectReplaced(): void {
  collectSoon((ms) => logger.info({ ms: Math.round(ms) }, 'replaced snapshot collected'));
}

// Starts `gen`'s pool; a failure is logged and the snapshot served cold (a batch starts the pool again).
async function warmUp(gen: Generation): Promise<void> {
  try {
    post({ type: 'warm', ms: await gen.warm() });
  } catch (err) {
    logger.error({ err }, 'warming the pool failed; it serves cold');
  }
}

// False until the first snapshot's pool has started (POOL_WARM_UP): /readyz answers 503 meanwhile.
let warm = !config.poolWarmUp;

// Every second: this thread's tasks on the pool and event-loop delay, into its row of the metrics.
function sampleGauges(metrics: Metrics): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const load = pools?.tasks() ?? { queued: 0, busy: 0 };
    metrics.set('pool_queued', load.queued);
    metrics.set('pool_busy', load.busy);
    metrics.set('event_loop_delay_p99', delay.percentile(99) / 1e9);
    metrics.set('event_loop_delay_max', delay.max / 1e9);
    delay.reset();
  }, 1000).unref();
}

// The first snapshot: the thread is ready once its pool is warm (POOL_WARM_UP).
function firstSnapshot(handle: AnalyzerHandle, snapshot: number): void {
  generation = new Generation(handle, snapshot, pools);
  if (!warm) void warmUp(generation).then(() => (warm = true));
}

// Why this thread cannot answer yet, in `lang` (null once it has a snapshot): the registry loads,
// or a follower waits for its source (with no file to fall back on once the start timed out).
function startingDetail(reloadStats: ReloadStats): (lang: Lang) => string | null {
  const source = config.registrySource;
  return (lang) => {
    if (generation !== null) return null;
    if (source === null) return t(lang, 'detail.starting');
    if (reloadStats.syncStatus(source).startTimedOut) return t(lang, 'detail.starting_no_file');
    return t(lang, 'detail.starting_source', { seconds: config.registrySyncStartTimeoutMs / 1000 });
  };
}

// Every route, on the engine's app (and the admin app), then the listeners: at once, before the
// first snapshot.
function serve(): void {
  const metrics = new Metrics(data.metrics, data.slot);
  sampleGauges(metrics);
  const reloadStats = new ReloadStats(data.reloads);
  const starting = startingDetail(reloadStats);
  const framed = framingGuard(metrics, logger);
  const limiter = config.rateLimitRps > 0 ? new RateLimiter(data.rateLimits, config.rateLimitRps, config.rateLimitBurst, config.trustProxy) : null;
  const kit = new RouteKit(app, { framed, limiter, metrics, logger, accessLog: config.accessLog, startingDetail: starting });
  const budget = new BodyBudget(data.bodyBudget, config.bodyBudgetBytes);
  // Body routes first: their static paths must not fall to the analysis or 404 routes.
  bodies = new BodyRoutes(bodyContext(metrics, budget));
  registerBatchRoutes(kit, bodies);
  registerExtractRoutes(kit, bodies);
  registerEnrichRoutes(kit, bodies, metrics, config.enrichMaxKeys);
  // V8 never collects for shared memory let go: this thread and the main thread (which relayed
  // it to the pool) do, every 64 MB this thread takes on (shared-memory.ts).
  collectSharedMemoryWith(() => {
    collectSoon((ms) => logger.info({ ms: Math.round(ms) }, 'shared memory collected'));
    post({ type: 'collect-relayed' });
  });
  registerWebRoutes(kit, data.web);
  registerRoutes(kit, {
    current: () => generation!,
    metrics,
    isDraining: () => draining,
    isWarming: () => !warm,
    startingDetail: starting,
    extraMetrics: () => processMetrics(generation?.analyzer.meta ?? null, config.httpThreads, data.reloads, budget),
    syncStatus: () => (config.registrySource === null ? null : reloadStats.syncStatus(config.registrySource)),
  }, admin);
  if (config.faultInjection) registerFaultRoute();
  void listen();
}

// What the body routes need from this thread.
function bodyContext(metrics: Metrics, budget: BodyBudget): BodyRouteContext {
  return {
    current: () => generation!,
    metrics,
    logger,
    maxBytes: config.batchMaxBytes,
    maxItems: config.batchMaxItems,
    budget,
    bodyTimeoutMs: config.bodyTimeoutMs,
    bodyIdleMs: bodyIdleMs(config, data.engine),
    bodyDrainBytes: config.bodyDrainBytes,
    gzipLevel: config.bulkGzipLevel,
    slots: new OutputSlots(config.bulkOutputBuffers),
    memory: new MemoryWatch(config.memory),
    // The last body this thread kept is let go after a burst, or when memory is short: collected
    // here and in the main thread, so that its memory goes once the workers have collected theirs
    // too (collect-garbage.ts).
    bodiesReleased: () => {
      collectSoon((ms) => logger.info({ ms: Math.round(ms) }, 'batch memory collected'));
      post({ type: 'collect-relayed' });
    },
  };
}

// Opt-in chaos endpoint (FAULT_INJECTION): the thread that takes it dies of an uncaught
// exception, as a real bug would, so that the crash-and-replace path can be exercised for real.
function registerFaultRoute(): void {
  app.post('/__fault/crash-thread', (res) => {
    res.onAborted(() => undefined);
    setImmediate(() => {
      throw new Error('fault injection: HTTP thread crash requested');
    });
  });
}

// Listens on the port (and the admin port); a failure ends this thread, reported to main.
async function listen(): Promise<void> {
  const ok = (await app.listen(config.host, data.port, data.sharedPort)) && (admin === null || (await admin.listen(config.host, data.adminPort!, data.sharedPort)));
  if (!ok) {
    post({ type: 'listen-failed' });
    app.closeAll();
    admin?.closeAll();
    parentPort?.close();
    return;
  }
  listening = true;
  post({ type: 'listening' });
  if (draining) drain(); // told to drain while still starting
}

let drainStarted = false;
function drain(): void {
  draining = true;
  if (drainStarted || !listening) return; // the listen callback drains
  drainStarted = true;
  setTimeout(() => {
    app.stopListening();
    admin?.stopListening();
    // In-flight batches finish (bounded by SHUTDOWN_TIMEOUT_MS), then every socket closes.
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const closeWhenIdle = () => {
      if ((bodies?.inFlight ?? 0) > 0 && Date.now() < deadline) {
        setTimeout(closeWhenIdle, 20);
        return;
      }
      app.closeAll();
      admin?.closeAll();
      generation?.close();
      post({ type: 'drained' });
      parentPort?.close(); // nothing else keeps this thread alive: it ends
    };
    closeWhenIdle();
  }, config.shutdownDelayMs);
}

parentPort?.on('message', (m: ToHttpThread) => {
  if (m.type === 'registry') {
    if (generation === null) firstSnapshot(m.analyzer, m.snapshot);
    else void switchTo(m.analyzer, m.snapshot, m.previous);
  }
  if (m.type === 'drain') drain();
});
serve();
