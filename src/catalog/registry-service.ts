/**
 * The registry service of one snapshot: its catalog, vendor search, export files and the JSON
 * texts of its blocks and vendors, each made on the first request that needs it and kept for
 * the snapshot's life. The snapshot object of an HTTP thread (server/generation.ts) owns one,
 * so it goes with the snapshot on a reload; the CLI makes one for the file it reads.
 * Nothing is built at load: built eagerly on every HTTP thread, the catalog cost 108 MB of RSS
 * per thread in the bench (the garbage of the build included), for threads that may never
 * answer a vendor query. The first vendor or export request of a snapshot on a thread waits for
 * the build (about 0.3 s); every later one does not.
 */
import { gzipSync } from 'node:zlib';
import { SharedIndex } from '../registry/shared-index.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import { Catalog } from './catalog.js';
import { renderExport, type ExportFormat } from './export-formats.js';
import { VendorSearch } from './vendor-search.js';

/** An export file's bytes, and their gzip form (made on first demand). */
export interface ExportBody {
  readonly body: Buffer;
  gzip(): Buffer;
}

/** One snapshot's catalog, search, exports and answer texts, each built on first use. */
export class RegistryService {
  private built: Catalog | null = null;
  private searchIndex: VendorSearch | null = null;
  private readonly exports = new Map<ExportFormat, ExportBody>();
  /** Each block's JSON text as the vendor answers list it (vendor-answers.ts), made when first listed. */
  readonly blockTexts: (string | undefined)[] = [];
  /** Each vendor's `blocks` array as JSON text, made when the vendor is first listed. */
  readonly vendorBlockTexts: (string | undefined)[] = [];
  /** The same, newest first (`sort=firstSeen`). */
  readonly vendorBlockTextsNewest: (string | undefined)[] = [];

  /** The service of `snapshot`; `index` is its shared index when the caller has attached it already. */
  constructor(
    readonly snapshot: RegistrySnapshot,
    private readonly index: SharedIndex | null = null,
  ) {}

  /** The data version the answers carry. */
  get version(): string {
    return this.snapshot.meta.version;
  }

  /** The catalog: every block and vendor of the snapshot. */
  get catalog(): Catalog {
    return (this.built ??= new Catalog(this.index ?? SharedIndex.attach(this.snapshot.index), this.snapshot));
  }

  /** The vendor search index (made on the first search: an export does not need it). */
  get search(): VendorSearch {
    return (this.searchIndex ??= new VendorSearch(this.catalog));
  }

  /** The export file in `format`, rendered once. */
  exportOf(format: ExportFormat): ExportBody {
    let e = this.exports.get(format);
    if (!e) {
      const body = Buffer.from(renderExport(this.catalog, format, this.version));
      let gzipped: Buffer | null = null;
      e = { body, gzip: () => (gzipped ??= gzipSync(body, { level: 6 })) };
      this.exports.set(format, e);
    }
    return e;
  }
}
