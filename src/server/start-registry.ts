/**
 * The registry the service starts on (main thread): a follower's source snapshot first, for at
 * most REGISTRY_SYNC_START_TIMEOUT (past it, the file this replica has), then the file, read and
 * checked whole (registry/artifact.ts), with the site overlay and the snapshot's own file, which
 * the service serves to its followers.
 */
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { loadRegistry } from '../analysis/load-registry.js';
import { readOverlay } from '../hints/overlay.js';
import { fileStamp } from '../registry/file-stamp.js';
import { readSnapshotFile } from '../registry/snapshot-file.js';
import type { Config } from './config.js';
import type { RegistryFollower } from './registry-follower.js';

/** The snapshot loaded at start, and the stamp its file had before it was read (a reload compares it). */
export interface StartRegistry {
  readonly loaded: AnalyzerHandle;
  readonly loadedStamp: string;
}

/**
 * Loads the start's snapshot, after `follower`'s first sync when there is one; null when the
 * follower was stopped while it waited. Throws RegistryFileError or OverlayError when the file or
 * the overlay cannot be used.
 */
export async function startRegistry(config: Config, file: string, follower: RegistryFollower | null): Promise<StartRegistry | null> {
  if (follower !== null && (await follower.initial(config.registrySyncStartTimeoutMs)) === 'stopped') return null;
  // Taken before the read: a file replaced from now until the watch begins is read again then.
  const loadedStamp = fileStamp(file);
  const loaded = loadRegistry(file, config.registryOverlay ? readOverlay(config.registryOverlay) : null);
  return { loaded: { ...loaded, file: readSnapshotFile(file, loaded.meta.version) }, loadedStamp };
}
