/** One item of a bulk answer: `{"input":…,"analysis":{…}}` or `{"input":…,"error":{"code","detail"}}`. */
import type { Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { parseMac } from '../mac/parse.js';
import type { Analyzer } from './analyzer.js';

/** Outcome of one bulk item, for summaries. */
export type ItemOutcome = 'analysed' | 'invalid';

/** Renders the JSON text of one bulk item; never throws on bad input. */
export function renderResultItem(analyzer: Analyzer, input: string, lang: Lang): { json: string; outcome: ItemOutcome } {
  const mac = parseMac(input);
  const head = `{"input":${JSON.stringify(input)},`;
  if (typeof mac !== 'number') {
    const error = { code: parseErrorCode(mac), detail: parseErrorDetail(mac, lang) };
    return { json: `${head}"error":${JSON.stringify(error)}}`, outcome: 'invalid' };
  }
  return { json: `${head}"analysis":${analyzer.render(mac, lang)}}`, outcome: 'analysed' };
}
