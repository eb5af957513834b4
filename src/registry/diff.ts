/**
 * What changed between two registry snapshots, block by block: blocks added and removed,
 * blocks whose organisation was renamed, and blocks whose country moved, per registry. Used
 * by the updater (printed) and by the service after a reload (/api/registry).
 */
import type { RegistryMeta } from './artifact.js';
import { SharedIndex, type SharedIndexHandle } from './shared-index.js';
import { WIDTHS, type Width } from './widths.js';
import { REGISTRY_OF_WIDTH } from './kinds.js';

/** Changes of one registry. */
export interface RegistryChanges {
  readonly added: number;
  readonly removed: number;
  readonly renamed: number;
  readonly movedCountry: number;
}

/** Changes per registry (IAB blocks count under MA-S, as they are reported). */
export interface RegistryDiff {
  readonly from: string;
  readonly to: string;
  readonly registries: Readonly<Record<'MA-L' | 'MA-M' | 'MA-S', RegistryChanges>>;
  /** A few examples of each kind of change, for people. */
  readonly examples: readonly string[];
}


interface Block {
  readonly name: string | null;
  readonly country: string | null;
}

/** What a diff reads of a snapshot: a RegistryArtifact, or an index in memory (diffableOf). */
export interface DiffableSnapshot {
  readonly meta: RegistryMeta;
  readonly tables: Readonly<Record<Width, { readonly prefixes: ArrayLike<number>; readonly records: ArrayLike<number> }>>;
  readonly records: readonly Block[];
}

/** What a diff reads of the snapshot of `meta` whose shared index is `handle` (its records decoded from the index). */
export function diffableOf(meta: RegistryMeta, handle: SharedIndexHandle): DiffableSnapshot {
  const index = SharedIndex.attach(handle);
  return { meta, tables: { 24: index.blocksOf(24), 28: index.blocksOf(28), 36: index.blocksOf(36) }, records: Array.from({ length: meta.records }, (_, r) => index.vendors.record(r)) };
}

// Every block of a snapshot, keyed by width and prefix.
function blocks(a: DiffableSnapshot): Map<string, Block> {
  const out = new Map<string, Block>();
  for (const w of WIDTHS) {
    const t = a.tables[w];
    for (let i = 0; i < t.prefixes.length; i++) {
      const r = a.records[t.records[i]];
      out.set(`${w}:${t.prefixes[i].toString(16).toUpperCase().padStart(w / 4, '0')}`, { name: r.name, country: r.country });
    }
  }
  return out;
}

const MAX_EXAMPLES = 5;

/** The changes from snapshot `before` to snapshot `after`. */
export function diffSnapshots(before: DiffableSnapshot, after: DiffableSnapshot): RegistryDiff {
  const zero = (): { added: number; removed: number; renamed: number; movedCountry: number } => ({ added: 0, removed: 0, renamed: 0, movedCountry: 0 });
  const registries = { 'MA-L': zero(), 'MA-M': zero(), 'MA-S': zero() };
  const examples: Record<keyof RegistryChanges, string[]> = { added: [], removed: [], renamed: [], movedCountry: [] };
  const note = (kind: keyof RegistryChanges, key: string, text: string) => {
    const width = Number(key.split(':')[0]) as Width;
    registries[REGISTRY_OF_WIDTH[width]][kind]++;
    if (examples[kind].length < MAX_EXAMPLES) examples[kind].push(text);
  };
  const old = blocks(before);
  const now = blocks(after);
  for (const [key, b] of now) {
    const prefix = key.split(':')[1];
    const was = old.get(key);
    if (!was) note('added', key, `added ${prefix} ${b.name ?? '(private)'}`);
    else {
      if (was.name !== b.name) note('renamed', key, `renamed ${prefix} ${was.name ?? '(private)'} → ${b.name ?? '(private)'}`);
      if (was.country !== b.country) note('movedCountry', key, `moved ${prefix} ${b.name ?? '(private)'} ${was.country ?? '?'} → ${b.country ?? '?'}`);
    }
  }
  for (const [key, b] of old) if (!now.has(key)) note('removed', key, `removed ${key.split(':')[1]} ${b.name ?? '(private)'}`);
  return { from: before.meta.version, to: after.meta.version, registries, examples: [...examples.added, ...examples.removed, ...examples.renamed, ...examples.movedCountry] };
}

/** One line per registry, for people: "MA-L +12 -3, 5 renamed, 2 moved country". */
export function describeDiff(d: RegistryDiff): string[] {
  return Object.entries(d.registries).map(([k, c]) => `${k}: +${c.added} -${c.removed}, ${c.renamed} renamed, ${c.movedCountry} moved country`);
}
