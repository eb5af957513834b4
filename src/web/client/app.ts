/** Entry point of the page: static texts, the FR/EN switch and the tabs; each tab lives in its own module. */
import { mountBulk } from './bulk.js';
import { byId } from './dom.js';
import { initialLang, lang, setLang, tr, type Lang, type TextKey } from './i18n.js';
import { mountSingle } from './single.js';
import { mountVendors } from './vendors.js';

// Static texts are marked in the HTML: data-i18n (text), data-i18n-placeholder, data-i18n-aria-label.
function applyTexts(): void {
  document.documentElement.lang = lang();
  document.title = tr('page.title');
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = tr(el.dataset.i18n as TextKey);
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-placeholder]')) el.setAttribute('placeholder', tr(el.dataset.i18nPlaceholder as TextKey));
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-aria-label]')) el.setAttribute('aria-label', tr(el.dataset.i18nAriaLabel as TextKey));
  for (const b of document.querySelectorAll<HTMLButtonElement>('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === lang()));
}

// Tabs per the WAI-ARIA pattern: arrow keys, Home and End move between tabs.
function mountTabs(): void {
  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (tab: HTMLButtonElement, focus: boolean) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      byId(t.getAttribute('aria-controls') ?? '').hidden = !on;
    }
    if (focus) tab.focus();
    const url = new URL(location.href);
    url.hash = tab.id === 'tab-single' ? '' : tab.id.slice(4);
    history.replaceState(null, '', url);
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (e) => {
      const to = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : -1;
      if (to < 0) return;
      e.preventDefault();
      select(tabs[to], true);
    });
  });
  select(tabs.find((t) => `#${t.id.slice(4)}` === location.hash) ?? tabs[0], false);
}

setLang(initialLang());
applyTexts();
mountTabs();
const rerenders = [mountSingle(), mountBulk(), mountVendors()];
for (const b of document.querySelectorAll<HTMLButtonElement>('[data-lang]')) {
  b.addEventListener('click', () => {
    const next = b.dataset.lang as Lang;
    if (next === lang()) return;
    setLang(next);
    applyTexts();
    for (const r of rerenders) r();
  });
}
