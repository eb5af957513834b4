/**
 * The MCP server's tools, as a table: each has a name, a description for the assistant, an input
 * schema, an output schema (the HTTP API's own, from openapi.json) and what it answers. Answers
 * carry the same members as the HTTP API's; bad input is a MacAnalysisError with the API's code and
 * localised detail.
 */
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { Analyzer } from '../analysis/analyzer.js';
import { FIELD_NAMES, parseFields, type Projection } from '../analysis/projection.js';
import { batchItem, extractAnswer } from '../batch/answer-values.js';
import { CHANGES_LIMIT, changesAnswer, changesValue, dayOf } from '../catalog/changes.js';
import type { RegistryService } from '../catalog/registry-service.js';
import { BLOCK_ORDERS, prefixAnswer, prefixAnswerValue, prefixDigits, searchAnswer, searchAnswerValue, VENDORS_LIMIT, type BlockOrder } from '../catalog/vendor-answers.js';
import { QUERY_MIN_LENGTH, queryLength } from '../catalog/vendor-search.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { MacAnalysisError } from '../i18n/problems.js';
import { outputSchema, type JsonSchema } from './output-schemas.js';
import { SERVICE } from '../http/served-snapshot.js';

/** What the tools answer from, and the limits they keep (the service's BATCH_MAX_ITEMS and BATCH_MAX_BYTES). */
export interface ToolContext {
  readonly analyzer: Analyzer;
  readonly registry: RegistryService;
  readonly defaultLang: Lang;
  readonly maxItems: number;
  readonly maxBytes: number;
}

/** One tool: what the assistant is told of it, and what a call answers. */
export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  readonly call: (args: Args, ctx: ToolContext) => Record<string, unknown>;
}

/** The arguments of a call, checked against the tool's input schema. */
export interface Args {
  readonly mac?: string;
  readonly macs?: readonly string[];
  readonly text?: string;
  readonly query?: string;
  readonly prefix?: string;
  readonly since?: string;
  readonly until?: string;
  readonly lang?: string;
  readonly fields?: readonly string[];
  readonly sort?: BlockOrder;
  readonly limit?: number;
  readonly offset?: number;
}

const OFFSET_MAX = 1_000_000;
const lang = { type: 'string', description: 'Language of the texts meant for people: en or fr (region subtags accepted). Codes never change with it.' };
const fields = { type: 'array', items: { type: 'string' }, description: `Keep only these members of each analysis, as the HTTP API's fields: ${FIELD_NAMES.join(', ')}.` };
const sort = { type: 'string', enum: BLOCK_ORDERS, description: 'Block order: address (the default) or firstSeen (newest first).' };
const page = (max: number) => ({
  limit: { type: 'integer', minimum: 1, maximum: max },
  offset: { type: 'integer', minimum: 0, maximum: OFFSET_MAX },
});
const input = (properties: Record<string, unknown>, required: readonly string[] = []): JsonSchema => ({ type: 'object', properties, required, additionalProperties: false });

// The language of a call, and the projection its `fields` ask for (refused as the API refuses it).
function langOf(args: Args, ctx: ToolContext): Lang {
  return args.lang === undefined ? ctx.defaultLang : resolveLang(args.lang);
}

function projectionOf(args: Args, l: Lang): Projection | null {
  if (args.fields === undefined) return null;
  const result = parseFields(args.fields.join(','));
  if (result.ok) return result.projection;
  throw new MacAnalysisError('invalid_fields', `${t(l, 'detail.invalid_fields', { unknown: result.unknown.join(', ') })} ${FIELD_NAMES.join(', ')}.`, l);
}

/** Every tool of the server, in the order an assistant is shown them. */
export const TOOLS: readonly Tool[] = [
  {
    name: 'analyze_mac',
    title: 'Analyse a MAC address',
    description: 'Analyses one hardware address in any common shape (00:03:93:ab:12:34, 0003.93ab.1234, 0x000393ab1234; a 64-bit identifier such as a Zigbee radio\'s 0x00124b0001020304; an InfiniBand address as ip link prints it; an IPv6 address made from a MAC; a DHCPv6 DUID-LLT or DUID-LL and a DHCPv4 client identifier (01 and the MAC) as DHCP leases and ipconfig /all print them; six octets separated by spaces, as snmpwalk prints a Hex-STRING): its formats, I/G and U/L bits, the IEEE registry block and vendor with the day the block was first seen, the reserved range it is in, and hints (virtual machine, container, randomized). Offline: no address leaves the machine.',
    inputSchema: input({ mac: { type: 'string', description: 'The address, as pasted.' }, lang, fields }, ['mac']),
    outputSchema: outputSchema({ anyOf: [{ $ref: '#/components/schemas/Analysis' }, { $ref: '#/components/schemas/ProjectedAnalysis' }] }),
    call(args, ctx) {
      const l = langOf(args, ctx);
      const result = ctx.analyzer.analyze(args.mac!, l, projectionOf(args, l));
      if (!result.ok) throw new MacAnalysisError(result.code, result.detail, l);
      return result.analysis as unknown as Record<string, unknown>;
    },
  },
  {
    name: 'analyze_macs',
    title: 'Analyse many MAC addresses',
    description: 'Analyses many addresses at once, one result per input in input order, as the HTTP batch answers: {input, analysis}, or {input, error: {code, detail}} for an input that is not an address (one bad input never fails the others). Each input comes back exactly as given, spaces kept, so results join back to their keys. A whole analysis is about 1 KB: for more than a few thousand addresses, ask for fields. For rows a data engine reads (CSV, TSV, no header), the HTTP batch takes input, format and header query parameters.',
    inputSchema: input({ macs: { type: 'array', items: { type: 'string' }, minItems: 1 }, lang, fields }, ['macs']),
    outputSchema: outputSchema({ type: 'object', required: ['count', 'items'], properties: { count: { type: 'integer' }, items: { type: 'array', items: { $ref: '#/components/schemas/BatchItem' } } } }),
    call(args, ctx) {
      const l = langOf(args, ctx);
      const macs = args.macs!;
      if (macs.length > ctx.maxItems) throw new MacAnalysisError('payload_too_large', t(l, 'detail.payload_items', { count: macs.length, max: ctx.maxItems }), l);
      const projection = projectionOf(args, l);
      return { count: macs.length, items: macs.map((mac) => batchItem(ctx.analyzer, mac, l, projection)) };
    },
  },
  {
    name: 'extract_macs',
    title: 'Find the MAC addresses in a text',
    description: 'Finds every distinct address in pasted text (arp -a, ip neigh, switch MAC tables, snmpwalk output, DHCP leases with their DUIDs and client identifiers, netfilter logs, whose MAC= gives the destination and the source) and analyses each, with the line it first appears on and a window of that line. 12 continuous digits are left alone, except in the MAC column of a table whose first line names it (a Windows DHCP audit log, an inventory export): elsewhere they are ids far more often than addresses.',
    inputSchema: input({ text: { type: 'string' }, lang, fields }, ['text']),
    outputSchema: outputSchema({ $ref: '#/components/schemas/ExtractResult' }),
    call(args, ctx) {
      const l = langOf(args, ctx);
      const bytes = Buffer.from(args.text!, 'utf8');
      if (bytes.length > ctx.maxBytes) throw new MacAnalysisError('payload_too_large', t(l, 'detail.payload_bytes', { max: ctx.maxBytes }), l);
      return extractAnswer(ctx.analyzer, bytes, l, projectionOf(args, l), ctx.maxItems);
    },
  },
  {
    name: 'search_vendors',
    title: 'Search the IEEE registry by vendor name',
    description: `The organisations whose name or short name contains every word of the query (case, accents and punctuation ignored; at least ${QUERY_MIN_LENGTH} letters or digits), best first, each with its blocks.`,
    inputSchema: input({ query: { type: 'string' }, ...page(VENDORS_LIMIT.max), sort, lang }, ['query']),
    outputSchema: outputSchema({ $ref: '#/components/schemas/VendorSearch' }),
    call(args, ctx) {
      const l = langOf(args, ctx);
      const q = args.query!;
      const length = queryLength(q);
      if (length < QUERY_MIN_LENGTH) throw new MacAnalysisError('invalid_query', t(l, 'detail.vendors.short_query', { query: q, length, min: QUERY_MIN_LENGTH }), l);
      const answer = searchAnswer(ctx.registry, q, args.offset ?? 0, args.limit ?? VENDORS_LIMIT.default);
      return searchAnswerValue(ctx.registry, answer, l, args.sort ?? 'address');
    },
  },
  {
    name: 'blocks_around_prefix',
    title: 'List the registry blocks around a prefix',
    description: 'Every IEEE block that contains a prefix of 6 to 16 hex digits (any MAC or EUI-64 shape) or lies inside it, with its vendor: those containing it first, widest first. The block that answers every address under the prefix, if one does, is marked mostSpecific.',
    inputSchema: input({ prefix: { type: 'string' }, ...page(VENDORS_LIMIT.max), sort, lang }, ['prefix']),
    outputSchema: outputSchema({ $ref: '#/components/schemas/PrefixListing' }),
    call(args, ctx) {
      const l = langOf(args, ctx);
      const prefix = args.prefix!;
      const digits = prefixDigits(prefix);
      if (digits === null) throw new MacAnalysisError('invalid_prefix', t(l, 'detail.invalid_prefix', { prefix }), l);
      const answer = prefixAnswer(ctx.registry, prefix, digits, args.offset ?? 0, args.limit ?? VENDORS_LIMIT.default, args.sort ?? 'address');
      return prefixAnswerValue(ctx.registry, answer, l);
    },
  },
  {
    name: 'registry_changes',
    title: 'List the blocks first seen in a range of days',
    description: 'The IEEE blocks (CIDs included) first seen in a published registry from since to until (both included, YYYY-MM-DD; no end without until), newest first: "which OUIs are new this week".',
    inputSchema: input({ since: { type: 'string', description: 'YYYY-MM-DD' }, until: { type: 'string', description: 'YYYY-MM-DD' }, ...page(CHANGES_LIMIT.max), lang }, ['since']),
    outputSchema: outputSchema({ $ref: '#/components/schemas/ChangesPage' }),
    call(args, ctx) {
      const l = langOf(args, ctx);
      for (const name of ['since', 'until'] as const) {
        const value = args[name];
        if (value !== undefined && dayOf(value) === null) throw new MacAnalysisError('invalid_date', t(l, 'detail.invalid_date', { name, value }), l);
      }
      const since = args.since!;
      const until = args.until ?? null;
      if (until !== null && until < since) throw new MacAnalysisError('invalid_date', t(l, 'detail.reversed_dates', { since, until }), l);
      const answer = changesAnswer(ctx.registry, since, until, args.offset ?? 0, args.limit ?? CHANGES_LIMIT.default);
      return changesValue(ctx.registry, answer);
    },
  },
  {
    name: 'registry_info',
    title: 'Which registry snapshot answers',
    description: 'The registry snapshot the other tools answer from: its version, source and date, the block counts per registry, and the sources of the first-seen dates to credit.',
    inputSchema: input({}),
    outputSchema: outputSchema({ $ref: '#/components/schemas/RegistryMeta' }),
    call: (_args, ctx) => ({ ...ctx.analyzer.meta, previous: null, service: SERVICE }),
  },
];

// ajv is CommonJS: its class is read through require, as parse-body.ts does.
const { Ajv } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
const ajv = new Ajv({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>(TOOLS.map((tool) => [tool.name, ajv.compile(tool.inputSchema)]));

/** Runs tool `name` on `raw` arguments: its structured answer, or the MacAnalysisError that refuses the call. */
export function callTool(name: string, raw: unknown, ctx: ToolContext): Record<string, unknown> {
  const tool = TOOLS.find((x) => x.name === name);
  const args = (raw ?? {}) as Args;
  const l = typeof args === 'object' && typeof args.lang === 'string' ? resolveLang(args.lang) : ctx.defaultLang;
  if (tool === undefined) throw new MacAnalysisError('not_found', t(l, 'detail.mcp.tool', { name, tools: TOOLS.map((x) => x.name).join(', ') }), l);
  const validate = validators.get(name)!;
  if (!validate(args)) {
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ');
    throw new MacAnalysisError('bad_request', t(l, 'detail.mcp.arguments', { errors }), l);
  }
  return tool.call(args, ctx);
}
