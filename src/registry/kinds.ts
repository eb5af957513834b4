/** The IEEE registries a vendor block comes from (an IAB is an MA-S block with `iab`). Pure: the web page compiles it too. */
import type { RegistryBlock, Vendor } from '../contract/openapi-types.js';

export type RegistryKind = 'MA-L' | 'MA-M' | 'MA-S';

/** The registry of each prefix width. */
export const REGISTRY_OF_WIDTH = { 24: 'MA-L', 28: 'MA-M', 36: 'MA-S' } as const satisfies Record<24 | 28 | 36, RegistryKind>;

/** The addresses a block of each prefix width holds, as the document lists them: 2^(48 - width), and 2^(64 - width) for an EUI-64's block. */
export const BLOCK_SIZES = { 24: [16777216, 1099511627776], 28: [1048576, 68719476736], 36: [4096, 268435456] } as const satisfies Record<24 | 28 | 36, readonly [RegistryBlock['size'], Vendor['block']['size']]>;
