/**
 * The `derivedFrom` member of an analysis whose MAC came from an EUI-64 or an IPv6 address
 * (mac/derived.ts): written after the analysis's last member, in place of its closing brace.
 */
import type { DerivedMac } from '../mac/derived.js';

/** `,"derivedFrom":{"kind":…,"value":…}}`: what replaces the final `}` of the analysis of `input`. */
export function derivedFromTail(d: DerivedMac, input: string): string {
  return `,"derivedFrom":${JSON.stringify({ kind: d.kind, value: input })}}`;
}
