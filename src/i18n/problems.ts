/** The error table of docs/API.md (code → status → title) and RFC 9457 problem bodies. */
import type { Problem } from '../contract/openapi-types.js';
import type { Lang } from './lang.js';
import { clipEcho } from './messages.js';

/**
 * Every error code the API returns: its status line and its title in each language (fastify's
 * errors.js habit: one table); the codes are the document's (Problem.code), no more, no fewer. The detail of each answer is the caller's, localised too.
 */
export const PROBLEMS = {
  missing_mac: { status: '400 Bad Request', title: { en: 'Missing MAC address', fr: 'Adresse MAC manquante' } },
  invalid_mac: { status: '422 Unprocessable Content', title: { en: 'Invalid MAC address', fr: 'Adresse MAC invalide' } },
  not_found: { status: '404 Not Found', title: { en: 'Not found', fr: 'Ressource introuvable' } },
  method_not_allowed: { status: '405 Method Not Allowed', title: { en: 'Method not allowed', fr: 'Méthode non autorisée' } },
  invalid_body: { status: '400 Bad Request', title: { en: 'Invalid request body', fr: 'Corps de requête invalide' } },
  invalid_fields: { status: '400 Bad Request', title: { en: 'Unknown field names', fr: 'Noms de champs inconnus' } },
  invalid_query: { status: '400 Bad Request', title: { en: 'Invalid vendor query', fr: 'Recherche de fabricant invalide' } },
  invalid_prefix: { status: '400 Bad Request', title: { en: 'Invalid prefix', fr: 'Préfixe invalide' } },
  invalid_key: { status: '400 Bad Request', title: { en: 'Unusable record key', fr: 'Clé d’enregistrement inutilisable' } },
  invalid_format: { status: '400 Bad Request', title: { en: 'Unknown export format', fr: 'Format d’export inconnu' } },
  invalid_date: { status: '400 Bad Request', title: { en: 'Invalid date', fr: 'Date invalide' } },
  payload_too_large: { status: '413 Content Too Large', title: { en: 'Payload too large', fr: 'Requête trop volumineuse' } },
  unsupported_media_type: { status: '415 Unsupported Media Type', title: { en: 'Unsupported media type', fr: 'Type de contenu non pris en charge' } },
  rate_limited: { status: '429 Too Many Requests', title: { en: 'Too many requests', fr: 'Trop de requêtes' } },
  bad_request: { status: '400 Bad Request', title: { en: 'Bad request', fr: 'Requête ambiguë' } },
  request_timeout: { status: '408 Request Timeout', title: { en: 'Request timeout', fr: 'Délai de requête dépassé' } },
  headers_too_large: { status: '431 Request Header Fields Too Large', title: { en: 'Request header fields too large', fr: 'En-têtes de requête trop grands' } },
  http_version_not_supported: { status: '505 HTTP Version Not Supported', title: { en: 'HTTP version not supported', fr: 'Version HTTP non prise en charge' } },
  unavailable: { status: '503 Service Unavailable', title: { en: 'Service unavailable', fr: 'Service indisponible' } },
  internal: { status: '500 Internal Server Error', title: { en: 'Internal error', fr: 'Erreur interne' } },
} as const satisfies Record<Problem['code'], { readonly status: string; readonly title: Readonly<Record<Lang, string>> }>;

/** Every error code the API returns. */
export type ProblemCode = keyof typeof PROBLEMS;

/** The HTTP status of `code`, as a number. */
export function problemStatus(code: ProblemCode): number {
  return Number(PROBLEMS[code].status.slice(0, 3));
}

/** The problem `type` URI of a code (stable, not meant to be fetched). */
export function problemType(code: ProblemCode): string {
  return `urn:mac-analysis:problem:${code}`;
}

/** The JSON text of an RFC 9457 problem body; `instance` (the request path) is clipped (clipEcho). */
export function problemBody(code: ProblemCode, lang: Lang, detail: string, instance: string): string {
  return JSON.stringify({
    type: problemType(code),
    title: PROBLEMS[code].title[lang],
    status: problemStatus(code),
    code,
    detail,
    instance: clipEcho(instance),
  });
}

/** A refusal, as the API's problem details say it: a stable code, its status, and a title and detail in the asked language (the library's and the MCP tools' error). */
export class MacAnalysisError extends Error {
  override readonly name = 'MacAnalysisError';
  readonly status: number;
  readonly title: string;

  /** The problem `code` (invalid_mac, missing_mac, invalid_fields…) with its `detail`, titled in `lang`. */
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    lang: Lang = 'en',
  ) {
    const title = PROBLEMS[code].title[lang];
    super(`${title} (${code}): ${detail}`);
    this.title = title;
    this.status = problemStatus(code);
  }
}
