/**
 * The changes feed (docs/API.md, GET /api/registry/changes): the blocks first seen in a range
 * of days, newest first, paged, as JSON, NDJSON or CSV rows of the export. It is the "new OUIs
 * this week" feed an inventory or SIEM job polls (deploy/tools/registry-changes.sh).
 */
import type { ChangesPage } from '../contract/openapi-types.js';
import { EXPORT_CSV_HEADER, exportCsvRow, exportedBlock } from './export-formats.js';
import type { RegistryService } from './registry-service.js';

/** Default and largest page of the feed. */
export const CHANGES_LIMIT = { default: 100, max: 1000 } as const;

/** The feed's formats. */
export const CHANGES_FORMATS = ['json', 'ndjson', 'csv'] as const;

/** A format of the feed. */
export type ChangesFormat = (typeof CHANGES_FORMATS)[number];

const DAY_MS = 86_400_000;

/** The day number (days since 1970-01-01) of a calendar date `YYYY-MM-DD` from 1970 on, or null (2025-02-30 is null). */
export function dayOf(raw: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  const ms = Date.parse(`${raw}T00:00:00Z`);
  if (!Number.isFinite(ms) || ms < 0 || new Date(ms).toISOString().slice(0, 10) !== raw) return null;
  return ms / DAY_MS;
}

/** A page of the feed, as data: the range asked, how many blocks it holds, and this page's block indices. */
export interface ChangesAnswer {
  readonly since: string;
  /** The last day asked, or null for no end. */
  readonly until: string | null;
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  readonly blocks: ArrayLike<number>;
}

/** The blocks first seen from `since` to `until` (YYYY-MM-DD, checked by dayOf; null: no end): `limit` of them from `offset`. */
export function changesAnswer(service: RegistryService, since: string, until: string | null, offset: number, limit: number): ChangesAnswer {
  const all = service.catalog.firstSeenBetween(dayOf(since)!, until === null ? Number.MAX_SAFE_INTEGER : dayOf(until)!);
  return { since, until, total: all.length, offset, limit, blocks: all.subarray(offset, offset + limit) };
}

/** A page of the feed as the API's value: `{since, until, total, offset, limit, items}`. */
export function changesValue(service: RegistryService, answer: ChangesAnswer): ChangesPage {
  const { since, until, total, offset, limit } = answer;
  return { since, until, total, offset, limit, items: Array.from(answer.blocks, (i) => exportedBlock(service.catalog, i)) };
}

/** A page of the feed as text: JSON (changesValue), NDJSON lines, or CSV with the export's header. */
export function changesText(service: RegistryService, answer: ChangesAnswer, format: ChangesFormat): string {
  const catalog = service.catalog;
  const blocks = Array.from(answer.blocks);
  if (format === 'csv') return `${[EXPORT_CSV_HEADER, ...blocks.map((i) => exportCsvRow(catalog, catalog.block(i)))].join('\n')}\n`;
  if (format === 'json') return JSON.stringify(changesValue(service, answer));
  return blocks.map((i) => `${JSON.stringify(exportedBlock(catalog, i))}\n`).join('');
}
