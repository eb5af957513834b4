/** The IEEE registries a vendor block comes from (an IAB is an MA-S block with `iab`). Pure: the web page compiles it too. */
export type RegistryKind = 'MA-L' | 'MA-M' | 'MA-S';
