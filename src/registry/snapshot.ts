/**
 * What one registry snapshot gives the layers above it: its shared index, its metadata and the
 * IEEE Company IDs. The analyzer's handle extends it (analysis/analyzer.ts); the registry
 * service (src/catalog) needs nothing more.
 */
import type { RegistryMeta } from './artifact.js';
import type { SharedIndexHandle } from './shared-index.js';

/** One registry snapshot, as every thread attaches to it. */
export interface RegistrySnapshot {
  readonly index: SharedIndexHandle;
  readonly meta: RegistryMeta;
  /** The IEEE Company IDs, in the shared index's CID order: names, 24-bit values and first-seen dates (for hints). */
  readonly cids: { readonly names: readonly (string | null)[]; readonly prefixes: readonly number[]; readonly records: readonly number[]; readonly dates: readonly number[] };
}
