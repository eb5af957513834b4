/** Prometheus gauges of the process and of the loaded registry. */
import type { BodyBudget } from '../http/body-budget.js';
import type { RegistryMeta } from '../registry/artifact.js';
import { ReloadStats } from './reload-stats.js';

const started = Date.now();

// The snapshot served (none before the first).
function registryLines(meta: RegistryMeta): string[] {
  return [
    '# HELP mac_registry_info Loaded registry snapshot.',
    '# TYPE mac_registry_info gauge',
    `mac_registry_info{version="${meta.version}",source="${meta.source}"} 1`,
    '# HELP mac_registry_blocks Registry assignments by registry.',
    '# TYPE mac_registry_blocks gauge',
    ...Object.entries(meta.counts).map(([k, v]) => `mac_registry_blocks{registry="${k}"} ${v}`),
  ];
}

/** Prometheus text for process memory, uptime, threads, the request bodies held against their budget, the registry snapshot served (none before the first) and its reloads. */
export function processMetrics(meta: RegistryMeta | null, httpThreads: number, reloads: SharedArrayBuffer, bodies: BodyBudget): string {
  const lines = [
    '# HELP mac_body_bytes_reserved Bytes of request bodies held now by all HTTP threads (reserved before a body is read, against BODY_BUDGET_BYTES).',
    '# TYPE mac_body_bytes_reserved gauge',
    `mac_body_bytes_reserved ${bodies.inUse}`,
    '# HELP mac_body_budget_bytes The budget of request bodies held at once (BODY_BUDGET_BYTES).',
    '# TYPE mac_body_budget_bytes gauge',
    `mac_body_budget_bytes ${bodies.total}`,
    '# HELP process_resident_memory_bytes Resident set size of the process.',
    '# TYPE process_resident_memory_bytes gauge',
    `process_resident_memory_bytes ${process.memoryUsage.rss()}`,
    '# HELP mac_uptime_seconds Seconds since this thread started.',
    '# TYPE mac_uptime_seconds gauge',
    `mac_uptime_seconds ${(Date.now() - started) / 1000}`,
    '# HELP mac_http_threads HTTP threads configured.',
    '# TYPE mac_http_threads gauge',
    `mac_http_threads ${httpThreads}`,
    ...(meta === null ? [] : registryLines(meta)),
  ];
  return `${lines.join('\n')}\n${new ReloadStats(reloads).render()}`;
}
