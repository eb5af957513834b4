/** The IEEE registries a vendor block comes from (an IAB is an MA-S block with `iab`). Pure: the web page compiles it too. */
export type RegistryKind = 'MA-L' | 'MA-M' | 'MA-S';

/** The registry of each prefix width. */
export const REGISTRY_OF_WIDTH = { 24: 'MA-L', 28: 'MA-M', 36: 'MA-S' } as const satisfies Record<24 | 28 | 36, RegistryKind>;
