/**
 * Validates real responses against the OpenAPI document the service serves: the status must
 * be declared for the operation, the body must match its schema (no undeclared field), and
 * every declared header that is present must match its schema.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import openapi from '../../src/http/openapi.json' with { type: 'json' };

type Json = Record<string, unknown>;
const doc = openapi as unknown as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// The formats the document uses: checked where a body can show them, declared otherwise.
ajv.addFormat('date', /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
ajv.addFormat('date-time', (v: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)));
ajv.addFormat('uri', /^https?:\/\/\S+$/);
ajv.addFormat('binary', true);
ajv.addSchema(doc, 'openapi.json');

function resolve(node: Json): Json {
  const ref = node.$ref as string | undefined;
  if (!ref) return node;
  let target: unknown = doc;
  for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
  return resolve(target as Json);
}

// Paths and methods the document does not list can only answer the generic 404 and 405.
const UNDECLARED: Json = {
  responses: {
    404: { $ref: '#/components/responses/NotFound' },
    405: { $ref: '#/components/responses/MethodNotAllowed' },
  },
};

// The same on the public paths, whose every answer carries the CORS headers.
const UNDECLARED_PUBLIC: Json = {
  responses: {
    404: { $ref: '#/components/responses/NotFound' },
    405: { $ref: '#/components/responses/MethodNotAllowedPublic' },
  },
};

function operationFor(path: string, method: string): { operation: Json } {
  const paths = doc.paths as Record<string, Json>;
  for (const [template, item] of Object.entries(paths)) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (re.test(path) && item[method]) return { operation: item[method] as Json };
  }
  return { operation: path.startsWith('/api/public/') ? UNDECLARED_PUBLIC : UNDECLARED };
}

/** Throws unless `res`/`body` conform to the document for `method` on `path`. */
export function assertConforms(method: string, path: string, res: Response, body: string): void {
  const m = method.toLowerCase();
  const { operation } = operationFor(path, m);
  const status = String(res.status);
  const responses = operation.responses as Record<string, Json>;
  if (!responses[status]) throw new Error(`${method} ${path}: status ${status} is not declared`);
  const declared = resolve(responses[status]);
  for (const [name, h] of Object.entries((declared.headers ?? {}) as Record<string, Json>)) {
    const value = res.headers.get(name);
    if (value === null) continue;
    const schema = resolve(h).schema as Json | undefined;
    if (schema && !ajv.validate(schema, value)) throw new Error(`${method} ${path}: header ${name}=${value}: ${ajv.errorsText()}`);
  }
  const content = declared.content as Record<string, Json> | undefined;
  if (!content || m === 'head' || res.status === 304 || res.status === 204) {
    if (body.length > 0) throw new Error(`${method} ${path}: ${status} must have no body`);
    return;
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  const media = content[type];
  if (!media) throw new Error(`${method} ${path}: content type ${type} is not declared for ${status}`);
  const schema = media.schema as Json;
  // JSON documents are checked whole; NDJSON and msgpack streams are checked item by item
  // by the tests themselves (see assertItems).
  if (type !== 'application/json' && !type.endsWith('+json')) return;
  const value = JSON.parse(body) as unknown;
  if (!ajv.validate(resolveDeep(schema), value)) throw new Error(`${method} ${path}: body does not match: ${ajv.errorsText()}\n${body.slice(0, 500)}`);
}

// A schema whose $refs are made absolute against the registered document.
function resolveDeep(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi.json#/')) as Json;
}

/** The document itself. */
export const OPENAPI = doc;

/** Throws unless every value conforms to the named component schema. */
export function assertItems(schemaName: string, values: readonly unknown[]): void {
  const validate = ajv.getSchema(`openapi.json#/components/schemas/${schemaName}`);
  if (!validate) throw new Error(`no schema ${schemaName}`);
  values.forEach((v, i) => {
    if (!validate(v)) throw new Error(`item ${i} does not match ${schemaName}: ${ajv.errorsText(validate.errors)}`);
  });
}

/** Headers the document leaves to HTTP itself: the media type (declared as content) and the framing. */
const FRAMING_HEADERS = new Set(['content-type', 'content-length']);

/** The names in `present` that the document does not declare for `status` of `method` on `path`. */
export function undeclaredHeaders(method: string, path: string, status: number, present: readonly string[]): string[] {
  const { operation } = operationFor(path, method.toLowerCase());
  const response = (operation.responses as Record<string, Json>)[String(status)];
  if (!response) return [`(status ${status} not declared)`];
  const declared = new Set(Object.keys((resolve(response).headers ?? {}) as Json).map((n) => n.toLowerCase()));
  return present.filter((name) => !FRAMING_HEADERS.has(name) && !declared.has(name));
}

/**
 * GETs `path` from the service at `base` and checks the answer against the document (the body
 * too when it is JSON); the response, its bytes and its text.
 */
export async function getConforming(base: string, path: string, headers: Record<string, string> = {}): Promise<{ res: Response; bytes: Buffer; text: string }> {
  const res = await fetch(base + path, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  const type = res.headers.get('content-type') ?? '';
  assertConforms('GET', path.split('?')[0], res, type.includes('json') && !type.includes('ndjson') ? text : '');
  return { res, bytes, text };
}
