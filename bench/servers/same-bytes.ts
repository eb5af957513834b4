/**
 * What both same-bytes ceilings answer to every request: the response headers of one
 * analysed GET (taken from the service, ETag and request id included) and the ~900-byte body
 * the bench passes in BODY (bench/sample-body.json).
 */

/** The headers, as flat name/value pairs. */
export const SAME_HEADERS: readonly string[] = [
  'Content-Type', 'application/json; charset=utf-8', 'Cache-Control', 'public, max-age=86400', 'X-Data-Version', 'oui-data-2.1.9-28f4a7caffdf',
  'Content-Language', 'en', 'X-Content-Type-Options', 'nosniff', 'ETag', '"28f4a7caffdffc3c6f-000393ab1234-en"', 'X-Request-Id', '9b03272859b6-1',
];

/** The body (BODY), '{}' when none is given. */
export const SAME_BODY = process.env.BODY ?? '{}';
