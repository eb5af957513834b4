/**
 * The examples in README.md and docs/ that show a command's output, run against a live server
 * and compared with what the page shows, on each engine: a stale example fails here. An
 * example is a `curl` command line (in a ```sh block) followed by its output, as `# ` lines
 * or as the block right after. In the shown output `…` stands for any text (volatile values
 * such as data version hashes and request ids, or parts left out).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';

interface Example {
  readonly file: string;
  readonly line: number;
  readonly command: string;
  readonly output: string;
}

/** Every shown-output example of a Markdown text. */
export function examplesIn(file: string, text: string): Example[] {
  const lines = text.split('\n');
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```sh') continue;
    const commands: Array<{ line: number; command: string; output: string[] }> = [];
    let j = i + 1;
    for (; j < lines.length && lines[j].trim() !== '```'; j++) {
      const l = lines[j];
      if (l.startsWith('# ') && commands.length > 0) commands[commands.length - 1].output.push(l.slice(2));
      else if (l.trim() !== '' && !l.startsWith('#')) {
        let command = l;
        while (command.endsWith('\\') && j + 1 < lines.length) command = `${command.slice(0, -1)} ${lines[++j].trim()}`;
        commands.push({ line: j + 1, command: command.replace(/\s+#\s.*$/, ''), output: [] });
      }
    }
    // A block right after a one-command block is that command's output.
    if (commands.length === 1 && commands[0].output.length === 0 && /^```\w*$/.test(lines[j + 1]?.trim() ?? '') && lines[j + 1].trim() !== '```sh') {
      let k = j + 2;
      for (; k < lines.length && lines[k].trim() !== '```'; k++) commands[0].output.push(lines[k]);
    }
    for (const c of commands) if (c.output.length > 0 && c.command.includes('localhost:8080')) out.push({ file, line: c.line, command: c.command, output: c.output.join('\n') });
    i = j;
  }
  return out;
}

/** True when `actual` is `shown`, where each `…` in `shown` stands for any text. */
export function matchesShown(actual: string, shown: string): boolean {
  const pattern = shown
    .split('…')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(actual);
}

const DOCS = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const EXAMPLES = DOCS.flatMap((f) => examplesIn(f, readFileSync(f, 'utf8')));

describe('the example finder', () => {
  it('finds the shown-output examples (README and docs)', () => {
    expect(EXAMPLES.filter((e) => e.file === 'README.md').length).toBeGreaterThanOrEqual(5);
    expect(EXAMPLES.filter((e) => e.file.startsWith('docs/')).length).toBeGreaterThanOrEqual(2);
  });

  it('reads outputs as comment lines or as the next block, and `…` as any text', () => {
    const md = '```sh\ncurl -s http://localhost:8080/a   # note\n# {"a":1,…}\ncurl http://localhost:8080/b\n```\n\n```sh\ncurl -s http://localhost:8080/c\n```\n```json\n{"c":2}\n```\n';
    expect(examplesIn('x.md', md).map((e) => [e.command, e.output])).toEqual([
      ['curl -s http://localhost:8080/a', '{"a":1,…}'],
      ['curl -s http://localhost:8080/c', '{"c":2}'],
    ]);
    expect(matchesShown('{"a":1,"b":2}', '{"a":1,…}')).toBe(true);
    expect(matchesShown('{"a":2}', '{"a":1…}')).toBe(false);
    expect(matchesShown('x\ny', 'x')).toBe(false);
  });
});

describe.each(ENGINES)('%s engine', (engine) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(EXAMPLES.map((e) => [`${e.file}:${e.line}`, e] as const))('%s shows what the service answers', async (_where, e) => {
    const command = e.command.replaceAll('localhost:8080', `127.0.0.1:${server.port}`);
    const actual = await new Promise<string>((resolve, reject) =>
      execFile('/bin/sh', ['-c', command], { timeout: 20_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => (err ? reject(new Error(`${command}: ${stderr || err.message}`)) : resolve(stdout))),
    );
    expect(matchesShown(actual.trimEnd(), e.output), `${e.file}:${e.line} shows\n${e.output}\nbut the service answered\n${actual.trimEnd()}`).toBe(true);
  });
});
