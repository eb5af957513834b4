import { afterEach, describe, expect, it, vi } from 'vitest';
import { BodyBuffers, KEEP_MS, REUSE_FROM_BYTES } from '../src/http/body-buffers.js';

describe('BodyBuffers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses the memory of a body given back for the next one it holds, and keeps the largest', () => {
    const buffers = new BodyBuffers();
    const first = buffers.take(2 * REUSE_FROM_BYTES);
    expect(first.buffer).toBeInstanceOf(SharedArrayBuffer);
    buffers.give(first);
    const second = buffers.take(REUSE_FROM_BYTES + 1);
    expect(second.buffer).toBe(first.buffer);
    expect(second.byteLength).toBe(REUSE_FROM_BYTES + 1);
    // Taken: the next body gets memory of its own.
    const third = buffers.take(REUSE_FROM_BYTES);
    expect(third.buffer).not.toBe(first.buffer);
    buffers.give(third);
    buffers.give(second);
    expect(buffers.spareBytes).toBe(2 * REUSE_FROM_BYTES);
    // Too small for the spare: a new buffer, the spare stays.
    expect(buffers.take(3 * REUSE_FROM_BYTES).buffer).not.toBe(first.buffer);
    expect(buffers.spareBytes).toBe(2 * REUSE_FROM_BYTES);
  });

  it('neither keeps nor lends memory below REUSE_FROM_BYTES, nor growable or unshared memory', () => {
    const buffers = new BodyBuffers();
    buffers.give(buffers.take(REUSE_FROM_BYTES - 1));
    buffers.give(new Uint8Array(new SharedArrayBuffer(0, { maxByteLength: 4 * REUSE_FROM_BYTES })));
    buffers.give(new Uint8Array(2 * REUSE_FROM_BYTES));
    expect(buffers.spareBytes).toBe(0);
    buffers.give(buffers.take(2 * REUSE_FROM_BYTES));
    const small = buffers.take(100);
    expect(small.buffer.byteLength).toBe(100);
    expect(buffers.spareBytes).toBe(2 * REUSE_FROM_BYTES);
  });

  it('lets the spare go KEEP_MS after the last body was given back, and says so', () => {
    vi.useFakeTimers();
    let dropped = 0;
    const buffers = new BodyBuffers(() => dropped++);
    buffers.give(buffers.take(REUSE_FROM_BYTES));
    vi.advanceTimersByTime(KEEP_MS - 1);
    buffers.give(buffers.take(REUSE_FROM_BYTES)); // given back again: kept KEEP_MS from now
    vi.advanceTimersByTime(KEEP_MS - 1);
    expect(buffers.spareBytes).toBe(REUSE_FROM_BYTES);
    expect(dropped).toBe(0);
    vi.advanceTimersByTime(1);
    expect(buffers.spareBytes).toBe(0);
    expect(dropped).toBe(1);
  });
});
