/**
 * Lowers the scheduling priority of the calling thread (Linux): bulk work on the pool then
 * yields the CPU to the HTTP threads, so single GETs keep their latency while a large batch
 * runs on every core. On Linux a thread is a task with its own id, and setpriority on that
 * id affects that thread alone.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Sets this thread's nice value; false where the platform has no per-thread priority. */
export function lowerThreadPriority(nice: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
