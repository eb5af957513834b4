/** Reading CSV answers in tests, and what their rows must say. */
import type { Analysis } from '../../src/analysis/types.js';

/** RFC 4180 fields of the row at `from` (quoted fields may hold commas, quotes and newlines), and where the next begins. */
export function parseRow(text: string, from: number): { fields: string[]; next: number } {
  const fields: string[] = [];
  let i = from;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (text[i] === '"' && text[i + 1] === '"') (field += '"'), i++;
        else if (text[i] === '"') break;
        else field += text[i];
      }
      i++;
    } else {
      while (text[i] !== ',' && text[i] !== '\n') field += text[i++];
    }
    fields.push(field);
    if (text[i++] === '\n') return { fields, next: i };
  }
}

/** What a CSV row must say, read from a JSON item (the columns docs/API.md lists). */
export function expectedRow(item: { input: string; analysis?: Analysis; error?: { code: string; detail: string } }): string[] {
  const a = item.analysis;
  const s = (v: string | null | undefined) => v ?? '';
  return [
    item.input,
    s(a?.address.canonical),
    s(a?.bits.ig.meaning),
    s(a?.bits.ul.meaning),
    s(a?.vendor?.name),
    s(a?.vendor?.shortName),
    s(a?.vendor?.registry),
    s(a?.vendor?.prefix),
    s(a?.vendor?.country?.code),
    s(a?.special?.id),
    a ? a.hints.map((h) => `${h.id}:${h.platform ?? h.name ?? h.quadrant ?? ''}`).join(';') : '',
    s(item.error?.code),
    s(item.error?.detail),
  ];
}

/** Every row of a CSV text (header included). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (let at = 0; at < text.length; ) {
    const { fields, next } = parseRow(text, at);
    rows.push(fields);
    at = next;
  }
  return rows;
}
