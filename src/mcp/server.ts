/**
 * `mac-analyze mcp [--registry FILE] [--lang en|fr]`: the analysis as a Model Context Protocol
 * server over stdio, on the local registry file, so that no address an assistant asks about
 * leaves the machine. It needs no running service, and reads the file again when it is replaced
 * (`mac-analyze update`). The tools are in tools.ts.
 */
import { parseArgs } from 'node:util';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Analyzer } from '../analysis/analyzer.js';
import { loadRegistry } from '../analysis/load-registry.js';
import { RegistryService } from '../catalog/registry-service.js';
import { resolveLang } from '../i18n/lang.js';
import { RegistryFileError } from '../registry/entry.js';
import { fileStamp } from '../registry/file-stamp.js';
import { defaultRegistryFile, projectManifest } from '../registry/paths.js';
import { collectSoon } from '../server/collect-garbage.js';
import { ConfigError, loadConfig, type Config } from '../server/config.js';
import { callTool, TOOLS, type ToolContext } from './tools.js';
import { MacAnalysisError } from '../i18n/problems.js';

const USAGE = 'usage: mac-analyze mcp [--registry FILE] [--lang en|fr]   (an MCP server on stdin and stdout)\n';

/** The answer to one tools/call: the structured answer and its JSON text, or the refusal as an error result. */
export function toolResult(name: string, args: unknown, ctx: ToolContext): CallToolResult {
  try {
    const structuredContent = callTool(name, args, ctx);
    return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
  } catch (e) {
    if (!(e instanceof MacAnalysisError)) throw e;
    return { isError: true, content: [{ type: 'text', text: e.message }] };
  }
}

// The tools' context on the registry `file` as it is now; throws RegistryFileError when it does not read.
function contextOn(file: string, lang: string | undefined, config: Config): ToolContext {
  const handle = loadRegistry(file);
  const analyzer = new Analyzer(handle);
  return { analyzer, registry: new RegistryService(handle, analyzer.index), defaultLang: resolveLang(lang), maxItems: config.batchMaxItems, maxBytes: config.batchMaxBytes };
}

/**
 * The context of each call: the registry loaded again when its file was replaced since the last
 * call (an update installs a new file by rename); a new file that does not read is reported on
 * stderr, and the registry loaded before keeps answering. Throws RegistryFileError when the file
 * does not read at start.
 */
function currentContext(file: string, lang: string | undefined, config: Config): () => ToolContext {
  // The stamp before the load: a file replaced meanwhile is read again on the first call.
  let stamp = fileStamp(file);
  let ctx = contextOn(file, lang, config);
  return () => {
    const now = fileStamp(file);
    if (now === stamp) return ctx;
    stamp = now;
    try {
      ctx = contextOn(file, lang, config);
      collectSoon(() => undefined, true); // the replaced index is shared memory, which V8 does not count towards a collection
    } catch (e) {
      if (!(e instanceof RegistryFileError)) throw e;
      process.stderr.write(`mac-analyze: ${e.message}; the registry loaded before keeps answering\n`);
    }
    return ctx;
  };
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
  const file = values.registry ?? defaultRegistryFile();
  let context: () => ToolContext;
  try {
    const config = loadConfig();
    context = currentContext(file, values.lang, config);
  } catch (e) {
    if (!(e instanceof RegistryFileError || e instanceof ConfigError)) throw e;
    process.stderr.write(`mac-analyze: ${e.message}\n`);
    return e instanceof ConfigError ? 2 : 3;
  }
  const server = new Server({ name: 'mac-analyze', title: 'MAC address analysis', version: projectManifest().version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ name, title, description, inputSchema, outputSchema }) => ({ name, title, description, inputSchema, outputSchema, annotations: { readOnlyHint: true, openWorldHint: false } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => toolResult(request.params.name, request.params.arguments, context()));
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  // A call's arguments may be BATCH_MAX_BYTES of text, escaped in JSON at most 6 bytes a byte:
  // the SDK's default line limit (10 MB) would close the connection on a text the tool accepts.
  await server.connect(new StdioServerTransport(process.stdin, process.stdout, { maxBufferSize: 6 * context().maxBytes + 1024 * 1024 }));
  process.stdin.once('end', () => void server.close());
  await closed;
  return 0;
}
