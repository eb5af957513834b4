/**
 * A CycloneDX 1.5 SBOM of the packages a staged runtime tree ships, from package-lock.json:
 * name, version, package URL, licence and the lock's integrity hash of each. Written by
 * stage-runtime.ts as sbom.cdx.json beside the service. (`npm sbom --omit dev`, npm 11.19,
 * leaves out production packages that dev packages also use, ajv and its four dependencies
 * here, and without --omit it lists the whole lock: neither describes what ships.)
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectManifest } from '../registry/paths.js';

interface LockEntry {
  readonly version?: string;
  readonly name?: string;
  readonly integrity?: string;
  readonly license?: string;
}

/** One CycloneDX component. */
export interface SbomComponent {
  readonly type: 'library';
  readonly 'bom-ref': string;
  readonly name: string;
  readonly version: string;
  readonly purl: string;
  readonly licenses?: ReadonlyArray<{ readonly expression: string }>;
  readonly hashes?: ReadonlyArray<{ readonly alg: 'SHA-512' | 'SHA-384' | 'SHA-256' | 'SHA-1'; readonly content: string }>;
}

// The registry name of a lock path (node_modules/a/node_modules/@s/b → @s/b); the lock names
// an npm: alias's real package (uWebSockets.js → @trufflesuite/uws-js-unofficial) itself.
function registryName(path: string, entry: LockEntry): string {
  return entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

function purl(name: string, version: string): string {
  const [scope, base] = name.startsWith('@') ? [name.slice(0, name.indexOf('/')), name.slice(name.indexOf('/') + 1)] : [null, name];
  return `pkg:npm/${scope ? `${encodeURIComponent(scope)}/` : ''}${encodeURIComponent(base)}@${encodeURIComponent(version)}`;
}

const ALGORITHMS = { sha512: 'SHA-512', sha384: 'SHA-384', sha256: 'SHA-256', sha1: 'SHA-1' } as const;

/** The component of one lock entry. */
export function sbomComponent(path: string, entry: LockEntry): SbomComponent {
  const name = registryName(path, entry);
  const version = entry.version ?? '0.0.0';
  const [alg, b64] = (entry.integrity ?? '').split('-');
  const algorithm = ALGORITHMS[alg as keyof typeof ALGORITHMS];
  return {
    type: 'library',
    'bom-ref': `${name}@${version}`,
    name,
    version,
    purl: purl(name, version),
    ...(entry.license ? { licenses: [{ expression: entry.license }] } : {}),
    ...(algorithm && b64 ? { hashes: [{ alg: algorithm, content: Buffer.from(b64, 'base64').toString('hex') }] } : {}),
  };
}

/** The licences (SPDX) an Apache-2.0 project may ship its dependencies under. */
export const COMPATIBLE_LICENCES: ReadonlySet<string> = new Set(['MIT', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD', 'CC0-1.0', 'Unlicense', 'BlueOak-1.0.0']);

/** The components whose licence is unknown or not compatible with Apache-2.0 (of an SPDX expression, one alternative of an OR, every term of an AND). */
export function incompatibleLicences(components: readonly SbomComponent[]): string[] {
  const ok = (e: string) => e.split(/\s+OR\s+/).some((alt) => alt.replace(/[()]/g, '').split(/\s+AND\s+/).every((id) => COMPATIBLE_LICENCES.has(id.trim())));
  return components.filter((c) => !c.licenses?.some((l) => ok(l.expression))).map((c) => `${c['bom-ref']}: ${c.licenses?.map((l) => l.expression).join(', ') ?? 'no licence'}`);
}

/** The SBOM document for the packages at `paths` (node_modules/…) of the project at `root`. */
export function runtimeSbom(root: string, paths: readonly string[]): Record<string, unknown> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const pkg = projectManifest(root);
  const components = paths.map((p) => sbomComponent(p, lock.packages[p])).sort((a, b) => a['bom-ref'].localeCompare(b['bom-ref']));
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: new Date().toISOString(),
      tools: { components: [{ type: 'application', name: 'stage-runtime', version: pkg.version }] },
      component: { type: 'application', 'bom-ref': `${pkg.name}@${pkg.version}`, name: pkg.name, version: pkg.version, licenses: [{ expression: pkg.license }] },
    },
    components,
    dependencies: [{ ref: `${pkg.name}@${pkg.version}`, dependsOn: components.map((c) => c['bom-ref']) }],
  };
}
