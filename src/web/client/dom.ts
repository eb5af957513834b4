/** Small DOM helpers: element building (text only, never HTML strings), problem boxes, clipboard copy, downloads. */
import type { Problem } from './api.js';

type Child = Node | string | null | undefined | false;

/** Creates an element with attributes and children; strings become text nodes (no HTML parsing). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Readonly<Record<string, string>> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** The element with this id (the page's skeleton guarantees it). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
}

/** Copies text to the clipboard; falls back to a hidden textarea where the async API is unavailable (plain HTTP). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // permission refused: try the fallback
  }
  const area = h('textarea', { readonly: '', 'aria-hidden': 'true', class: 'offscreen' }, text);
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  return ok;
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, class: 'offscreen' });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An alert box showing the service's localised problem (title and detail). */
export function problemBox(p: Problem): HTMLElement {
  return h('div', { class: 'problem', role: 'alert', 'data-code': p.code }, h('strong', {}, p.title), h('p', {}, p.detail));
}
