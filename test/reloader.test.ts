/**
 * The reloader never wedges (contract v1.7): a reload that fails for any reason (the file deleted,
 * the file replaced in place and read half-written, a file whose content does not hash to its
 * version) is counted and logged, the snapshot being served stays, no promise is left rejected,
 * and the next reload runs. In process, on real files, with the reloader the service runs.
 */
import { copyFileSync, mkdtempSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyzerHandle } from '../src/analysis/analyzer.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { encodeArtifact, readArtifact } from '../src/registry/artifact.js';
import { defaultUpdateOptions } from '../src/registry/update.js';
import { RegistryReloader } from '../src/server/registry-reloader.js';
import { createReloadStatsBuffer, ReloadStats } from '../src/server/reload-stats.js';

describe('the registry reloader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mac-reloader-'));
  const file = join(dir, 'registry.msgpack');
  const logs: Array<{ msg: string; reason?: string; err?: { message: string } }> = [];
  const published: AnalyzerHandle[] = [];
  const rejections: unknown[] = [];
  const onRejection = (e: unknown) => rejections.push(e);
  let stats: ReloadStats;
  let reloader: RegistryReloader;
  let shipped: Buffer;
  let other: Uint8Array;
  let otherVersion: string;
  let shippedVersion: string;
  let publishFails = false;

  beforeAll(() => {
    process.on('unhandledRejection', onRejection);
    copyFileSync('data/registry.msgpack', file);
    shipped = readFileSync(file);
    const artifact = readArtifact(file);
    shippedVersion = artifact.meta.version;
    otherVersion = artifact.meta.version.replace(/^.*-/, 'relabelled-');
    other = encodeArtifact({ ...artifact, meta: { ...artifact.meta, version: otherVersion } });
    stats = new ReloadStats(createReloadStatsBuffer());
    const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (logs.push(JSON.parse(chunk.toString())), done()) });
    reloader = new RegistryReloader(loadRegistry(file), {
      file,
      loadedStamp: '',
      overlayFile: undefined,
      logger: pino({ level: 'info' }, sink),
      stats,
      publish: (handle) => {
        if (publishFails) throw new Error('the threads could not be told');
        published.push(handle);
      },
      updateIntervalMs: 0,
      update: defaultUpdateOptions(() => undefined),
    });
  });
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
    reloader.stop();
  });

  const failures = () => Number(/^mac_registry_reload_failures_total (\d+)$/m.exec(stats.render())?.[1]);

  it('a deleted file fails the reload, which resolves; the next reload of a good file switches', async () => {
    unlinkSync(file);
    await expect(reloader.reload('SIGHUP')).resolves.toBeUndefined();
    expect(failures()).toBe(1);
    expect(logs.at(-1)).toMatchObject({ msg: 'registry reload failed; the snapshot being served is kept', reason: 'SIGHUP' });
    expect(logs.at(-1)?.err?.message).toMatch(/registry\.msgpack: missing/);
    expect(published).toEqual([]);
    writeFileSync(file, other);
    await reloader.reload('SIGHUP');
    expect(published.map((h) => h.meta.version)).toEqual([otherVersion]);
    expect(published[0].file?.version).toBe(otherVersion);
  });

  it('a file replaced in place and read half-written fails; written whole, it switches', async () => {
    writeFileSync(file, shipped.subarray(0, shipped.length >> 1)); // the same inode, truncated and half rewritten
    await reloader.reload('file replaced');
    expect(failures()).toBe(2);
    expect(logs.at(-1)?.err?.message).toMatch(/truncated/);
    writeFileSync(file, shipped);
    await reloader.reload('file replaced');
    expect(published.map((h) => h.meta.version)).toEqual([otherVersion, shippedVersion]);
  });

  it('a file with a byte flipped fails, several reloads queued behind it run, and no promise is left rejected', async () => {
    const flipped = Buffer.from(other);
    flipped[flipped.length - 100] ^= 0x20;
    writeFileSync(file, flipped);
    await Promise.all([reloader.reload('a'), reloader.reload('b'), reloader.reload('c')]);
    expect(failures()).toBe(5);
    expect(logs.filter((l) => l.msg.startsWith('registry reload failed')).at(-1)?.err?.message).toMatch(/its content hashes to/);
    writeFileSync(file, other);
    await reloader.reload('d');
    expect(published.at(-1)?.meta.version).toBe(otherVersion);
    expect(rejections).toEqual([]);
  });

  it('a switch that throws is a failed reload, and the same file is switched to by the next one', async () => {
    writeFileSync(file, shipped);
    publishFails = true;
    await expect(reloader.reload('SIGHUP')).resolves.toBeUndefined();
    expect(failures()).toBe(6);
    expect(logs.at(-1)?.err?.message).toBe('the threads could not be told');
    publishFails = false;
    await reloader.reload('SIGHUP');
    expect(published.at(-1)?.meta.version).toBe(shippedVersion);
    expect(rejections).toEqual([]);
  });
});
