/** The `fields` projection as the contract states it, applied to a whole analysis: what a projected answer must equal. */
import { FIELD_TREE, TOP_FIELDS } from '../../src/analysis/projection.js';

type Json = Record<string, unknown>;

/** `analysis` cut to the names in `fields` (comma-separated, assumed valid), keeping its order. */
export function project(analysis: Json, fields: string): Json {
  const names = new Set(fields.split(',').map((n) => n.trim()).filter(Boolean));
  const out: Json = {};
  for (const top of TOP_FIELDS) {
    if (!(top in analysis)) continue;
    const value = analysis[top];
    if (names.has(top)) {
      out[top] = value;
      continue;
    }
    const children = (FIELD_TREE[top] as readonly string[]).filter((c) => names.has(`${top}.${c}`));
    if (children.length === 0) continue;
    const pick = (o: Json) => Object.fromEntries(Object.entries(o).filter(([k]) => children.includes(k)));
    out[top] = value === null ? null : Array.isArray(value) ? value.map((e) => pick(e as Json)) : pick(value as Json);
  }
  return out;
}
