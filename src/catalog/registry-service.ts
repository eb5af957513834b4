/**
 * The registry service of one snapshot: its catalog, vendor search, export files and the JSON
 * texts of its blocks and vendors, each made on the first request that needs it and kept for the
 * snapshot's life (owned by server/generation.ts, so it goes with the snapshot on a reload).
 * Nothing is built at load: most HTTP threads never answer a vendor query.
 */
import type { RegistryBlock } from '../contract/openapi-types.js';
import { gzipSync } from 'node:zlib';
import { SharedIndex } from '../registry/shared-index.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import { Catalog } from './catalog.js';
import { renderExport, type ExportFormat } from './export-formats.js';
import { renderBlocksParquet, renderRanges, type RangeFormat } from './range-files.js';
import { flattenRanges, type FlatRanges } from './ranges.js';
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
  private readonly exports = new Map<string, ExportBody>();
  private flat: FlatRanges | null = null;
  /** Each block as the vendor answers list it (vendor-answers.ts), made when first listed. */
  readonly blockValues: (Readonly<RegistryBlock> | undefined)[] = [];

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
    return this.file(format, () => renderExport(this.catalog, format, this.version));
  }

  /** The registry flattened into non-overlapping ranges (ranges.ts), computed once. */
  get ranges(): FlatRanges {
    return (this.flat ??= flattenRanges(this.catalog));
  }

  /** The ranges as a file in `format` (range-files.ts), rendered once. */
  rangesOf(format: RangeFormat): ExportBody {
    return this.file(`ranges-${format}`, () => renderRanges(this.catalog, this.ranges, format));
  }

  /** The blocks as they are, as Parquet (range-files.ts), rendered once. */
  blocksParquet(): ExportBody {
    return this.file('blocks-parquet', () => renderBlocksParquet(this.catalog));
  }

  // A file of this snapshot by key, made by `render` on first demand (its gzip form on the first that asks).
  private file(key: string, render: () => string | Uint8Array): ExportBody {
    let e = this.exports.get(key);
    if (!e) {
      const made = render();
      const body = typeof made === 'string' ? Buffer.from(made) : Buffer.from(made.buffer, made.byteOffset, made.byteLength);
      let gzipped: Buffer | null = null;
      e = { body, gzip: () => (gzipped ??= gzipSync(body, { level: 6 })) };
      this.exports.set(key, e);
    }
    return e;
  }
}
