/**
 * The catalogue of special and reserved addresses. Entries are data, one module per family in
 * `entries/`; adding one is a data change. `catalogueProblems` checks ids, languages and
 * overlaps at build time (the data build fails) and again when an analyser loads it. When
 * ranges nest, the most specific (smallest) one is reported.
 */
import type { SpecialEntry } from './entry.js';
import { CISCO } from './entries/cisco.js';
import { CLUSTERS } from './entries/clusters.js';
import { CORE } from './entries/core.js';
import { IANA } from './entries/iana.js';
import { IEEE_802 } from './entries/ieee-802.js';
import { LEGACY_LAN } from './entries/legacy-lan.js';
import { TOKEN_RING } from './entries/token-ring.js';
import { VENDOR_PROTOCOLS } from './entries/vendor-protocols.js';

/** Every catalogued entry. */
export const CATALOGUE: readonly SpecialEntry[] = [
  ...CORE,
  ...IANA,
  ...IEEE_802,
  ...CISCO,
  ...CLUSTERS,
  ...VENDOR_PROTOCOLS,
  ...TOKEN_RING,
  ...LEGACY_LAN,
];
