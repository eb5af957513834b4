/**
 * The registry's tables as the compiler makes them and a registry file holds them: the
 * organisation records, the prefix tables, the metadata. Types only: the file (artifact.ts), the
 * shared index (shared-index.ts) and the record columns (vendor-values.ts) all read them.
 */
import type { RegistryMeta as ContractRegistryMeta } from '../contract/openapi-types.js';
import type { Width } from './widths.js';

/** A deduplicated organisation record (one vendor may hold 1,000+ blocks). */
export interface VendorRecord {
  readonly name: string | null;
  readonly address: string | null;
  readonly country: string | null;
  readonly private: boolean;
  readonly iab: boolean;
}

/** Blocks of one width: sorted prefixes and, for each, the index of its record and its first-seen date (first-seen.ts). */
export interface PrefixTable {
  readonly prefixes: Float64Array;
  readonly records: Uint32Array;
  readonly dates: Uint32Array;
}

/** Snapshot metadata, as the registry file holds it: what /api/registry serves (the document's RegistryMeta) but what a running service adds (the snapshot before, a follower's sync, the service's versions). */
export type RegistryMeta = Readonly<Omit<ContractRegistryMeta, 'previous' | 'sync' | 'service'>>;

/** The tables the service's index is made of (with the records: RegistryArtifact). */
export interface IndexArtifact {
  readonly meta: RegistryMeta;
  readonly tables: Readonly<Record<Width, PrefixTable>>;
  /** IEEE Company IDs (24 bits, for locally administered addresses) and their records. */
  readonly cids: PrefixTable;
  /** The organisation name of each CID, in the CID table's order. */
  readonly cidNames: readonly (string | null)[];
}

/** The whole compiled registry, with the organisation records themselves. */
export interface RegistryArtifact extends IndexArtifact {
  readonly records: readonly VendorRecord[];
}
