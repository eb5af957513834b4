/**
 * One HTTP thread: its own uWS app listening on the shared port (SO_REUSEPORT spreads
 * connections across threads), answering from the registry index shared by the process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import uws from 'uWebSockets.js';
import { Analyzer, type AnalyzerHandle } from '../analysis/analyzer.js';
import { Metrics } from '../http/metrics.js';
import type { BatchPool } from '../batch/pool.js';
import { registerBatchRoutes } from '../http/batch-route.js';
import { BodyBudget } from '../http/body-budget.js';
import { framingGuard } from '../http/framing.js';
import { RateLimiter } from '../http/rate-limit.js';
import { registerRoutes } from '../http/routes.js';
import { registerWebRoutes } from '../http/web-routes.js';
import { createLogger } from './logger.js';
import { processMetrics } from './process-metrics.js';
import type { FromHttpThread, HttpThreadData, ToHttpThread } from './thread-protocol.js';

const data = workerData as HttpThreadData;
const { config } = data;
const logger = createLogger(config, { thread: data.slot });
const post = (m: FromHttpThread) => parentPort?.postMessage(m);

const app = uws.App();
let draining = false;
let listenSocket: uws.us_listen_socket | null = null;

// An exception that escaped a handler: close every socket first (a worker that exits with
// uWS handles open aborts the whole process), then exit so the main thread replaces us.
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception in HTTP thread');
  app.close();
  setTimeout(() => process.exit(1), 20);
});

let serving = false;
let pool: Promise<BatchPool | null> | null = null;
let batches: { readonly active: () => number } = { active: () => 0 };
function serve(handle: AnalyzerHandle): void {
  serving = true;
  const analyzer = new Analyzer(handle);
  const metrics = new Metrics(data.metrics, data.slot);
  // Batch routes first: their static paths must not fall to the analysis or 404 routes.
  // The pool (and Piscina) load with the first large batch, not with the thread.
  const getPool = () =>
    (pool ??=
      config.poolThreads > 0
        ? import('../batch/pool.js').then((m) =>
            m.startBatchPool(handle, { threads: config.poolThreads, maxQueue: config.poolMaxQueue, faultInjection: config.faultInjection, heapMb: config.poolWorkerHeapMb }),
          )
        : Promise.resolve(null));
  const framed = framingGuard(metrics, logger);
  const limiter = config.rateLimitRps > 0 ? new RateLimiter(data.rateLimits, config.rateLimitRps, config.rateLimitBurst, config.trustProxy) : null;
  batches = registerBatchRoutes(app, {
    analyzer,
    metrics,
    logger,
    maxBytes: config.batchMaxBytes,
    maxItems: config.batchMaxItems,
    budget: new BodyBudget(data.bodyBudget, config.bodyBudgetBytes),
    bodyTimeoutMs: config.bodyTimeoutMs,
    framed,
    limiter,
    pool: getPool,
  });
  registerWebRoutes(app, data.web, metrics, logger, framed);
  registerRoutes(app, {
    framed,
    limiter,
    analyzer,
    metrics,
    logger,
    accessLog: config.accessLog,
    isDraining: () => draining,
    extraMetrics: () => processMetrics(analyzer.meta, config.httpThreads),
  });
  if (config.faultInjection) {
    // Opt-in chaos endpoint: the thread that takes it dies of an uncaught exception, as a
    // real bug would, so that the crash-and-replace path can be exercised for real.
    app.post('/__fault/crash-thread', (res) => {
      res.onAborted(() => undefined);
      setImmediate(() => {
        throw new Error('fault injection: HTTP thread crash requested');
      });
    });
  }
  app.listen(config.host, data.port, (socket) => {
    if (!socket) {
      post({ type: 'listen-failed' });
      app.close();
      parentPort?.close();
      return;
    }
    listenSocket = socket;
    post({ type: 'listening' });
    if (draining) drain(); // told to drain while still starting
  });
}

let drainStarted = false;
function drain(): void {
  draining = true;
  if (drainStarted || (serving && !listenSocket)) return; // the listen callback drains
  drainStarted = true;
  setTimeout(() => {
    if (listenSocket) uws.us_listen_socket_close(listenSocket);
    listenSocket = null;
    // In-flight batches finish (bounded by SHUTDOWN_TIMEOUT_MS), then every socket closes.
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const closeWhenIdle = () => {
      if (batches.active() > 0 && Date.now() < deadline) {
        setTimeout(closeWhenIdle, 20);
        return;
      }
      app.close();
      void pool?.then((p) => p?.close());
      post({ type: 'drained' });
      parentPort?.close(); // nothing else keeps this thread alive: it ends
    };
    closeWhenIdle();
  }, config.shutdownDelayMs);
}

parentPort?.on('message', (m: ToHttpThread) => {
  if (m.type === 'registry') serve(m.analyzer);
  if (m.type === 'drain') drain();
});
