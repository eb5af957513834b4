/**
 * The `fields` projection: which members of the analysis an answer keeps. A
 * name is a top-level member or a member one level down; the answer keeps the analysis' shape
 * and order. Parsed once per request into a canonical form, which is also the key of the
 * answer plans (plan.ts) and part of a projected GET's ETag.
 */
import { ANALYSIS_MEMBERS } from '../contract/openapi-types.js';

/** The analysis' members and their own members, in the order an analysis writes them: the document's (the answers' one source). */
export const FIELD_TREE = ANALYSIS_MEMBERS;

/** A top-level member of the analysis. */
export type TopField = keyof typeof FIELD_TREE;

/** The top-level members, in order. */
export const TOP_FIELDS = Object.keys(FIELD_TREE) as TopField[];

/** Every accepted name: each top-level member, then its members as `parent.child`. */
export const FIELD_NAMES: readonly string[] = TOP_FIELDS.flatMap((top) => [top, ...FIELD_TREE[top].map((c) => `${top}.${c}`)]);

/** A name `fields` accepts (a member, or a member's own member), as a type: a table keyed by these fails the build when the document drops one. */
export type FieldName = { [T in TopField]: T | `${T}.${(typeof FIELD_TREE)[T][number]}` }[TopField];

/** Longest `fields` value read, in characters (every accepted name once fits in it). */
export const FIELDS_MAX_LENGTH = 1024;

/** A parsed projection: per kept top-level member, null (whole) or the kept members (in order). */
export interface Projection {
  /** Canonical form: the kept names in analysis order, comma-separated. */
  readonly key: string;
  readonly members: ReadonlyMap<TopField, readonly string[] | null>;
}

/** A `fields` value parsed: the projection (null for the whole analysis), or the names not accepted. */
export type FieldsResult = { readonly ok: true; readonly projection: Projection | null } | { readonly ok: false; readonly unknown: readonly string[] };

const ACCEPTED = new Set(FIELD_NAMES);

/**
 * The names of a `fields` value: comma-separated, blanks around them and empty ones ignored.
 * Null when there are none (the whole answer); the names not in `accepted`, once each, when
 * there are any; a value over FIELDS_MAX_LENGTH is refused whole.
 */
export function readFieldNames(raw: string | null | undefined, accepted: ReadonlySet<string> | ReadonlyMap<string, unknown>): { readonly names: ReadonlySet<string> } | { readonly unknown: readonly string[] } | null {
  if (raw === null || raw === undefined) return null;
  if (raw.length > FIELDS_MAX_LENGTH) return { unknown: [raw] };
  const names = raw.split(',').map((n) => n.trim()).filter((n) => n.length > 0);
  if (names.length === 0) return null;
  const unknown = names.filter((n) => !accepted.has(n));
  return unknown.length > 0 ? { unknown: [...new Set(unknown)] } : { names: new Set(names) };
}

/** Parses a `fields` value for a JSON or msgpack answer (readFieldNames). */
export function parseFields(raw: string | null | undefined): FieldsResult {
  const read = readFieldNames(raw, ACCEPTED);
  if (read === null) return { ok: true, projection: null };
  return 'unknown' in read ? { ok: false, unknown: read.unknown } : { ok: true, projection: projectionOf(read.names) };
}

// A member named whole wins over its children; children keep the analysis' order.
function projectionOf(names: ReadonlySet<string>): Projection {
  const members = new Map<TopField, readonly string[] | null>();
  const key: string[] = [];
  for (const top of TOP_FIELDS) {
    if (names.has(top)) {
      members.set(top, null);
      key.push(top);
      continue;
    }
    const children = FIELD_TREE[top].filter((c) => names.has(`${top}.${c}`));
    if (children.length === 0) continue;
    members.set(top, children);
    key.push(...children.map((c) => `${top}.${c}`));
  }
  return { key: key.join(','), members };
}

const parsed = new Map<string, Projection | null>();

/** The projection of a canonical key (as carried by a pool task); memoised. */
export function projectionFromKey(key: string): Projection | null {
  let p = parsed.get(key);
  if (p === undefined) {
    const result = parseFields(key);
    if (!result.ok) throw new RangeError(`not a projection key: ${key}`);
    p = result.projection;
    if (parsed.size < 256) parsed.set(key, p);
  }
  return p;
}
