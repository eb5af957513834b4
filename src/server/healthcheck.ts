/**
 * `node dist/src/server/healthcheck.js`: the container's health check. It asks /healthz at
 * the address the service serves it on (HOST, and ADMIN_PORT when set, else PORT, as the
 * service reads them; a wildcard host is asked on loopback) and exits 0 when it answers 200,
 * 1 otherwise.
 */
import { loadConfig } from './config.js';

// The URL of /healthz for a service listening on `host`:`port`.
function healthUrl(host: string, port: number): string {
  const target = host === '0.0.0.0' ? '127.0.0.1' : host === '::' || host === '[::]' ? '::1' : host;
  return `http://${target.includes(':') ? `[${target}]` : target}:${port}/healthz`;
}

async function main(): Promise<number> {
  const config = loadConfig();
  try {
    const res = await fetch(healthUrl(config.host, config.adminPort ?? config.port), { signal: AbortSignal.timeout(2500) });
    return res.status === 200 ? 0 : 1;
  } catch {
    return 1;
  }
}

process.exitCode = await main();
