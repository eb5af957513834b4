/**
 * One registry snapshot as the HTTP layer serves it: the analyzer, the snapshot the registry
 * routes build their service on, the bulk pool, and the strings every answer of that snapshot
 * shares (made once). The server's
 * snapshot object (server/generation.ts) implements it; every route reads `current()` once, at
 * its start, so a reload between two requests changes what the next one sees, never half of
 * one, and is one assignment.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import type { SnapshotPool } from '../batch/pool-client.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import type { RegistryDiff } from '../registry/diff.js';
import type { SnapshotFile } from '../registry/snapshot-file.js';
import { LANGS, type Lang } from '../i18n/lang.js';
import { BASE_HEADERS } from './headers.js';
import { HeaderLines } from './header-lines.js';
import { JSON_TYPE } from './request-facts.js';
import { CONTRACT_VERSION } from '../contract/openapi-types.js';
import { projectManifest } from '../registry/paths.js';

/** What /api/registry adds about the snapshot served before this one (after a reload). */
export interface PreviousSnapshot {
  readonly version: string;
  readonly reloadedAt: string;
  readonly diff: RegistryDiff | null;
}

/** The strings the answers of one snapshot share, made once per snapshot. */
export interface SnapshotStrings {
  readonly dataVersion: string;
  /** An analysis ETag's opening: `"` and the render version, then `-`. */
  readonly etagPrefix: string;
  /**
   * An analysis's constant header lines, by audience and language (ETag and X-Request-Id
   * follow them as the reply's own): `ok` with its Content-Type, `notModified` without
   * (RFC 9110 §15.4.5).
   */
  readonly analysisHeaders: Readonly<Record<'cors' | 'plain', Readonly<Record<Lang, AnalysisHeaders>>>>;
  /** The /api/registry body: the snapshot's metadata and what it replaced. */
  readonly registryBody: string;
}

/** The constant header lines of an analysis answer and of its 304. */
export interface AnalysisHeaders {
  readonly ok: HeaderLines;
  readonly notModified: HeaderLines;
}

/** One snapshot, as the routes use it. A request keeps the one it started on to its end. */
export interface ServedSnapshot {
  readonly analyzer: Analyzer;
  /** The snapshot the registry routes' service (catalog, search, exports) is built on, on first use (vendor-routes.ts). */
  readonly registrySnapshot: RegistrySnapshot;
  readonly strings: SnapshotStrings;
  /** The bulk pool of this snapshot (started on first use), or null to do everything on this thread. */
  readonly pool: () => Promise<SnapshotPool | null>;
  /** Marks a request in flight on this snapshot; call the result when it has ended. */
  readonly hold: () => () => void;
  /** The snapshot's file (GET /api/registry/snapshot), or null where none is served. */
  readonly file: SnapshotFile | null;
}

const ANALYSIS_CACHE = 'public, max-age=86400';

/** The service answering, in /api/registry: its version and the API contract's. */
export const SERVICE = { version: projectManifest().version, contract: CONTRACT_VERSION } as const;

/** The shared strings of the snapshot `analyzer` reads, which replaced `previous` (null at start). */
export function snapshotStrings(analyzer: Analyzer, previous: PreviousSnapshot | null): SnapshotStrings {
  const dataVersion = analyzer.meta.version;
  const perLang = (cors: boolean) =>
    Object.fromEntries(
      LANGS.map((l) => {
        const constant = ['Cache-Control', ANALYSIS_CACHE, 'X-Data-Version', dataVersion, ...BASE_HEADERS[cors ? 'cors' : 'plain'][l]];
        return [l, { ok: new HeaderLines(['Content-Type', JSON_TYPE, ...constant]), notModified: new HeaderLines(constant) }];
      }),
    ) as Record<Lang, AnalysisHeaders>;
  return {
    dataVersion,
    etagPrefix: `"${analyzer.renderVersion}-`,
    analysisHeaders: { cors: perLang(true), plain: perLang(false) },
    registryBody: JSON.stringify({ ...analyzer.meta, previous, service: SERVICE }),
  };
}
