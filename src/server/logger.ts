/** pino loggers writing straight to stdout's file descriptor, from any thread. */
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/** A logger for one thread of the service. */
export function createLogger(config: Pick<Config, 'logLevel'>, bindings: Record<string, unknown> = {}): Logger {
  // A synchronous fd write keeps lines whole across threads and loses nothing on exit.
  return pino({ level: config.logLevel, base: { pid: process.pid, ...bindings } }, pino.destination({ dest: 1, sync: true }));
}
