/**
 * The analysis of one address, exactly as docs/API.md and the OpenAPI document define it. Types
 * only, importing only type-pure modules: the web page compiles against it (src/web/client/api.ts).
 */
import type { IgMeaning, SlapQuadrant, Transmission, UlMeaning } from '../mac/bits.js';
import type { RegistryKind } from '../registry/kinds.js';
import type { Width } from '../registry/widths.js';
import type { FirstSeen } from '../registry/first-seen.js';
import type { DerivedFacts } from '../special/derived-facts.js';

/** The `address` member: what the address is, and the address in every format (64-bit forms for an EUI-64). */
export interface AddressFormats {
  kind: 'EUI-48' | 'EUI-64';
  canonical: string;
  hexadecimal: string;
  dashed: string;
  cisco: string;
  eui64: string;
  ipv6InterfaceId: string;
  ipv6LinkLocal: string;
  bitReversed: string;
}

/** The `bits` member. */
export interface BitsInfo {
  ig: { value: 0 | 1; meaning: IgMeaning; label: string };
  ul: { value: 0 | 1; meaning: UlMeaning; label: string };
  transmission: Transmission;
  slapQuadrant: SlapQuadrant | null;
}

/** The `vendor` member when a block matches. */
export interface VendorInfo {
  name: string | null;
  /** At most 12 characters (registry/short-name.ts); null for a private registration. */
  shortName: string | null;
  prefix: string;
  prefixLength: Width;
  registry: RegistryKind;
  /** `firstSeen`: when the block was first seen in a published registry, null when no source dates it. */
  block: { first: string; last: string; size: number; firstSeen: FirstSeen | null };
  address: string | null;
  country: { code: string; name: string } | null;
  flag: string | null;
  private: boolean;
  iab?: true;
}

/** The `special` member for a reserved address. */
export interface SpecialInfo {
  id: string;
  title: string;
  summary: string;
  usage: string;
  range: { first: string; last: string };
  references: string[];
  /** Facts computed from the address itself (special/derived-facts.ts), when it has any. */
  derived?: DerivedFacts;
}

/** The whole analysis. */
export interface Analysis {
  address: AddressFormats;
  bits: BitsInfo;
  vendor: VendorInfo | null;
  special: SpecialInfo | null;
  /** What the address itself suggests (hints/hint-objects.ts); empty when nothing applies. */
  hints: HintInfo[];
  /** Only when the address was read out of another input: an EUI-64 or IPv6 address carrying a MAC, an IPoIB address (mac/derived.ts). */
  derivedFrom?: { kind: 'ipv6' | 'eui64' | 'ipoib'; value: string };
}

/** One entry of `hints`: an id, localised texts, and the facts of its kind. */
export interface HintInfo {
  id: 'virtual-machine' | 'container' | 'cid' | 'randomized' | 'site';
  title: string;
  summary: string;
  platform?: string;
  platformName?: string;
  references?: string[];
  name?: string | null;
  /** A site range's note (REGISTRY_OVERLAY). */
  note?: string | null;
  prefix?: string;
  /** A CID's first sighting. */
  firstSeen?: FirstSeen | null;
  quadrant?: 'AAI' | 'ELI' | 'SAI' | 'reserved';
}
