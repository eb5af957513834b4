/**
 * A registry snapshot as a file that peers fetch (GET /api/registry/snapshot): its bytes, kept in
 * shared memory beside the index that every HTTP thread serves, and their SHA-256 (RFC 9530's
 * Repr-Digest), made once per snapshot. A follower checks the digest before it loads the bytes.
 */
import { createHash } from 'node:crypto';
import type { SyncStatus as ContractSyncStatus } from '../contract/openapi-types.js';
import { readFileSync } from 'node:fs';
import { artifactMeta } from './artifact.js';

/** The media type of a snapshot file, as GET /api/registry/snapshot serves it. */
export const SNAPSHOT_TYPE = 'application/vnd.mac-analysis.registry';

/** The served snapshot's file. */
export interface SnapshotFile {
  readonly version: string;
  /** The file's bytes, in shared memory (threads read them uncopied). */
  readonly bytes: Uint8Array;
  /** `sha-256=:<base64>:`, as Repr-Digest carries it. */
  readonly digest: string;
}

/** The Repr-Digest value of `bytes`. */
export function reprDigest(bytes: Uint8Array): string {
  return `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;
}

/**
 * The file of the snapshot `version` as `file` holds it now, or null when the file was replaced
 * by another version meanwhile (the reload that follows serves that one with its own bytes).
 */
export function readSnapshotFile(file: string, version: string): SnapshotFile | null {
  const read = readFileSync(file);
  const bytes = new Uint8Array(new SharedArrayBuffer(read.byteLength));
  bytes.set(read);
  if (artifactMeta(bytes, file).version !== version) return null;
  return { version, bytes, digest: reprDigest(bytes) };
}

/** What /api/registry and /readyz say of a follower's sync (the document's SyncStatus). */
export type SyncStatus = Readonly<ContractSyncStatus>;

/** How a follower's last sync ended. */
export type SyncResult = SyncStatus['lastResult'];

/** Every SyncResult, in the order reload-stats.ts codes them. */
export const SYNC_RESULTS = ['none', 'updated', 'unchanged', 'failed'] as const satisfies readonly SyncResult[];
