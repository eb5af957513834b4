/**
 * The OpenAPI document as the body /api/openapi.json serves, in a module of its own so that a
 * thread loads it with that route's first request (routes.ts).
 */
import openapi from './openapi.json' with { type: 'json' };

/** The OpenAPI document, serialised once. */
export const openapiBody = JSON.stringify(openapi);
