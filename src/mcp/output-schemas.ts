/**
 * The tools' output schemas, taken from the HTTP API's OpenAPI document so that both describe one
 * answer: a schema's references to `#/components/schemas/X` become `#/$defs/X`, and only the
 * definitions it reaches travel with it.
 */
import openapi from '../http/openapi.json' with { type: 'json' };

/** A JSON Schema object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

const COMPONENTS = '#/components/schemas/';
const components = openapi.components.schemas as Record<string, unknown>;

// `value` with its component references pointed at $defs; each component named is added to `reached`.
function rewrite(value: unknown, reached: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, reached));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref' && typeof v === 'string' && v.startsWith(COMPONENTS)) {
      const name = v.slice(COMPONENTS.length);
      if (!reached.has(name)) {
        reached.add(name);
        rewrite(components[name], reached);
      }
      out[key] = `#/$defs/${name}`;
    } else out[key] = rewrite(v, reached);
  }
  return out;
}

/** An MCP output schema (an object at the top, as MCP requires) for `schema`, which may refer to the API's components. */
export function outputSchema(schema: JsonSchema): JsonSchema {
  const reached = new Set<string>();
  const top = rewrite(schema, reached) as Record<string, unknown>;
  const $defs = Object.fromEntries([...reached].sort().map((name) => [name, rewrite(components[name], new Set(reached))]));
  return { type: 'object', ...top, $defs };
}
