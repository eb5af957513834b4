import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { countryName, flagEmoji } from '../src/i18n/countries.js';
import { resolveLang } from '../src/i18n/lang.js';
import { clipEcho, MESSAGES, t, type MessageKey } from '../src/i18n/messages.js';
import { parseErrorDetail } from '../src/i18n/parse-errors.js';
import { parseAddressInput, type InputError } from '../src/mac/derived.js';
import pageEn from '../src/web/client/texts.en.json' with { type: 'json' };
import pageFr from '../src/web/client/texts.fr.json' with { type: 'json' };

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the page's text tables", () => {
  const en: Readonly<Record<string, string>> = pageEn;
  const fr: Readonly<Record<string, string>> = pageFr;

  it('fr and en have exactly the same keys, every text non-empty with the same placeholders', () => {
    expect(Object.keys(fr)).toEqual(Object.keys(en));
    for (const key of Object.keys(en)) {
      expect([key, en[key].trim() !== '', fr[key].trim() !== '']).toEqual([key, true, true]);
      expect([key, placeholders(fr[key])]).toEqual([key, placeholders(en[key])]);
    }
  });
});

describe('message tables', () => {
  const keys = Object.keys(MESSAGES.en) as MessageKey[];

  it('fr and en have exactly the same keys', () => {
    expect(Object.keys(MESSAGES.fr).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s exists, differs by language and keeps its placeholders', (key) => {
    expect(MESSAGES.en[key].trim()).not.toBe('');
    expect(MESSAGES.fr[key].trim()).not.toBe('');
    expect(placeholders(MESSAGES.fr[key])).toEqual(placeholders(MESSAGES.en[key]));
    expect(MESSAGES.fr[key]).not.toBe(MESSAGES.en[key]);
  });

  it('fills placeholders', () => {
    expect(t('fr', 'detail.digit_count', { digits: 10 })).toContain('en a 10');
  });

  it('fills every placeholder of every message as a replace() would, and leaves a missing one as it is', () => {
    const values = ['x', '', '{other}', '$&', '«', 42, 0];
    for (const lang of ['en', 'fr'] as const) {
      for (const key of Object.keys(MESSAGES.en) as MessageKey[]) {
        const names = placeholders(MESSAGES[lang][key]);
        names.forEach((_, n) => {
          // Every name but the n-th given, with a value that looks like a placeholder or a replace() pattern among them.
          const params = Object.fromEntries(names.filter((_, i) => i !== n).map((name, i) => [name, values[i % values.length]]));
          const expected = MESSAGES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
          expect(t(lang, key, params)).toBe(expected);
        });
      }
    }
  });
});

describe('lang', () => {
  it.each([
    [undefined, 'en'], ['', 'en'], ['en', 'en'], ['fr', 'fr'], ['FR', 'fr'], ['fr-CA', 'fr'], ['fr_FR', 'fr'],
    ['Fr-ch', 'fr'], ['de', 'en'], ['french', 'en'], ['f', 'en'], ['en-GB', 'en'],
  ])('%j → %s', (raw, lang) => {
    expect(resolveLang(raw)).toBe(lang);
  });
});

describe('French output on real examples', () => {
  let analyzer: Analyzer;
  beforeAll(() => {
    analyzer = loadAnalyzer();
  });

  it('localises labels and country names, never codes', () => {
    const r = analyzer.analyze('00:03:93:ab:12:34', 'fr');
    if (!r.ok) throw new Error(r.detail);
    expect(r.analysis.bits.ig).toEqual({ value: 0, meaning: 'individual', label: 'Adresse individuelle : désigne une seule interface (unicast).' });
    expect(r.analysis.bits.ul.meaning).toBe('universal');
    expect(r.analysis.vendor?.country).toEqual({ code: 'US', name: 'États-Unis' });
    expect(r.analysis.vendor?.registry).toBe('MA-L');
  });

  it('localises special entries but not their id and references', () => {
    const r = analyzer.analyze('ff:ff:ff:ff:ff:ff', 'fr');
    if (!r.ok) throw new Error(r.detail);
    expect(r.analysis.special).toMatchObject({ id: 'broadcast', title: 'Adresse de diffusion', references: ['IEEE 802-2014 §8.2', 'RFC 894'] });
    expect(r.analysis.bits.transmission).toBe('broadcast');
  });

  it('country names and flags come from the ISO code', () => {
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(flagEmoji('FR')).toBe('🇫🇷');
  });

  it.each(['', 'zz', '00:03-93:ab:12:34', '000393ab12', '00:03:93:ab:12', '00:03:93:ab:12:345', 'fe80::1', 'x'.repeat(70)])(
    'explains %j in both languages',
    (input) => {
      const e = parseAddressInput(input) as InputError;
      const en = parseErrorDetail(e, 'en');
      const fr = parseErrorDetail(e, 'fr');
      expect(en).not.toMatch(/\{\w+\}/);
      expect(fr).not.toMatch(/\{\w+\}/);
      expect(fr).not.toBe(en);
    },
  );
});

describe('clipEcho', () => {
  it('keeps up to 256 characters, then marks the cut, never inside a surrogate pair', () => {
    expect(clipEcho('a'.repeat(256))).toBe('a'.repeat(256));
    expect(clipEcho('a'.repeat(257))).toBe(`${'a'.repeat(256)}…`);
    const emoji = `${'a'.repeat(255)}🇫🇷`; // the flag's first code unit is the 256th
    expect(clipEcho(`${emoji}tail`)).toBe(`${'a'.repeat(255)}…`);
    expect(t('en', 'detail.not_found', { path: `/${'p'.repeat(300)}` })).toBe(`There is no resource at /${'p'.repeat(255)}….`);
  });
});
