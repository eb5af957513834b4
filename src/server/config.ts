/**
 * Service configuration from environment variables. Every value has a documented default
 * (README, "Configuration"); an invalid one stops the start with a message naming it.
 */
import { availableParallelism } from 'node:os';

/** The validated configuration. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly accessLog: boolean;
  readonly httpThreads: number;
  readonly registryFile: string | undefined;
  readonly shutdownDelayMs: number;
  readonly shutdownTimeoutMs: number;
  readonly allowUwsFallback: boolean;
  readonly faultInjection: boolean;
  readonly batchMaxBytes: number;
  readonly batchMaxItems: number;
  readonly poolThreads: number;
  readonly poolMaxQueue: number;
}

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

/** Reads and validates the configuration; throws ConfigError on the first bad value. */
export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST?.trim() || '0.0.0.0';
  if (!/^[\w.:-]+$/.test(host)) throw new ConfigError(`HOST must be an IP address or host name, got ${JSON.stringify(env.HOST)}`);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    logLevel: oneOf(env, 'LOG_LEVEL', 'info', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    accessLog: boolean(env, 'ACCESS_LOG', false),
    httpThreads: integer(env, 'HTTP_THREADS', availableParallelism(), 1, 256),
    registryFile: env.REGISTRY_FILE?.trim() || undefined,
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', 0, 0, 600_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    allowUwsFallback: boolean(env, 'ALLOW_UWS_FALLBACK', false),
    faultInjection: boolean(env, 'FAULT_INJECTION', false),
    batchMaxBytes: integer(env, 'BATCH_MAX_BYTES', 64 * 1024 * 1024, 1, 2 ** 31 - 1),
    batchMaxItems: integer(env, 'BATCH_MAX_ITEMS', 1_000_000, 1, 100_000_000),
    poolThreads: integer(env, 'POOL_THREADS', availableParallelism(), 0, 64),
    poolMaxQueue: integer(env, 'POOL_MAX_QUEUE', 64, 1, 100_000),
  };
}
