/** The service's API as this page uses it (same origin): the shapes it reads and the calls it makes. */
import type { AddressFormats, Analysis as ServerAnalysis } from '../../analysis/types.js';
import type { PrefixListing, Problem as ServerProblem, RegistryBlock, RegistryMeta, VendorSearch } from '../../contract/openapi-types.js';
import type { Lang } from './i18n.js';

export type { RegistryBlock };

/** The formats of the `address` member, in the order the page lists them. */
export const FORMAT_KEYS = ['canonical', 'hexadecimal', 'dashed', 'cisco', 'eui64', 'ipv6InterfaceId', 'ipv6LinkLocal', 'bitReversed'] as const satisfies ReadonlyArray<keyof AddressFormats>;

/** The `address` member of an analysis: one string per format. */
export type Formats = AddressFormats;

/** An analysis, as GET /api/mac/:mac returns it: the server's own type (src/analysis/types.ts), not a copy. */
export type Analysis = ServerAnalysis;

/** An RFC 9457 problem, localised by the service. */
export type Problem = ServerProblem;

/** What the bulk table shows of each analysis: the extract call asks for these members only (`fields`), about a sixth of the bytes. */
export const BULK_FIELDS = 'address.canonical,bits.transmission,bits.ul,vendor.name,vendor.registry,vendor.country,vendor.flag,special.title,hints.title';

/** An analysis projected to BULK_FIELDS. */
export interface BulkAnalysis {
  address: Pick<Formats, 'canonical'>;
  bits: Pick<Analysis['bits'], 'transmission' | 'ul'>;
  vendor: Pick<NonNullable<Analysis['vendor']>, 'name' | 'registry' | 'country' | 'flag'> | null;
  special: Pick<NonNullable<Analysis['special']>, 'title'> | null;
  hints: Array<Pick<Analysis['hints'][number], 'title'>>;
}

/** One address found by POST /api/mac/extract. */
export interface Found {
  input: string;
  line: number;
  context: string;
  analysis: BulkAnalysis;
}

/** The outcome of a call: the value, or the service's problem. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

async function outcome<T>(res: Response): Promise<Outcome<T>> {
  const body = (await res.json()) as unknown;
  return res.ok ? { ok: true, value: body as T } : { ok: false, problem: body as Problem };
}

/** Analyses one address (GET /api/mac/:mac). */
export async function analyse(mac: string, lang: Lang, signal: AbortSignal): Promise<Outcome<Analysis>> {
  return outcome(await fetch(`/api/mac/${encodeURIComponent(mac)}?lang=${lang}`, { signal }));
}

/** Finds and analyses every address in pasted text (POST /api/mac/extract). */
export async function extract(text: string, lang: Lang): Promise<Outcome<{ count: number; truncated: boolean; items: Found[] }>> {
  return outcome(await fetch(`/api/mac/extract?lang=${lang}&fields=${BULK_FIELDS}`, { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: text }));
}

/** The download formats, as the batch endpoint's Accept types. */
export const DOWNLOAD_TYPES = { csv: 'text/csv', ndjson: 'application/x-ndjson' } as const;

/** Analyses `inputs` with POST /api/mac/batch in a download format; the answer as a Blob. */
export async function batchFile(inputs: readonly string[], format: keyof typeof DOWNLOAD_TYPES, lang: Lang): Promise<Outcome<Blob>> {
  const res = await fetch(`/api/mac/batch?lang=${lang}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: DOWNLOAD_TYPES[format] },
    body: JSON.stringify(inputs),
  });
  if (!res.ok) return { ok: false, problem: (await res.json()) as Problem };
  return { ok: true, value: await res.blob() };
}

/** A vendor found by GET /api/vendors?q=. */
export type FoundVendor = VendorSearch['vendors'][number];

/** A block around a prefix (GET /api/vendors?prefix=), with its vendor. */
export type PrefixBlock = PrefixListing['blocks'][number];

/** Searches vendors by name (GET /api/vendors?q=). */
export async function searchVendors(q: string, lang: Lang, signal: AbortSignal): Promise<Outcome<VendorSearch>> {
  return outcome(await fetch(`/api/vendors?q=${encodeURIComponent(q)}&lang=${lang}&limit=50`, { signal }));
}

/** Every block containing a prefix or inside it (GET /api/vendors?prefix=). */
export async function blocksAround(prefix: string, lang: Lang, signal: AbortSignal): Promise<Outcome<PrefixListing>> {
  return outcome(await fetch(`/api/vendors?prefix=${encodeURIComponent(prefix)}&lang=${lang}&limit=200`, { signal }));
}

/** GET /api/registry: the snapshot's metadata, the registry over time among it. */
export type RegistryInfo = RegistryMeta;

/** The snapshot's metadata (GET /api/registry). */
export async function registryInfo(signal?: AbortSignal): Promise<Outcome<RegistryInfo>> {
  return outcome(await fetch('/api/registry', { signal }));
}
