/** An analyzer on the registry file, in one call (the CLI's tools, tests and benches; the service loads the two apart). */
import { Analyzer } from './analyzer.js';
import { loadRegistry } from './load-registry.js';

/** Loads the registry file and returns an analyzer on it. */
export function loadAnalyzer(file?: string): Analyzer {
  return new Analyzer(loadRegistry(file));
}
