/**
 * The layers of docs/ARCHITECTURE.md, from the ground up: a module may import its own layer and
 * the ones below, never one above. Every relative import of every source file counts, type-only
 * imports included (a type is a dependency too).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Layer of each top folder of src/ (and of workers/), as docs/ARCHITECTURE.md lists them. */
const LAYERS: Readonly<Record<string, number>> = {
  mac: 1, render: 1, csv: 1, i18n: 1, host: 1, contract: 1,
  registry: 2, special: 2, hints: 2, extract: 2,
  analysis: 3, catalog: 3, web: 3,
  batch: 4, workers: 4,
  http: 5, cli: 5, library: 5,
  server: 6, image: 6, mcp: 6,
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

// The layer folder of a file of the tree at `root`: its first folder under src/, or workers.
function folderOf(root: string, file: string): string {
  const rel = relative(root, file).split('/');
  return rel[0] === 'src' ? rel[1] : rel[0];
}

/** Every import, in the tree at `root` (src/ and workers/), of a layer above the importer's. */
function upwardImports(root: string): string[] {
  const files = [...sources(join(root, 'src')), ...(existsSync(join(root, 'workers')) ? sources(join(root, 'workers')) : [])];
  const upward: string[] = [];
  for (const file of files) {
    const from = folderOf(root, file);
    for (const m of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
      const to = folderOf(root, resolve(dirname(file), m[1]));
      if (LAYERS[to] !== undefined && LAYERS[to] > LAYERS[from]) upward.push(`${relative(root, file)} (${from}, ${LAYERS[from]}) imports ${m[1]} (${to}, ${LAYERS[to]})`);
    }
  }
  return upward;
}

describe('layers (docs/ARCHITECTURE.md)', () => {
  const root = resolve('.');
  const files = [...sources('src'), ...sources('workers')].map((f) => resolve(f));

  it('every folder has a layer', () => {
    expect([...new Set(files.map((f) => folderOf(root, f)))].filter((f) => LAYERS[f] === undefined)).toEqual([]);
  });

  it('no module imports a layer above its own', () => {
    expect(upwardImports(root)).toEqual([]);
  });

  it('src/registry imports neither analysis nor batch', () => {
    const found = files
      .filter((f) => folderOf(root, f) === 'registry')
      .filter((f) => /from '\.\.\/(analysis|batch)\//.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(found).toEqual([]);
  });

  it('the two rooms of layer 3, analysis and the registry service (catalog), do not import each other', () => {
    const found = files
      .filter((f) => ['analysis', 'catalog'].includes(folderOf(root, f)))
      .filter((f) => new RegExp(`from '\\.\\./${folderOf(root, f) === 'analysis' ? 'catalog' : 'analysis'}/`).test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(found).toEqual([]);
  });

  it('no module imports itself through others, type-only imports included (an import circle)', () => {
    const importsOf = new Map(files.map((f) => [f, [...readFileSync(f, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)].map((m) => resolve(dirname(f), m[1]).replace(/\.js$/, '.ts'))]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]): void => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') return void circles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(root, p)).join(' → '));
      state.set(f, 'open');
      for (const g of importsOf.get(f) ?? []) if (importsOf.has(g)) visit(g, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(circles).toEqual([]);
  });

  it('finds an upward import, type-only or multi-line, in a tree that has one', () => {
    const tree = mkdtempSync(join(tmpdir(), 'mac-layers-'));
    mkdirSync(join(tree, 'src/registry'), { recursive: true });
    mkdirSync(join(tree, 'src/http'), { recursive: true });
    writeFileSync(join(tree, 'src/http/routes.ts'), "import { x } from '../registry/a.js';\n");
    writeFileSync(join(tree, 'src/registry/a.ts'), "import type {\n  Reply,\n} from '../http/respond.js';\nexport const x = 1;\n");
    expect(upwardImports(tree)).toEqual(["src/registry/a.ts (registry, 2) imports ../http/respond.js (http, 5)"]);
  });
});
