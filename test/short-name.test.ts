/** Short vendor names: a table of real IEEE organisation names, and rules over the whole registry. */
import { describe, expect, it } from 'vitest';
import { withBundledIeee } from '../src/registry/bundled-ieee.js';
import { SHORT_NAME_MAX, shortName } from '../src/registry/short-name.js';
import { readOuiData } from '../src/registry/source-oui-data.js';

const ROWS: ReadonlyArray<readonly [string, string]> = [
  ['Apple, Inc.', 'Apple'],
  ['Cisco Systems, Inc', 'Cisco'],
  ['Intel Corporate', 'Intel'],
  ['Huawei Technologies Co.,Ltd', 'Huawei'],
  ['Samsung Electronics Co.,Ltd', 'Samsung'],
  ['Hewlett Packard', 'HP'],
  ['Hewlett Packard Enterprise', 'HPE'],
  ['TP-LINK TECHNOLOGIES CO.,LTD.', 'TpLink'],
  ['D-Link International', 'DLink'],
  ['Raspberry Pi Trading Ltd', 'RaspberryPi'],
  ['Hon Hai Precision Ind. Co.,Ltd.', 'HonHai'],
  ['NETGEAR', 'Netgear'],
  ['IEEE Registration Authority', 'IEEE'],
  ['Shenzhen Bilian Electronic Co.,Ltd', 'Bilian'],
  ['Zhejiang Dahua Technology Co., Ltd.', 'Dahua'],
  ['ASUSTek COMPUTER INC.', 'ASUSTek'],
  ['u-blox AG', 'UBlox'],
  ['Société Générale', 'Societe'],
  ['Technology Co., Ltd', 'Technology'],
  ['VMware, Inc.', 'VMware'],
];

describe('shortName', () => {
  it.each(ROWS)('%s → %s', (name, short) => {
    expect(shortName(name)).toBe(short);
  });

  it('is null for a private registration', () => {
    expect(shortName(null)).toBeNull();
  });

  it('over the whole default registry: never empty, never longer than 12 characters; collisions counted', () => {
    const names = new Set(withBundledIeee(readOuiData()).entries.filter((e) => e.name !== null).map((e) => e.name!));
    const byShort = new Map<string, Set<string>>();
    for (const name of names) {
      const s = shortName(name);
      expect(s, name).toMatch(/^\S{1,12}$/);
      expect(s!.length).toBeLessThanOrEqual(SHORT_NAME_MAX);
      const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
      if (!byShort.has(s!)) byShort.set(s!, new Set());
      byShort.get(s!)!.add(key);
    }
    const shared = [...byShort.values()].filter((set) => set.size > 1);
    const involved = shared.reduce((n, set) => n + set.size, 0);
    process.stdout.write(`short names: ${names.size} names → ${byShort.size} short names; ${shared.length} shared by several names (${involved} names)\n`);
    // Most collisions are one company's several registrations (Huawei, Samsung, ZTE…).
    expect(byShort.size / names.size).toBeGreaterThan(0.8);
  });
});
