/**
 * The catalog, vendor search and export files of the snapshot a thread serves: built on the
 * first request that needs them, once per snapshot and thread, and dropped with the snapshot.
 * Not at load: built eagerly on every HTTP thread, they cost 108 MB of RSS per thread in the
 * bench (the garbage of the build included), for threads that may never answer a vendor query.
 * The first vendor or export request of a snapshot on a thread waits for the build (about
 * 0.3 s); every later one does not.
 */
import { gzipSync } from 'node:zlib';
import type { Analyzer } from '../analysis/analyzer.js';
import { Catalog } from './catalog.js';
import { renderExport, type ExportFormat } from './export-formats.js';
import { VendorSearch } from './vendor-search.js';

/** An export file's bytes, and their gzip form (made on first demand). */
export interface ExportBody {
  readonly body: Buffer;
  gzip(): Buffer;
}

interface Served {
  readonly catalog: Catalog;
  /** Made on the first search (an export does not need it). */
  search: VendorSearch | null;
  readonly exports: Map<ExportFormat, ExportBody>;
}

const served = new WeakMap<Analyzer, Served>();

// What a snapshot serves, built on first use.
function servedOf(analyzer: Analyzer): Served {
  let s = served.get(analyzer);
  if (!s) {
    const catalog = new Catalog(analyzer.index, analyzer.handle);
    s = { catalog, search: null, exports: new Map() };
    served.set(analyzer, s);
  }
  return s;
}

/** The catalog of the snapshot `analyzer` reads. */
export function catalogOf(analyzer: Analyzer): Catalog {
  return servedOf(analyzer).catalog;
}

/** The vendor search index of that snapshot. */
export function searchOf(analyzer: Analyzer): VendorSearch {
  const s = servedOf(analyzer);
  return (s.search ??= new VendorSearch(s.catalog));
}

/** The export file of that snapshot in `format`, rendered once. */
export function exportOf(analyzer: Analyzer, format: ExportFormat): ExportBody {
  const s = servedOf(analyzer);
  let e = s.exports.get(format);
  if (!e) {
    const body = Buffer.from(renderExport(s.catalog, format, analyzer.meta.version));
    let gzipped: Buffer | null = null;
    e = { body, gzip: () => (gzipped ??= gzipSync(body, { level: 6 })) };
    s.exports.set(format, e);
  }
  return e;
}
