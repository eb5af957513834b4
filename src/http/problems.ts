/** The error table of docs/API.md (code → status → title) and RFC 9457 problem bodies. */
import type { Lang } from '../i18n/lang.js';
import { clipEcho, t, type MessageKey } from '../i18n/messages.js';

/** Every error code the API returns. */
export type ProblemCode =
  | 'missing_mac'
  | 'invalid_mac'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_body'
  | 'invalid_fields'
  | 'invalid_query'
  | 'invalid_prefix'
  | 'invalid_format'
  | 'invalid_date'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'bad_request'
  | 'request_timeout'
  | 'headers_too_large'
  | 'http_version_not_supported'
  | 'unavailable'
  | 'internal';

/** HTTP status line of each code. */
export const PROBLEM_STATUS: Readonly<Record<ProblemCode, string>> = {
  missing_mac: '400 Bad Request',
  invalid_mac: '422 Unprocessable Content',
  not_found: '404 Not Found',
  method_not_allowed: '405 Method Not Allowed',
  invalid_body: '400 Bad Request',
  invalid_fields: '400 Bad Request',
  invalid_query: '400 Bad Request',
  invalid_prefix: '400 Bad Request',
  invalid_format: '400 Bad Request',
  invalid_date: '400 Bad Request',
  payload_too_large: '413 Content Too Large',
  unsupported_media_type: '415 Unsupported Media Type',
  rate_limited: '429 Too Many Requests',
  bad_request: '400 Bad Request',
  request_timeout: '408 Request Timeout',
  headers_too_large: '431 Request Header Fields Too Large',
  http_version_not_supported: '505 HTTP Version Not Supported',
  unavailable: '503 Service Unavailable',
  internal: '500 Internal Server Error',
};

/** The problem `type` URI of a code (stable, not meant to be fetched). */
export function problemType(code: ProblemCode): string {
  return `urn:mac-analysis:problem:${code}`;
}

/** The JSON text of an RFC 9457 problem body; `instance` (the request path) is clipped (clipEcho). */
export function problemBody(code: ProblemCode, lang: Lang, detail: string, instance: string): string {
  return JSON.stringify({
    type: problemType(code),
    title: t(lang, `error.${code}.title` as MessageKey),
    status: Number(PROBLEM_STATUS[code].slice(0, 3)),
    code,
    detail,
    instance: clipEcho(instance),
  });
}
