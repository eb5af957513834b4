/**
 * Reads a whole request body within three bounds: its size (BATCH_MAX_BYTES, 413), the
 * memory budget shared by every thread (BODY_BUDGET_BYTES, 503, before anything is
 * buffered), and a deadline (BODY_TIMEOUT_MS, 408), so that a trickled upload cannot hold its
 * buffer forever. A body with a Content-Length reserves it whole and is copied once into a
 * shared buffer of that size; a chunked one reserves as it arrives and is copied once into a
 * growable shared buffer (address space for BATCH_MAX_BYTES, pages committed as it grows), so
 * it is never held twice, as pieces and joined. The reservation is held until the response
 * ends (the body, or what it was turned into, lives that long).
 */
import type { EngineResponse } from './engine.js';
import type { BodyBudget } from './body-budget.js';
import { AsyncResponse } from './respond.js';

/** The bounds a body is read within. */
export interface BodyLimits {
  readonly maxBytes: number;
  readonly budget: BodyBudget;
  readonly timeoutMs: number;
}

/** Why a body was not read: too large (413), no budget left (503), too slow (408). */
export type BodyRefusal = 'payload_too_large' | 'unavailable' | 'request_timeout';

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
  let reading = true;
  const out = new AsyncResponse(res, () => {
    reading = false;
    clearTimeout(timer);
    limits.budget.release(reserved);
    reserved = 0;
    onDone();
  });
  const refuse = (reason: BodyRefusal) => {
    reading = false;
    clearTimeout(timer);
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
  // Known length: one buffer of that size, in shared memory so that pool workers read it
  // uncopied (allocated lazily by the OS: pages count once written). Chunked: one that grows.
  const whole = declared !== null ? new Uint8Array(new SharedArrayBuffer(declared)) : null;
  const growing = declared === null ? new SharedArrayBuffer(0, { maxByteLength: limits.maxBytes }) : null;
  let size = 0;
  timer = setTimeout(() => refuse('request_timeout'), limits.timeoutMs);

  const receive = (chunk: ArrayBuffer | Uint8Array, isLast: boolean) => {
    if (!reading || out.aborted) return;
    const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk);
    const n = bytes.byteLength;
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
      new Uint8Array(growing, size, n).set(bytes); // the engine reuses the chunk's memory
    } else {
      whole!.set(bytes, size);
    }
    size += n;
    if (!isLast) return;
    reading = false;
    clearTimeout(timer);
    handlers.onBody(growing !== null ? new Uint8Array(growing, 0, size) : size === whole!.length ? whole! : whole!.slice(0, size), out);
  };
  // An exception must not escape into the engine (it would take the thread down).
  res.onData((chunk, isLast) => {
    try {
      receive(chunk, isLast);
    } catch (e) {
      reading = false;
      clearTimeout(timer);
      handlers.onError(e, out);
    }
  });
  return out;
}
