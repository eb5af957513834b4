/**
 * POST /api/mac/batch and /api/public/mac/batch: many addresses in one request, one answer item per
 * record of the body, in order (body-route.ts reads and answers it; bulk-answers.ts frames it).
 */
import { BODY_FORMATS } from '../batch/media-types.js';
import { BULK_FORMATS } from '../batch/bulk-formats.js';
import { chunkItems } from '../batch/chunk-items.js';
import type { BodyRoutes } from './body-route.js';
import { batchJob, OUTPUT_TYPES } from './bulk-answers.js';
import type { BodyHandler, RouteKit } from './route-kit.js';

/** Declares the batch paths on the kit, answered by `routes`. */
export function registerBatchRoutes(kit: RouteKit, routes: BodyRoutes): void {
  const batch: BodyHandler = (res, req, f, extra) => {
    const reading = routes.reading(res, req, f, BODY_FORMATS, extra);
    if (reading === null) return;
    const answer = routes.answer(req, f, BULK_FORMATS, OUTPUT_TYPES, extra);
    if ('refused' in answer) return routes.refuse(res, answer.refused);
    const { style, fields, header } = answer;
    routes.accept(res, req, f, { kind: reading.format, coding: reading.coding }, extra, batchJob(style, fields, header), (analyzer) => chunkItems(style, fields, analyzer));
  };
  kit.body('/api/mac/batch', { metric: 'batch', limited: true }, batch);
  kit.body('/api/public/mac/batch', { metric: 'batch', cors: true, limited: true }, batch);
}
