/**
 * Writes src/contract/openapi-types.ts: a TypeScript type for each schema of the OpenAPI
 * document (src/http/openapi.json), and the analysis' member names (ANALYSIS_MEMBERS), so that the answers' types have one source, the document
 * clients read; and src/contract/registry-file-meta.ts, the check of a registry file's metadata
 * (ajv's standalone code). `npm run build` runs it before compiling; neither file is committed.
 * The types read the JSON Schema the document uses: type (or a list of types), enum, const, properties, required,
 * additionalProperties, items, oneOf, anyOf and $ref. Plain JavaScript: it runs before anything
 * is compiled.
 *
 *   node scripts/openapi-types.mjs [--check]   (--check: exit 1 when a file is not what it would write)
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENT = join(root, 'src', 'http', 'openapi.json');
const OUT = join(root, 'src', 'contract', 'openapi-types.ts');

const quote = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const comment = (text, indent) => (text ? `${indent}/** ${text.replaceAll('*/', '*\\/').replaceAll('\n', ' ')} */\n` : '');

/** The TypeScript type of `schema`, indented by `indent`. */
export function typeOf(schema, indent = '') {
  if (schema.$ref) return schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = schema.oneOf ?? schema.anyOf;
  if (union) return union.map((s) => typeOf(s, indent)).map((t) => (t.includes(' | ') && t.startsWith('{') ? `(${t})` : t)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.map((type) => typeOf({ ...schema, type }, indent)).join(' | ');
  switch (schema.type) {
    case 'null':
      return 'null';
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const item = typeOf(schema.items ?? {}, indent);
      return /[ |&]/.test(item) && !item.startsWith('{') ? `Array<${item}>` : `${item}[]`;
    }
    case 'object':
    case undefined: {
      // A schema this reader cannot type (allOf, not, an empty {}, an object that says nothing of
      // its members) fails the build: a type that says nothing would let a drift through.
      const unread = ['allOf', 'not', 'if', 'patternProperties'].find((k) => k in schema);
      if (unread || (!schema.properties && typeof schema.additionalProperties !== 'object')) throw new Error(`openapi-types: no type for ${JSON.stringify(schema).slice(0, 120)}${unread ? ` (${unread})` : ''}`);
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return `Record<string, ${typeOf(schema.additionalProperties, indent)}>`;
      const required = new Set(schema.required ?? []);
      const inner = `${indent}  `;
      const members = properties.map(([name, s]) => `${comment(s.description, inner)}${inner}${quote(name)}${required.has(name) ? '' : '?'}: ${typeOf(s, inner)};`);
      return `{\n${members.join('\n')}\n${indent}}`;
    }
    default:
      throw new Error(`openapi-types: no type for ${JSON.stringify(schema).slice(0, 80)}`);
  }
}

/**
 * The members of the Analysis schema and each one's own members, in the document's order (an
 * array's are its items'): the names `fields` accepts (src/analysis/projection.ts). A member
 * whose schema lists some of its own members in `x-fields` is followed by them as `member.inner`.
 */
export function analysisMembers(schemas) {
  const resolve = (s) => (s.$ref ? resolve(schemas[s.$ref.slice(s.$ref.lastIndexOf('/') + 1)]) : s);
  const objectOf = (s) => {
    const r = resolve(s);
    const value = (r.oneOf ?? []).find((o) => resolve(o).type !== 'null');
    return value ? objectOf(value) : r.items ? objectOf(r.items) : r;
  };
  const membersOf = (s) => Object.entries(objectOf(s).properties).flatMap(([m, ms]) => [m, ...(resolve(ms)['x-fields'] ?? []).map((inner) => `${m}.${inner}`)]);
  return Object.entries(schemas.Analysis.properties).map(([top, s]) => [top, membersOf(s)]);
}

/** The module's text for `document`. */
export function typesModule(document) {
  const schemas = Object.entries(document.components.schemas);
  const body = schemas.map(([name, schema]) => `${comment(schema.description, '')}export type ${name} = ${typeOf(schema)};\n`).join('\n');
  const members = analysisMembers(document.components.schemas).map(([top, names]) => `  ${top}: ${JSON.stringify(names)},\n`).join('');
  const tree = `/** The analysis' members and their own members, in the document's order (analysisMembers in scripts/openapi-types.mjs). */\nexport const ANALYSIS_MEMBERS = {\n${members}} as const;\n`;
  const version = `\n/** The API contract's version: the document's info.version. */\nexport const CONTRACT_VERSION = ${JSON.stringify(document.info.version)};\n`;
  return `// Generated at build time from src/http/openapi.json by scripts/openapi-types.mjs: do not edit, edit the document.\n\n${body}\n${tree}${version}`;
}

/** The metadata a registry file holds: the document's RegistryMeta without what a running service adds (previous, sync, service). */
export function fileMetaSchema(document) {
  const { previous: _previous, sync: _sync, service: _service, ...properties } = document.components.schemas.RegistryMeta.properties;
  const required = document.components.schemas.RegistryMeta.required.filter((name) => name in properties);
  return { ...document.components.schemas.RegistryMeta, required, properties };
}

/**
 * The module's text that checks a registry file's metadata against fileMetaSchema: ajv's
 * standalone code, made here so that a service reading a file neither loads ajv nor compiles a
 * schema at start. Formats are not checked (the document's patterns are).
 */
export function metaCheckModule(document) {
  const require = createRequire(import.meta.url);
  const { Ajv } = require('ajv');
  const standalone = require('ajv/dist/standalone').default;
  const ajv = new Ajv({ strict: false, validateFormats: false, code: { source: true, esm: true, lines: true } });
  ajv.addSchema({ components: document.components }, 'document');
  const schema = JSON.parse(JSON.stringify(fileMetaSchema(document)).replaceAll('"#/components/', '"document#/components/'));
  // ajv's own exports go: the module's one export is the typed check.
  const code = standalone(ajv, ajv.compile(schema)).replace('export const validate = validate10;\nexport default validate10;\n', '');
  return [
    '// Generated at build time from src/http/openapi.json by scripts/openapi-types.mjs: do not edit, edit the document.',
    '// @ts-nocheck: ajv\'s standalone code; its one export is typed below.',
    code,
    '/** What a check found wrong: the first error (ajv\'s ErrorObject, in part). */',
    'export interface MetaError { readonly instancePath: string; readonly message?: string; readonly params: Readonly<Record<string, unknown>> }',
    '/** Checks a registry file\'s metadata against the document\'s RegistryMeta (without previous and sync); after a false, `errors` says why. */',
    'export const checkFileMeta: { (data: unknown): boolean; errors?: readonly MetaError[] | null } = validate10;',
    '',
  ].join('\n');
}

// Run as a script (not imported by a test): each generated module and its text.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeModules();

/** Writes each generated module that is not what the document gives (with --check, only says so). */
function writeModules() {
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
  const outputs = [
    [OUT, typesModule(document)],
    [join(root, 'src', 'contract', 'registry-file-meta.ts'), metaCheckModule(document)],
  ];
  for (const [out, text] of outputs) {
    const current = existsSync(out) ? readFileSync(out, 'utf8') : null;
    if (process.argv.includes('--check')) {
      if (current !== text) {
        process.stderr.write(`${out} is not what src/http/openapi.json gives: run node scripts/openapi-types.mjs\n`);
        process.exitCode = 1;
      }
    } else if (current !== text) {
      // The folder holds only generated files, so a clean clone has no folder yet.
      mkdirSync(dirname(out), { recursive: true });
      // Replaced whole, so that a compiler reading it meanwhile sees the old file or the new one.
      writeFileSync(`${out}.tmp`, text);
      renameSync(`${out}.tmp`, out);
    }
  }
}
