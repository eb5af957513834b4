/** Localised explanation and error code of a MAC parse failure. */
import type { InputError } from '../mac/derived.js';
import type { Lang } from './lang.js';
import { t, type MessageKey } from './messages.js';

/** The API error code of a parse failure: nothing given is `missing_mac`, the rest `invalid_mac`. */
export function parseErrorCode(e: InputError): 'missing_mac' | 'invalid_mac' {
  return e.kind === 'empty' ? 'missing_mac' : 'invalid_mac';
}

/** A sentence that says what is wrong with the input, in `lang` (key `detail.<kind>`, filled from the error). */
export function parseErrorDetail(e: InputError, lang: Lang): string {
  const key: MessageKey = `detail.${e.kind}`;
  return t(lang, key, e);
}
