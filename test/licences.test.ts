/** Every package the service ships is under a licence compatible with the project's, Apache-2.0 (the SBOM says which: src/image/sbom.ts). */
import { describe, expect, it } from 'vitest';
import { incompatibleLicences, sbomComponent } from '../src/image/sbom.js';
import { productionPackages } from '../src/image/stage-runtime.js';
import { readFileSync } from 'node:fs';

describe('licences', () => {
  it('every production package is under a licence compatible with Apache-2.0', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { license?: string }> };
    const components = productionPackages('.').map((p) => sbomComponent(p, lock.packages[p]));
    expect(components.length).toBeGreaterThan(50);
    expect(incompatibleLicences(components)).toEqual([]);
  });

  it('names a package under a licence that is not, or under none; reads OR and AND', () => {
    const of = (license?: string) => sbomComponent('node_modules/x', { version: '1.0.0', ...(license ? { license } : {}) });
    expect(incompatibleLicences([of('GPL-3.0-only'), of(), of('(MIT OR GPL-3.0-only)'), of('MIT AND GPL-2.0-only'), of('Apache-2.0 AND MIT')])).toEqual(['x@1.0.0: GPL-3.0-only', 'x@1.0.0: no licence', 'x@1.0.0: MIT AND GPL-2.0-only']);
  });
});
