/**
 * Whole-document batch bodies: a JSON array of strings or `{"macs": [...]}` validated with
 * ajv, or the same in msgpack (read by msgpack-strings.ts); an invalid body says where it is
 * wrong. Line bodies (NDJSON, text) are read as bytes by lines.ts instead.
 */
import { Ajv } from 'ajv';
import { BodyError } from './body-error.js';
import { readMsgpackStrings } from './msgpack-strings.js';

const ajv = new Ajv({ allErrors: false });
const validateBody = ajv.compile<string[] | { macs: string[] }>({
  oneOf: [
    { type: 'array', items: { type: 'string' } },
    { type: 'object', required: ['macs'], additionalProperties: false, properties: { macs: { type: 'array', items: { type: 'string' } } } },
  ],
});

function validated(value: unknown): string[] {
  if (validateBody(value)) return Array.isArray(value) ? value : value.macs;
  // Point at the first offending place: an item that is not a string, or the top level.
  const errors = validateBody.errors ?? [];
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
