/**
 * Loading the registry file, kept apart from the Analyzer so that HTTP threads, which only
 * attach to the shared index, never load the msgpack decoder.
 */
import { readIndexArtifact } from '../registry/artifact.js';
import { defaultRegistryFile } from '../registry/paths.js';
import { SharedIndex } from '../registry/shared-index.js';
import { Analyzer, type AnalyzerHandle } from './analyzer.js';
import { compileSpecialTable } from './compile-special-table.js';

/** Turns a registry artifact file into a shared index plus metadata, with the compiled special catalogue (done once per process). */
export function loadRegistry(file = defaultRegistryFile()): AnalyzerHandle {
  const artifact = readIndexArtifact(file);
  const index = SharedIndex.create(artifact);
  return { index: index.handle, meta: artifact.meta, special: compileSpecialTable() };
}

/** Loads the registry file and returns an analyzer on it. */
export function loadAnalyzer(file?: string): Analyzer {
  return new Analyzer(loadRegistry(file));
}
