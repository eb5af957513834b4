/**
 * Per-client rate limiting (RATE_LIMIT_RPS, RATE_LIMIT_BURST): a token bucket per client
 * address, in a table that every HTTP thread shares through a SharedArrayBuffer, so a client
 * has one budget whichever thread holds its connection. The client is the socket's peer, or,
 * with TRUST_PROXY=n, the address the n-th proxy from us put in X-Forwarded-For.
 *
 * The table is fixed (SLOTS buckets, 32 bytes each): a client hashes to a run of PROBES
 * slots; a slot whose bucket has refilled completely holds nothing worth keeping and is
 * reused, and when all of them are busy the first is taken over (that client's bucket
 * restarts full). Each slot has a spin lock taken with Atomics; contention is between HTTP
 * threads only, for a few instructions.
 *
 * Headers follow draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy: "default";q=BURST;w=W`
 * (W: seconds for an empty bucket to refill) and `RateLimit: "default";r=REMAINING;t=T`
 * (T: seconds until the bucket is full again, or, refused, until the next request is allowed).
 */
import type { EngineRequest, EngineResponse } from './engine.js';

/** Buckets in the shared table. */
export const SLOTS = 1 << 16;
const PROBES = 8;
const INTS = 8; // per slot: lock, key low, key high, in use, then two float64 (tokens, last ms)

/** Allocates the shared table (the main thread does, once). */
export function createRateLimitBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(SLOTS * INTS * 4);
}

// FNV-1a over bytes, with a seed: two seeds give a 64-bit key.
function fnv(bytes: Uint8Array, seed: number): number {
  let h = seed;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return h | 0;
}

const encoder = new TextEncoder();

/** The outcome of one request's take: allowed or not, and the RateLimit header value. */
export interface RateDecision {
  readonly allowed: boolean;
  /** Whole seconds until a request is allowed again (refused requests). */
  readonly retryAfter: number;
  /** The RateLimit field value. */
  readonly state: string;
}

/** One thread's view of the shared buckets. */
export class RateLimiter {
  private readonly i32: Int32Array;
  private readonly f64: Float64Array;
  private readonly perMs: number;
  /** The RateLimit-Policy field value. */
  readonly policy: string;

  /** Views `buffer`; `rps` tokens per second refill a bucket of `burst`; `trustProxy` as configured. */
  constructor(
    buffer: SharedArrayBuffer,
    readonly rps: number,
    readonly burst: number,
    private readonly trustProxy: number,
  ) {
    this.i32 = new Int32Array(buffer);
    this.f64 = new Float64Array(buffer);
    this.perMs = rps / 1000;
    this.policy = `"default";q=${burst};w=${Math.ceil(burst / rps)}`;
  }

  /** Takes one token for the client of this request (read `req` before anything asynchronous). */
  take(res: EngineResponse, req: EngineRequest, now = Date.now()): RateDecision {
    const key = this.clientKey(res, req);
    return this.takeFor(key, now);
  }

  // The client's address as bytes: from X-Forwarded-For behind trusted proxies, else the socket.
  private clientKey(res: EngineResponse, req: EngineRequest): Uint8Array {
    if (this.trustProxy > 0) {
      const forwarded = req.getHeader('x-forwarded-for');
      if (forwarded.length > 0) {
        const hops = forwarded.split(',');
        return encoder.encode(hops[Math.max(0, hops.length - this.trustProxy)].trim());
      }
    }
    return new Uint8Array(res.getRemoteAddress());
  }

  /** Takes one token from the bucket of `client` (its address bytes) at time `now` (ms). */
  takeFor(client: Uint8Array, now: number): RateDecision {
    const lo = fnv(client, 0x811c9dc5);
    const hi = fnv(client, 0x01234567);
    const slot = this.claim(lo, hi, now);
    const base = slot * INTS;
    const t = base / 2 + 2;
    const tokens = Math.min(this.burst, this.f64[t] + (now - this.f64[t + 1]) * this.perMs);
    const allowed = tokens >= 1;
    const left = allowed ? tokens - 1 : tokens;
    this.f64[t] = left;
    this.f64[t + 1] = now;
    Atomics.store(this.i32, base, 0); // unlock
    const retryAfter = allowed ? 0 : Math.ceil((1 - left) / this.rps);
    const reset = allowed ? Math.ceil((this.burst - left) / this.rps) : retryAfter;
    return { allowed, retryAfter, state: `"default";r=${Math.floor(left)};t=${reset}` };
  }

  // Finds (or makes) the slot of key (lo, hi) and returns it locked.
  private claim(lo: number, hi: number, now: number): number {
    const first = (lo >>> 0) % SLOTS;
    for (let p = 0; p < PROBES; p++) {
      const slot = (first + p) % SLOTS;
      const base = slot * INTS;
      this.lock(base);
      const used = this.i32[base + 3] === 1;
      if (used && this.i32[base + 1] === lo && this.i32[base + 2] === hi) return slot;
      const t = base / 2 + 2;
      const refilled = !used || this.f64[t] + (now - this.f64[t + 1]) * this.perMs >= this.burst;
      if (refilled) return this.reset(slot, lo, hi, now);
      Atomics.store(this.i32, base, 0);
    }
    this.lock(first * INTS);
    return this.reset(first, lo, hi, now);
  }

  // Gives a locked slot to a new client with a full bucket.
  private reset(slot: number, lo: number, hi: number, now: number): number {
    const base = slot * INTS;
    this.i32[base + 1] = lo;
    this.i32[base + 2] = hi;
    this.i32[base + 3] = 1;
    this.f64[base / 2 + 2] = this.burst;
    this.f64[base / 2 + 3] = now;
    return slot;
  }

  private lock(base: number): void {
    while (Atomics.compareExchange(this.i32, base, 0, 1) !== 0);
  }
}
