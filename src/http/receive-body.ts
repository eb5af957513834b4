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
import { AsyncResponse, type Reply } from './respond.js';
import { tookShared } from '../batch/shared-memory.js';

/** The bounds a body is read within. */
export interface BodyLimits {
  /** The largest body of this request's kind (BATCH_MAX_BYTES, or less where the budget cannot take it). */
  readonly maxBytes: number;
  readonly budget: BodyBudget;
  /** What a body of `bytes` takes of the budget (body-memory.ts: its kind's weight, and a gzip body's inflated bound). */
  readonly cost: (bytes: number) => number;
  /** Whether the memory the process may still take holds a body of `bytes` now (memory-watch.ts; always true without a limit). */
  readonly fits: (bytes: number) => boolean;
  readonly timeoutMs: number;
  /** How long the body may go without a byte (BODY_IDLE_TIMEOUT_MS). */
  readonly idleMs: number;
  /** Bytes past `maxBytes` a refused body is still read and dropped (BODY_DRAIN_BYTES) before its 413, so that a client still sending reads it. */
  readonly drainBytes: number;
  /** The thread's reusable body memory (a body with a Content-Length is read into it). */
  readonly buffers: BodyBuffers;
}

/** Why a body was not read: too large (413), no budget left (503), too slow in all (408) or silent (408). */
export type BodyRefusal = 'payload_too_large' | 'unavailable' | 'request_timeout' | 'body_idle';

// How often a chunked body's growth is measured against the memory left.
const CHECK_EVERY = 8 * 1024 * 1024;

/** What the reader reports to the route. */
export interface BodyHandlers {
  /** The whole body, in shared memory (pool workers read it uncopied). */
  onBody(body: Uint8Array, out: AsyncResponse): void;
  /**
   * The body is refused: answer, and close the connection when `close` (the rest is left
   * unread), else keep it (the rest is read and dropped, so the client reads the answer).
   */
  onRefused(reason: BodyRefusal, out: AsyncResponse, close: boolean): void;
  /** An unexpected error while reading (a bug): answer 500 and close. */
  onError(err: unknown, out: AsyncResponse): void;
  /** Looks at the body read so far, until it says 'go' (null: more is needed); a reply refuses the body there. */
  peek?(sofar: Uint8Array): Reply | 'go' | null;
  /** The body is refused by `peek`'s reply: answer it and close the connection (the rest is left unread). */
  onPeekRefused?(reply: Reply, out: AsyncResponse): void;
}

/**
 * Starts reading the body of the request `res` answers; `declared` is its Content-Length
 * (null for a chunked body). `onDone` runs once the response has ended or the client left.
 */
export function receiveBody(res: EngineResponse, declared: number | null, limits: BodyLimits, handlers: BodyHandlers, onDone: () => void): AsyncResponse {
  return new BodyReader(res, declared, limits, handlers, onDone).out;
}

// One body being read: its reservation against the budget, its deadlines, and where its bytes go.
class BodyReader {
  readonly out: AsyncResponse;
  private reserved = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly idle: NodeJS.Timeout;
  // 'reading': the body's bytes are kept; 'dropping': refused (for want of memory, or too large
  // within the drain bound), the rest of it is read and dropped before the answer, `dropped`'s
  // (a client still sending would otherwise see the connection reset and lose the answer);
  // 'over': answered.
  private state: 'reading' | 'dropping' | 'over' = 'reading';
  private dropped: BodyRefusal = 'unavailable';
  // The most a body may bring, kept or dropped: past it the connection closes unread.
  private readonly drainLimit: number;
  private size = 0;
  // Whether the body read so far is still shown to the handlers' peek.
  private peeking: boolean;
  // Where the bytes go: a buffer of the declared size, or one that grows with a chunked body.
  private whole: Uint8Array | null = null;
  private growing: SharedArrayBuffer | null = null;

  constructor(
    res: EngineResponse,
    private readonly declared: number | null,
    private readonly limits: BodyLimits,
    private readonly handlers: BodyHandlers,
    onDone: () => void,
  ) {
    this.drainLimit = limits.maxBytes + limits.drainBytes;
    this.peeking = handlers.peek !== undefined;
    this.out = new AsyncResponse(res, () => {
      this.state = 'over';
      this.stopTimers();
      limits.budget.release(this.reserved);
      this.reserved = 0;
      onDone();
    });
    // An exception must not escape into the engine (it would take the thread down).
    res.onData((chunk, isLast) => {
      try {
        this.receive(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk), isLast);
      } catch (e) {
        this.state = 'over';
        this.stopTimers();
        handlers.onError(e, this.out);
      }
    });
    // Past a deadline while dropping, the answer is still the refusal that says why.
    this.timer = setTimeout(() => this.refuse(this.state === 'dropping' ? this.dropped : 'request_timeout', 'close'), limits.timeoutMs);
    // A body that goes silent is answered and closed: a client that stops sending must not hold
    // its buffer until the whole-body deadline (uWS closes a silent connection itself: config.ts).
    this.idle = setTimeout(() => this.refuse(this.state === 'dropping' ? this.dropped : 'body_idle', 'close'), Math.min(limits.idleMs, limits.timeoutMs));
    this.start();
  }

  // Refuses a body at once (too large, or no memory for it), or makes the buffer it is read into.
  private start(): void {
    const { declared, limits } = this;
    if (declared !== null && declared > limits.maxBytes) {
      // Too large: read and dropped within the drain bound, else answered and closed at once.
      this.refuse('payload_too_large');
    } else if (!limits.fits((declared ?? 0) - limits.buffers.reusable(declared ?? 0))) {
      limits.buffers.letGo(); // this thread's own kept buffer, if any, can go now
      this.refuse('unavailable');
    } else if (!this.reserve(limits.cost(declared ?? 0))) {
      this.refuse('unavailable');
    } else if (declared !== null) {
      // Known length: a buffer of that size in shared memory, so that pool workers read it
      // uncopied (the thread's previous body's, body-buffers.ts, or a new one).
      this.whole = limits.buffers.take(declared);
    } else {
      // Chunked: one that grows (address space for the largest body, pages committed as it grows).
      // Its size is counted as its bytes come (413 past the limit), whatever its chunk sizes announce.
      this.growing = new SharedArrayBuffer(0, { maxByteLength: limits.maxBytes });
    }
  }

  // One piece of the body (valid only during the call): kept, dropped, or the end of it.
  private receive(bytes: Uint8Array, isLast: boolean): void {
    if (this.state === 'over' || this.out.aborted) return;
    const n = bytes.byteLength;
    if (n > 0) this.idle.refresh();
    if (this.state === 'dropping') {
      this.size += n;
      if (this.size > this.drainLimit) this.refuse(this.dropped, 'close');
      else if (isLast) this.refuse(this.dropped, 'dropped');
      return;
    }
    const refused = this.keep(bytes);
    if (refused !== null) {
      this.refuse(refused);
      this.receive(bytes, isLast);
      return;
    }
    if (this.peeking) {
      const verdict = this.handlers.peek!(this.whole !== null ? this.whole.subarray(0, this.size) : new Uint8Array(this.growing!, 0, this.size));
      this.peeking = verdict === null;
      if (verdict !== null && verdict !== 'go') {
        this.state = 'over';
        this.stopTimers();
        return this.handlers.onPeekRefused!(verdict, this.out);
      }
    }
    if (!isLast) return;
    this.state = 'over';
    this.stopTimers();
    const { size, whole, growing } = this;
    this.handlers.onBody(growing !== null ? new Uint8Array(growing, 0, size) : size === whole!.length ? whole! : whole!.slice(0, size), this.out);
  }

  // Copies `bytes` into the body's buffer (the engine reuses their memory), or says why not.
  private keep(bytes: Uint8Array): BodyRefusal | null {
    const { size, whole, growing, limits } = this;
    const n = bytes.byteLength;
    if (size + n > limits.maxBytes || (whole !== null && size + n > whole.length)) return 'payload_too_large';
    if (growing !== null) {
      // A chunked body reserves as it comes, and is measured against the memory left every 8 MiB.
      const measure = Math.floor((size + n) / CHECK_EVERY) > Math.floor(size / CHECK_EVERY);
      if ((measure && !limits.fits(size + n)) || !this.reserve(limits.cost(size + n) - limits.cost(size))) return 'unavailable';
      growing.grow(size + n);
      tookShared(n);
      new Uint8Array(growing, size, n).set(bytes);
    } else whole!.set(bytes, size);
    this.size += n;
    return null;
  }

  // Answers a refusal: at once, closing the connection (the rest may be huge or never come);
  // or, for want of memory or size within the drain bound, once the rest has come and been
  // dropped (then the connection stays), within the same deadlines (past them it closes).
  private refuse(reason: BodyRefusal, rest: 'close' | 'drop' | 'dropped' = reason === 'unavailable' || reason === 'payload_too_large' ? 'drop' : 'close'): void {
    if (rest === 'drop' && this.state === 'reading' && (this.declared ?? 0) <= this.drainLimit) {
      this.state = 'dropping';
      this.dropped = reason;
      this.limits.budget.release(this.reserved);
      this.reserved = 0;
      return;
    }
    this.state = 'over';
    this.stopTimers();
    this.handlers.onRefused(reason, this.out, rest !== 'dropped');
  }

  private reserve(bytes: number): boolean {
    if (!this.limits.budget.tryReserve(bytes)) return false;
    this.reserved += bytes;
    return true;
  }

  private stopTimers(): void {
    clearTimeout(this.timer);
    clearTimeout(this.idle);
  }
}
