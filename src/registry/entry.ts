/** One registry assignment as read from a source, before deduplication. */
import { readFileSync } from 'node:fs';
import type { CountryEvidence } from './country-resolver.js';
import type { Width } from './widths.js';

/** The IEEE registries we read. IAB blocks are 36-bit and reported as MA-S with `iab`. */
export type SourceRegistry = 'MA-L' | 'MA-M' | 'MA-S' | 'IAB' | 'CID';

/** Prefix width in bits of each registry's blocks. */
export const REGISTRY_WIDTH: Readonly<Record<SourceRegistry, Width>> = {
  'MA-L': 24,
  'MA-M': 28,
  'MA-S': 36,
  IAB: 36,
  CID: 24,
};

/** One assignment: its prefix (hex digits, upper case) and organisation. */
export interface RegistryEntry {
  readonly registry: SourceRegistry;
  readonly prefix: string;
  readonly name: string | null;
  readonly address: string | null;
  readonly country: string | null;
  readonly countryVia: CountryEvidence;
  readonly private: boolean;
  /** The day (YYYY-MM-DD) of the snapshot this entry was read from, when it differs from the source's date. */
  readonly seen?: string;
}

/** What a source yields: its entries and a description of where they came from. */
export interface SourceData {
  /** Which source: the metadata's `source`. */
  readonly source: 'oui-data' | 'ieee-csv';
  readonly version: string;
  /** The day the source was published (its snapshot's date for block-dates.ts), or null when unknown. */
  readonly date: string | null;
  readonly entries: RegistryEntry[];
}

/** Error for a missing or malformed source or index file; the message names the file. */
export class RegistryFileError extends Error {
  override readonly name = 'RegistryFileError';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** The text of a source file; RegistryFileError (`cannot read`, what it is, why) when it cannot be read. */
export function readSourceText(file: string, what = ''): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new RegistryFileError(file, `cannot read${what} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}

/** True when an organisation name marks a private registration. */
export function isPrivateName(name: string): boolean {
  return name.trim().toLowerCase() === 'private';
}
