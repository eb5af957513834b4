/**
 * `mac-analyze mcp [--registry FILE] [--lang en|fr]`: the analysis as a Model Context Protocol
 * server over stdio, on the local registry file, so that no address an assistant asks about
 * leaves the machine. It needs no running service. The tools are in tools.ts.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Analyzer } from '../analysis/analyzer.js';
import { loadRegistry } from '../analysis/load-registry.js';
import { RegistryService } from '../catalog/registry-service.js';
import { resolveLang } from '../i18n/lang.js';
import { RegistryFileError } from '../registry/entry.js';
import { ConfigError, loadConfig } from '../server/config.js';
import { callTool, TOOLS, ToolFailure, type ToolContext } from './tools.js';

const USAGE = 'usage: mac-analyze mcp [--registry FILE] [--lang en|fr]   (an MCP server on stdin and stdout)\n';
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The answer to one tools/call: the structured answer and its JSON text, or the refusal as an error result. */
export function toolResult(name: string, args: unknown, ctx: ToolContext): CallToolResult {
  try {
    const structuredContent = callTool(name, args, ctx);
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  } catch (e) {
    if (!(e instanceof ToolFailure)) throw e;
    return { isError: true, content: [{ type: 'text', text: e.message }] };
  }
}

/** Runs `mac-analyze mcp` until its input ends; returns the exit code (2 bad arguments, 3 registry file missing or corrupt). */
export async function mcpCommand(args: readonly string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: [...args], options: { registry: { type: 'string' }, lang: { type: 'string' } }, strict: true }).values;
  } catch (e) {
    process.stderr.write(`mac-analyze: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  let ctx: ToolContext;
  try {
    const config = loadConfig();
    const handle = loadRegistry(values.registry);
    const analyzer = new Analyzer(handle);
    ctx = { analyzer, registry: new RegistryService(handle, analyzer.index), defaultLang: resolveLang(values.lang), maxItems: config.batchMaxItems, maxBytes: config.batchMaxBytes };
  } catch (e) {
    if (!(e instanceof RegistryFileError || e instanceof ConfigError)) throw e;
    process.stderr.write(`mac-analyze: ${e.message}\n`);
    return e instanceof ConfigError ? 2 : 3;
  }
  const server = new Server({ name: 'mac-analyze', title: 'MAC address analysis', version: pkg.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ name, title, description, inputSchema, outputSchema }) => ({ name, title, description, inputSchema, outputSchema, annotations: { readOnlyHint: true, openWorldHint: false } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => toolResult(request.params.name, request.params.arguments, ctx));
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  // A call's arguments may be BATCH_MAX_BYTES of text, escaped in JSON at most 6 bytes a byte:
  // the SDK's default line limit (10 MB) would close the connection on a text the tool accepts.
  await server.connect(new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: 6 * ctx.maxBytes + 1024 * 1024 }));
  process.stdin.once('end', () => void server.close());
  await closed;
  return 0;
}
