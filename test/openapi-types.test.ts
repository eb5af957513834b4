/** scripts/openapi-types.mjs: the answers' types from the document, and a build that fails on a schema it cannot type. */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without types
import { typeOf } from '../scripts/openapi-types.mjs';

const type = typeOf as (schema: unknown) => string;

describe('openapi-types', () => {
  it('types what the document uses: objects, maps, unions, enums, arrays, references', () => {
    expect(type({ type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: ['integer', 'null'] } } })).toBe('{\n  a: string;\n  b?: number | null;\n}');
    expect(type({ type: 'object', additionalProperties: { type: 'integer' } })).toBe('Record<string, number>');
    expect(type({ oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Vendor' }] })).toBe('null | Vendor');
    expect(type({ type: 'array', items: { enum: ['a', 'b'] } })).toBe('Array<"a" | "b">');
  });

  it.each([
    ['allOf', { allOf: [{ $ref: '#/components/schemas/Vendor' }] }],
    ['an empty schema', {}],
    ['an object that says nothing of its members', { type: 'object' }],
    ['not', { not: { type: 'string' } }],
  ])('fails the build on a schema it cannot type: %s', (_name, schema) => {
    expect(() => type(schema)).toThrow(/openapi-types: no type for/);
  });
});
