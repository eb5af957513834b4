/**
 * Batch body media types, kept apart from the parsers so that HTTP threads can answer 415
 * without loading ajv and msgpackr (they load with the first batch).
 */

/** The media type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** The body formats the batch endpoint reads, as its `input` parameter names them. */
export const BODY_FORMATS = ['text', 'tsv', 'csv', 'ndjson', 'json', 'msgpack'] as const;

/** A body format the batch endpoint reads. */
export type BodyFormat = (typeof BODY_FORMATS)[number];

const MEDIA_TYPES: Readonly<Record<string, BodyFormat>> = {
  'application/json': 'json',
  'application/x-ndjson': 'ndjson',
  'application/ndjson': 'ndjson',
  'text/plain': 'text',
  'text/tab-separated-values': 'tsv',
  'text/csv': 'csv',
  'application/msgpack': 'msgpack',
  'application/x-msgpack': 'msgpack',
  'application/vnd.msgpack': 'msgpack',
};

/** The media types of `formats`, for a 415 answer's list of those accepted. */
export function bodyTypesOf(formats: readonly BodyFormat[]): string[] {
  return Object.keys(MEDIA_TYPES).filter((type) => formats.includes(MEDIA_TYPES[type]));
}

/** The body format of a Content-Type header, or null when it is not supported. */
export function bodyFormat(contentType: string): BodyFormat | null {
  const media = contentType.split(';')[0].trim().toLowerCase();
  return MEDIA_TYPES[media] ?? null;
}
