/**
 * Reads a whole request body within three bounds: its size (BATCH_MAX_BYTES, 413), the
 * memory budget shared by every thread (BODY_BUDGET_BYTES, 503, before anything is
 * buffered), and a deadline (BODY_TIMEOUT_MS, 408), so that a trickled upload cannot hold its
 * buffer forever, nor keep it by going silent (BODY_IDLE_TIMEOUT_MS, 408). A body with a Content-Length reserves it whole and is copied once into a
 * shared buffer of that size; a chunked one reserves as it arrives and is copied once into a
 * growable shared buffer (address space for BATCH_MAX_BYTES, pages committed as it grows), so
 * it is never held twice, as pieces and joined. The reservation is held until the response
 * ends (the body, or what it was turned into, lives that long).
 */
import type { EngineResponse } from './engine.js';
import type { BodyBudget } from './body-budget.js';
import type { BodyBuffers } from './body-buffers.js';
import { AsyncResponse } from './respond.js';
import { tookShared } from '../batch/shared-memory.js';

/** The bounds a body is read within. */
export interface BodyLimits {
  readonly maxBytes: number;
  readonly budget: BodyBudget;
  readonly timeoutMs: number;
  /** How long the body may go without a byte (BODY_IDLE_TIMEOUT_MS). */
  readonly idleMs: number;
  /** The thread's reusable body memory (a body with a Content-Length is read into it). */
  readonly buffers: BodyBuffers;
}

/** Why a body was not read: too large (413), no budget left (503), too slow in all (408) or silent (408). */
export type BodyRefusal = 'payload_too_large' | 'unavailable' | 'request_timeout' | 'body_idle';

/** What the reader reports to the route. */
export interface BodyHandlers {
  /** The whole body, in shared memory (pool workers read it uncopied). */
  onBody(body: Uint8Array, out: AsyncResponse): void;
  /** The body is refused: answer, and close the connection (the rest is left unread). */
  onRefused(reason: BodyRefusal, out: AsyncResponse): void;
  /** An unexpected error while reading (a bug): answer 500 and close. */
  onError(err: unknown, out: AsyncResponse): void;
}

/**
 * Starts reading the body of the request `res` answers; `declared` is its Content-Length
 * (null for a chunked body). `onDone` runs once the response has ended or the client left.
 */
export function receiveBody(res: EngineResponse, declared: number | null, limits: BodyLimits, handlers: BodyHandlers, onDone: () => void): AsyncResponse {
  let reserved = 0;
  let timer: NodeJS.Timeout | undefined;
  let idle: NodeJS.Timeout | undefined;
  let reading = true;
  const stopTimers = () => {
    clearTimeout(timer);
    clearTimeout(idle);
  };
  const out = new AsyncResponse(res, () => {
    reading = false;
    stopTimers();
    limits.budget.release(reserved);
    reserved = 0;
    onDone();
  });
  const refuse = (reason: BodyRefusal) => {
    reading = false;
    stopTimers();
    handlers.onRefused(reason, out);
  };
  if (declared !== null && declared > limits.maxBytes) {
    refuse('payload_too_large');
    return out;
  }
  if (declared !== null) {
    if (!limits.budget.tryReserve(declared)) {
      refuse('unavailable');
      return out;
    }
    reserved = declared;
  }
  // Known length: a buffer of that size in shared memory, so that pool workers read it uncopied
  // (the thread's previous body's, body-buffers.ts, or a new one). Chunked: one that grows.
  const whole = declared === null ? null : limits.buffers.take(declared);
  const growing = declared === null ? new SharedArrayBuffer(0, { maxByteLength: limits.maxBytes }) : null;
  let size = 0;
  timer = setTimeout(() => refuse('request_timeout'), limits.timeoutMs);
  // A body that goes silent is answered and closed, as uWS closes an idle connection (10 s):
  // a client that stops sending must not hold its buffer until the whole-body deadline.
  const idleFor = Math.min(limits.idleMs, limits.timeoutMs);
  const silent = () => refuse('body_idle');
  idle = setTimeout(silent, idleFor);

  const receive = (chunk: ArrayBuffer | Uint8Array, isLast: boolean) => {
    if (!reading || out.aborted) return;
    const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
    const n = bytes.byteLength;
    if (n > 0) idle?.refresh();
    if (size + n > limits.maxBytes || (whole !== null && size + n > whole.length)) {
      refuse('payload_too_large');
      return;
    }
    if (growing !== null) {
      if (!limits.budget.tryReserve(n)) {
        refuse('unavailable');
        return;
      }
      reserved += n;
      growing.grow(size + n);
      tookShared(n);
      new Uint8Array(growing, size, n).set(bytes); // the engine reuses the chunk's memory
    } else {
      whole!.set(bytes, size);
    }
    size += n;
    if (!isLast) return;
    reading = false;
    stopTimers();
    handlers.onBody(growing !== null ? new Uint8Array(growing, 0, size) : size === whole!.length ? whole! : whole!.slice(0, size), out);
  };
  // An exception must not escape into the engine (it would take the thread down).
  res.onData((chunk, isLast) => {
    try {
      receive(chunk, isLast);
    } catch (e) {
      reading = false;
      stopTimers();
      handlers.onError(e, out);
    }
  });
  // A chunk size that announces more than the limit is refused at once, not when its bytes come.
  if (declared === null) res.limitChunked?.(limits.maxBytes, () => {
    if (reading && !out.aborted) refuse('payload_too_large');
  });
  return out;
}
