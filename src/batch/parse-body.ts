/**
 * Whole-document batch bodies: a JSON array of strings or `{"macs": [...]}` validated with
 * ajv, or the same in msgpack (read by msgpack-strings.ts); an invalid body says where it is
 * wrong. Line bodies (NDJSON, text) are read as bytes by lines.ts instead.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { BodyError } from './body-error.js';
import { readMsgpackStrings } from './msgpack-strings.js';

type Body = string[] | { macs: string[] };

// Loaded and compiled at the first JSON body, not at import: every pool worker imports this
// module (workers/batch-worker.ts), and ajv's load and this compile are a large share of a
// worker's start, for a body form that most batches do not use.
let compiled: ValidateFunction<Body> | null = null;
function validateBody(): ValidateFunction<Body> {
  if (compiled) return compiled;
  const { Ajv } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
  return (compiled = new Ajv({ allErrors: false }).compile<Body>({
    oneOf: [
      { type: 'array', items: { type: 'string' } },
      { type: 'object', required: ['macs'], additionalProperties: false, properties: { macs: { type: 'array', items: { type: 'string' } } } },
    ],
  }));
}

function validated(value: unknown): string[] {
  const validate = validateBody();
  if (validate(value)) return Array.isArray(value) ? value : value.macs;
  // Point at the first offending place: an item that is not a string, or the top level.
  const errors = validate.errors ?? [];
  const item = errors.find((e) => /^(\/macs)?\/\d+$/.test(e.instancePath));
  if (item) throw new BodyError('detail.body.item', { where: item.instancePath });
  throw new BodyError('detail.body.shape');
}

/** Reads the addresses of a body; throws BodyError saying what is wrong and where (TooManyItems for msgpack over `maxItems`). */
export function parseBody(format: 'json' | 'msgpack', body: Uint8Array, maxItems = Infinity): string[] {
  switch (format) {
    case 'json': {
      let value: unknown;
      try {
        value = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
      } catch (e) {
        throw new BodyError('detail.body.json', { reason: (e as Error).message });
      }
      return validated(value);
    }
    case 'msgpack':
      return readMsgpackStrings(body, maxItems);
  }
}
