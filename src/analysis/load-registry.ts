/**
 * Loading the registry file, kept apart from the Analyzer so that HTTP threads, which only
 * attach to the shared index, never load the msgpack decoder, and so that the main thread,
 * which only loads the index, never loads the renderers (load-analyzer.ts joins the two).
 */
import { readIndexArtifact, type LoadedIndex } from '../registry/artifact.js';
import { defaultRegistryFile } from '../registry/paths.js';
import type { AnalyzerHandle } from './analyzer.js';
import { compileSpecialTable } from './compile-special-table.js';
import type { SpecialTable } from './special-table.js';
import type { Overlay } from '../hints/overlay.js';
import type { SnapshotFile } from '../registry/snapshot-file.js';

/** The handle of a registry snapshot: its shared index, metadata and CIDs, with a compiled special catalogue and the site overlay. */
export function analyzerHandle(artifact: LoadedIndex, special: SpecialTable, overlay: Overlay | null, file: SnapshotFile | null = null): AnalyzerHandle {
  return { index: artifact.index, meta: artifact.meta, special, cids: { names: artifact.cidNames, prefixes: Array.from(artifact.cids.prefixes), records: Array.from(artifact.cids.records), dates: Array.from(artifact.cids.dates) }, overlay, file };
}

/** Turns a registry artifact file into a shared index plus metadata, with the compiled special catalogue (done once per process). */
export function loadRegistry(file = defaultRegistryFile(), overlay: Overlay | null = null): AnalyzerHandle {
  return analyzerHandle(readIndexArtifact(file), compileSpecialTable(), overlay);
}
