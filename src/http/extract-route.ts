/**
 * POST /api/mac/extract and /api/public/mac/extract: the distinct addresses in pasted text, each
 * with its line and context (body-route.ts reads and answers the body; bulk-answers.ts frames it).
 */
import { EXTRACT_FORMATS } from '../batch/bulk-formats.js';
import { CHUNK_ITEMS } from '../batch/chunk-items.js';
import type { BodyRoutes } from './body-route.js';
import { EXTRACT_TYPES, extractJob } from './bulk-answers.js';
import type { BodyHandler, RouteKit } from './route-kit.js';

/** Declares the extract paths on the kit, answered by `routes`. */
export function registerExtractRoutes(kit: RouteKit, routes: BodyRoutes): void {
  const extract: BodyHandler = (res, req, f, extra) => {
    const reading = routes.reading(res, req, f, ['text'], extra);
    if (reading === null) return;
    const answer = routes.answer(req, f, EXTRACT_FORMATS, EXTRACT_TYPES, extra);
    if ('refused' in answer) return routes.refuse(res, answer.refused);
    // Extract items carry their line's context: chunks of the usual size.
    routes.accept(res, req, f, { kind: 'extract', coding: reading.coding }, extra, extractJob(answer.style, answer.fields, answer.header), () => CHUNK_ITEMS);
  };
  kit.body('/api/mac/extract', { metric: 'batch', limited: true }, extract);
  kit.body('/api/public/mac/extract', { metric: 'batch', cors: true, limited: true }, extract);
}
