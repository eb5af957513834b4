/**
 * Build-time mapping of registry country text to ISO 3166-1 alpha-2 codes. oui-data gives
 * English names (a reverse Intl.DisplayNames table covers nearly all); the IEEE CSV files
 * embed the code in the postal address. Records whose country line is missing fall back to
 * address hints (postal-code shapes, regions and cities that name one country).
 */

/** How a record's country was found. */
export type CountryEvidence = 'name' | 'code' | 'hint' | 'none';

/** A resolved country (code null when nothing matched) and how it was found. */
export interface CountryMatch {
  readonly code: string | null;
  readonly via: CountryEvidence;
}

// Region codes that Intl names but that are not ISO 3166-1 countries or territories
// (groupings, and the "exceptionally reserved" codes such as AC and IC).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA']);

// Deprecated codes (UK, FX, SU…) canonicalise to another code; keep only canonical ones.
function isCanonicalRegion(code: string): boolean {
  return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
}

// Older or official spellings seen in registry data that the CLDR names do not use.
const NAME_ALIASES: Readonly<Record<string, string>> = {
  turkey: 'TR',
  'czech republic': 'CZ',
  'korea, republic of': 'KR',
  'republic of korea': 'KR',
  'taiwan, province of china': 'TW',
  'viet nam': 'VN',
  'russian federation': 'RU',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
  burma: 'MM',
  swaziland: 'SZ',
  macedonia: 'MK',
  'united states of america': 'US',
  usa: 'US',
  'iran, islamic republic of': 'IR',
  'moldova, republic of': 'MD',
};

function normalise(name: string): string {
  return name.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ');
}

/** Every ISO 3166-1 alpha-2 code that Intl knows as a country or territory. */
export function isoCountryCodes(): string[] {
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && en.of(code) !== undefined && isCanonicalRegion(code)) codes.push(code);
    }
  }
  return codes;
}

function buildNameTable(): Map<string, string> {
  const table = new Map<string, string>();
  const styles = ['long', 'short'] as const;
  for (const style of styles) {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none', style });
    for (const code of isoCountryCodes()) {
      const name = names.of(code);
      if (name) table.set(normalise(name), code);
    }
  }
  for (const [name, code] of Object.entries(NAME_ALIASES)) table.set(name, code);
  return table;
}

const NAME_TO_CODE = buildNameTable();
const CODES = new Set(isoCountryCodes());

// Names long enough to be searched for inside an address line without false hits.
const SEARCHABLE_NAMES = [...NAME_TO_CODE.entries()]
  .filter(([name]) => name.length >= 5)
  .sort((x, y) => y[0].length - x[0].length)
  .map(([name, code]) => ({ pattern: new RegExp(`(^|[^a-z])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z]|$)`), code }));

const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';

// Address hints for records without a country line: each names exactly one country.
const ADDRESS_HINTS: ReadonlyArray<{ readonly pattern: RegExp; readonly code: string }> = [
  { pattern: new RegExp(`\\b(${US_STATES})\\s+\\d{5}(-\\d{4})?\\s*$`), code: 'US' },
  { pattern: /\b(California|Texas|Massachusetts|Natick|Sunnyvale|Irvine|Houston|Waltham|Austin)\b/i, code: 'US' },
  { pattern: /\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\s*$/, code: 'CA' },
  { pattern: /\bBritish Columbia|Ontario|Quebec\b/i, code: 'CA' },
  { pattern: /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\s*$/, code: 'GB' },
  { pattern: /\b(Guang ?dong|Fujian|Zhejiang|Jiangsu|Shanghai|Beijing|Shen ?zhen|Xiamen|Hangzhou|Dongguan|Zhuhai|Suzhou|Guangzhou|Zhabei)\b/i, code: 'CN' },
  { pattern: /\b(Taipei|Hsinchu|Taichung|Kaohsiung|Taoyuan|Neihu)\b/i, code: 'TW' },
  { pattern: /\b(NRW|Hessen|Bayern|Schleswig-Holstein|Baden-W[uü]rttemberg|Niedersachsen)\b/, code: 'DE' },
  { pattern: /\bMoscow\b/i, code: 'RU' },
  { pattern: /\bTokyo\b/i, code: 'JP' },
  { pattern: /\bIDF\b|\b[ÎI]le-de-France\b/, code: 'FR' },
  { pattern: /\b(Genova|Milano|Torino|Roma)\b/i, code: 'IT' },
  { pattern: /\bV[äa]stra G[öo]taland\b/i, code: 'SE' },
  { pattern: /\bVysocina\b/i, code: 'CZ' },
  { pattern: /\b(DK|SE|NO|FI|CH|AT|BE|NL|FR|IT|ES|PT|PL|CZ|SK|HU|SI|HR|LT|LV|EE|LU)-\d{4,5}\b/, code: '' },
];

/** Looks up an English country name (case-insensitive, CLDR spellings and common aliases). */
export function codeFromCountryName(name: string): string | null {
  return NAME_TO_CODE.get(normalise(name)) ?? null;
}

/** True for an ISO 3166-1 alpha-2 code of a country or territory. */
export function isCountryCode(code: string): boolean {
  return CODES.has(code);
}

/** Guesses the country from free address text; null when no hint is conclusive. */
export function codeFromAddressHints(text: string): string | null {
  for (const { pattern, code } of SEARCHABLE_NAMES) if (pattern.test(text.toLowerCase())) return code;
  for (const { pattern, code } of ADDRESS_HINTS) {
    const m = pattern.exec(text);
    if (m) return code !== '' ? code : m[1];
  }
  return null;
}

/** Resolves the country of an oui-data record from its address lines (the last is the country). */
export function resolveCountryFromLines(lines: readonly string[]): CountryMatch {
  const last = lines[lines.length - 1] ?? '';
  const byName = codeFromCountryName(last);
  if (byName) return { code: byName, via: 'name' };
  const hinted = codeFromAddressHints(lines.join('\n'));
  return hinted ? { code: hinted, via: 'hint' } : { code: null, via: 'none' };
}

/**
 * Resolves the country of an IEEE CSV address, where the code stands between the region and
 * the postal code ("… Cupertino CA US 95014", "… Amsterdam NH NL 1046 AG"). Among the last
 * tokens, a code followed by a token with digits wins; else the last code, except a trailing
 * "NA" (postal code "not applicable"). Returns the address without that token.
 */
export function resolveCountryFromCsvAddress(address: string): CountryMatch & { readonly address: string } {
  const tokens = address.trim().split(/\s+/).filter((x) => x.length > 0);
  const from = Math.max(0, tokens.length - 5);
  const candidates: number[] = [];
  for (let i = tokens.length - 1; i >= from; i--) {
    if (tokens[i].length === 2 && isCountryCode(tokens[i])) candidates.push(i);
  }
  const beforePostcode = candidates.find((i) => /\d/.test(tokens[i + 1] ?? ''));
  const last = candidates.find((i) => !(tokens[i] === 'NA' && i === tokens.length - 1 && candidates.length > 1));
  const at = beforePostcode ?? last;
  if (at !== undefined) {
    const rest = [...tokens.slice(0, at), ...tokens.slice(at + 1)].join(' ');
    return { code: tokens[at], via: 'code', address: rest };
  }
  const joined = tokens.join(' ');
  const hinted = codeFromAddressHints(joined);
  return hinted ? { code: hinted, via: 'hint', address: joined } : { code: null, via: 'none', address: joined };
}
