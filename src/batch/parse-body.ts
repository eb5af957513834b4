/**
 * Whole-document batch bodies (CONTRACT.md, Bulk): a JSON array of strings or
 * `{"macs": [...]}`, or a msgpack array of strings, validated with ajv; an invalid body says
 * where it is wrong. Line bodies (NDJSON, text) are read as bytes by lines.ts instead.
 */
import { Ajv } from 'ajv';
import { unpack } from 'msgpackr';
import { BodyError } from './body-error.js';

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

/** Reads the addresses of a body; throws BodyError saying what is wrong and where. */
export function parseBody(format: 'json' | 'msgpack', body: Uint8Array): string[] {
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
    case 'msgpack': {
      let value: unknown;
      try {
        value = unpack(body);
      } catch (e) {
        throw new BodyError('detail.body.msgpack', { reason: (e as Error).message });
      }
      return validated(value);
    }
  }
}
