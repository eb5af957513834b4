/**
 * Short vendor names (at most 12 characters), in the spirit of Wireshark's manuf short
 * names: "Apple", "Cisco", "HP", "TpLink", "Bilian". Computed at build time from the IEEE
 * organisation name, by these steps:
 * 1. a well-known short form when the name starts with one ("Hewlett Packard" → "HP");
 * 2. drop what is in parentheses, accents, and punctuation ("Tp-Link" → "Tp Link");
 * 3. drop legal suffixes ("Inc", "Co", "Ltd", "GmbH"…), generic words ("Technology",
 *    "Electronics", "Systems"…) and a leading Chinese city or province when words remain;
 * 4. title-case words written in capitals (acronyms of up to 4 letters stay);
 * 5. join the first words without spaces, and cut at 12 characters.
 * A name that is all generic words keeps its first word.
 */

/** The longest short name. */
export const SHORT_NAME_MAX = 12;

// Names that are better known by another short form (lower case, after step 2, as prefixes).
const WELL_KNOWN: ReadonlyArray<readonly [string, string]> = [
  ['hewlett packard enterprise', 'HPE'],
  ['hewlett packard', 'HP'],
  ['hewlettpackard', 'HP'],
  ['international business machines', 'IBM'],
  ['texas instruments', 'TI'],
  ['advanced micro devices', 'AMD'],
  ['general electric', 'GE'],
  ['lg electronics', 'LG'],
  ['lg innotek', 'LGInnotek'],
  ['nippon telegraph and telephone', 'NTT'],
  ['american power conversion', 'APC'],
  ['british telecommunications', 'BT'],
  ['zte corporation', 'ZTE'],
  ['tp link', 'TpLink'],
  ['d link', 'DLink'],
];

const LEGAL = new Set([
  'inc', 'incorporated', 'corp', 'corporation', 'corporate', 'co', 'company', 'cos', 'ltd', 'limited', 'llc', 'lp', 'llp', 'plc',
  'gmbh', 'mbh', 'ag', 'kg', 'ohg', 'ug', 'se', 'sa', 'sas', 'sarl', 'srl', 'spa', 'sl', 'slu', 'bv', 'nv', 'oy', 'oyj', 'ab', 'as', 'asa', 'aps',
  'kk', 'pty', 'pte', 'pvt', 'sdn', 'bhd', 'tbk', 'jsc', 'ojsc', 'cjsc', 'zao', 'ooo', 'sro', 'spol', 'zoo', 'doo', 'ltda', 'eireli', 'cv', 'de',
  'sp', 'kft', 'zrt', 'bvba', 'vzw', 'ehf', 'hf', 'oü', 'ou', 'uab', 'ad', 'ead', 'dd', 'sac', 'saic', 'saa',
]);

const GENERIC = new Set([
  'the', 'and', 'of', 'for', 'technology', 'technologies', 'tech', 'techno', 'electronics', 'electronic', 'electric', 'electrical', 'communications',
  'communication', 'telecommunications', 'telecom', 'systems', 'system', 'networks', 'network', 'networking', 'international', 'intl',
  'industries', 'industrial', 'industry', 'group', 'holdings', 'holding', 'enterprises', 'enterprise', 'solutions', 'solution',
  'manufacturing', 'manufacturer', 'products', 'product', 'devices', 'device', 'equipment', 'engineering', 'science', 'sciences',
  'information', 'digital', 'intelligent', 'smart', 'trading', 'development', 'developments', 'services', 'service', 'software',
  'hardware', 'computer', 'computers', 'computing', 'instruments', 'instrument', 'labs', 'laboratories', 'laboratory', 'research',
  'design', 'global', 'worldwide', 'america', 'americas', 'europe', 'asia', 'usa', 'import', 'export', 'imp', 'exp',
]);

// Leading places that many registrations start with and that say nothing of the vendor.
const PLACES = new Set([
  'shenzhen', 'guangzhou', 'guangdong', 'dongguan', 'zhuhai', 'foshan', 'zhongshan', 'huizhou', 'beijing', 'shanghai', 'hangzhou',
  'zhejiang', 'jiangsu', 'suzhou', 'nanjing', 'wuxi', 'ningbo', 'xiamen', 'fujian', 'fuzhou', 'qingdao', 'shandong', 'chengdu',
  'sichuan', 'wuhan', 'hubei', 'tianjin', 'hefei', 'anhui', 'chongqing', 'xian', 'changsha', 'hunan', 'jiangxi', 'henan', 'hebei',
  'liaoning', 'dalian', 'shenyang', 'yunnan', 'guangxi', 'hainan', 'kunshan', 'changzhou', 'taizhou', 'wenzhou', 'jinan', 'zhengzhou',
]);

function titleCase(word: string): string {
  return word.length <= 4 ? word : word[0] + word.slice(1).toLowerCase();
}

/** The short name of an organisation name, or null for none (a private registration). */
export function shortName(name: string | null): string | null {
  if (name === null || name.trim() === '') return null;
  const plain = name
    .replace(/\([^)]*\)/g, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const lower = plain.toLowerCase();
  for (const [prefix, short] of WELL_KNOWN) if (lower === prefix || lower.startsWith(`${prefix} `)) return short;
  const words = plain.split(' ').filter((w) => w.length > 0);
  let kept = words.filter((w) => !LEGAL.has(w.toLowerCase()) && !GENERIC.has(w.toLowerCase()));
  while (kept.length > 1 && PLACES.has(kept[0].toLowerCase())) kept = kept.slice(1);
  if (kept.length === 0) kept = words.slice(0, 1);
  let out = '';
  for (const word of kept) {
    const w = /^[\p{Lu}\p{N}]+$/u.test(word) ? titleCase(word) : word[0].toUpperCase() + word.slice(1);
    if (out.length > 0 && out.length + w.length > SHORT_NAME_MAX) break;
    out += w;
  }
  return out.slice(0, SHORT_NAME_MAX) || null;
}
