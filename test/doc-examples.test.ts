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
import { examplesIn, matchesShown } from './helpers/doc-examples.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';

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
