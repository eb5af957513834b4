/**
 * Whether a body fits the memory the process may still take, measured, not estimated: the
 * cgroup's working set now, with the body's cost (body-memory.ts), under the limit less its
 * margin. The body budget bounds what is admitted; this sees what the budget cannot: shared
 * memory a finished batch leaves until every thread has collected it, and the buffer a thread
 * keeps for its next body. Without a limit every body fits.
 */
import { workingSetBytes } from '../host/cgroup-limits.js';

/** The limit a watch measures against. */
export interface WatchedLimit {
  readonly limitBytes: number | null;
  readonly source: string | null;
  readonly marginBytes: number;
}

/** Measures bodies against the memory left under a limit. */
export class MemoryWatch {
  constructor(private readonly limit: WatchedLimit) {}

  /** True when `bytes` more fit under the limit less its margin now (always without a limit, or when the cgroup cannot be read). */
  fits(bytes: number): boolean {
    const { limitBytes, source, marginBytes } = this.limit;
    if (limitBytes === null || source === null) return true;
    const used = workingSetBytes(source);
    return used === null || used + bytes <= limitBytes - marginBytes;
  }
}
