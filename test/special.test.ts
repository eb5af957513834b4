import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { CATALOGUE } from '../src/special/catalogue.js';
import type { SpecialEntry } from '../src/special/entry.js';
import { catalogueProblems } from '../src/special/validate.js';

let analyzer: Analyzer;
beforeAll(() => {
  analyzer = loadAnalyzer();
});

const special = (mac: string) => {
  const r = analyzer.analyze(mac, 'en');
  if (!r.ok) throw new Error(r.detail);
  return r.analysis.special;
};

describe('special-address catalogue', () => {
  it('is sound: unique ids, both languages, references, no ambiguous overlap', () => {
    expect(catalogueProblems(CATALOGUE)).toEqual([]);
  });

  it.each([
    ['ff:ff:ff:ff:ff:ff', 'broadcast'],
    ['00:00:00:00:00:00', 'null-address'],
    ['01:00:5e:00:00:fb', 'ipv4-mdns'],
    ['01:00:5e:12:34:56', 'ipv4-multicast'],
    ['01:00:5e:00:00:42', 'ipv4-local-control'],
    ['01:00:5e:7f:00:05', 'ipv4-admin-local-scope'],
    ['01:00:5e:7f:ff:fa', 'ipv4-ssdp'],
    ['01:00:5e:81:23:45', 'mpls-multicast'],
    ['01:00:5e:90:00:01', 'micro-bfd-lag'],
    ['01:00:5e:90:10:01', 'documentation-multicast'],
    ['01:00:5e:a0:00:01', 'iana-multicast'],
    ['33:33:00:00:00:01', 'ipv6-all-nodes'],
    ['33:33:ff:12:34:56', 'ipv6-solicited-node'],
    ['33:33:12:34:56:78', 'ipv6-multicast'],
    ['00:00:5e:00:52:13', 'pmipv6'],
    ['01:80:c2:00:00:00', 'stp-bridge-group'],
    ['01:80:c2:00:00:01', 'mac-control-pause'],
    ['01:80:c2:00:00:02', 'slow-protocols'],
    ['01:80:c2:00:00:03', 'pae-8021x'],
    ['01:80:c2:00:00:0e', 'lldp-nearest-bridge'],
    ['01:80:c2:00:00:21', 'mrp-applications'],
    ['01:80:c2:00:00:33', 'cfm-class-1'],
    ['01:80:c2:00:00:3a', 'cfm-class-2'],
    ['01:80:c2:00:00:0b', 'ede-ss-pep'],
    ['01:80:c2:00:00:40', 'trill-all-rbridges'],
    ['01:80:c2:00:00:14', 'isis-all-l1'],
    ['01:80:c2:00:00:15', 'isis-all-l2'],
    ['09:00:2b:00:00:05', 'isis-all-is'],
    ['01:1b:19:00:00:00', 'ptp-multicast'],
    ['01:00:0c:cc:cc:cc', 'cisco-cdp-vtp-dtp'],
    ['01:00:0c:cc:cc:cd', 'cisco-pvst'],
    ['00:00:0c:07:ac:01', 'hsrp-v1'],
    ['00:00:0c:9f:f0:0a', 'hsrp-v2'],
    ['00:00:5e:00:01:01', 'vrrp-ipv4'],
    ['00:00:5e:00:02:01', 'vrrp-ipv6'],
    ['00:00:5e:00:53:01', 'documentation-unicast'],
    ['00:00:5e:12:34:56', 'iana-unicast'],
    ['00:07:b4:00:01:02', 'glbp'],
    ['02:bf:c0:a8:01:0a', 'ms-nlb-unicast-cluster'],
    ['02:05:c0:a8:01:0a', 'ms-nlb-host-5'],
    ['03:bf:c0:a8:01:0a', 'ms-nlb-multicast-cluster'],
    ['00:09:0f:09:01:02', 'fortinet-fgcp-virtual'],
    ['03:00:00:00:00:01', 'token-ring-netbios'],
    ['03:00:00:00:12:34', 'token-ring-functional'],
    ['09:00:2b:00:00:0f', 'dec-lat'],
    ['09:00:2b:77:00:00', 'dec-multicast'],
    ['aa:00:04:00:0a:04', 'decnet-phase-iv'],
    ['01:10:18:01:00:02', 'fcoe-all-fcf-macs'],
    ['20:53:45:4e:44:07', 'windows-ndiswan-send'],
  ])('%s is %s', (mac, id) => {
    expect(special(mac)?.id).toBe(id);
  });

  it('each of 01-80-C2-00-00-00 to -0F has its own entry', () => {
    const ids = new Set<string>();
    for (let n = 0; n < 16; n++) {
      const s = special(`01:80:c2:00:00:${n.toString(16).padStart(2, '0')}`);
      expect(s?.range.first).toBe(s?.range.last);
      ids.add(s!.id);
    }
    expect(ids.size).toBe(16);
  });

  it('the most specific entry wins, and ranges are reported', () => {
    expect(special('01:00:5e:12:34:56')).toMatchObject({ id: 'ipv4-multicast', range: { first: '01:00:5E:00:00:00', last: '01:00:5E:7F:FF:FF' }, references: ['RFC 1112 §6.4', 'RFC 7042 §2.1.1'] });
    expect(special('00:00:5e:00:01:ff')?.id).toBe('vrrp-ipv4');
    expect(special('00:00:5e:00:03:00')?.id).toBe('iana-unicast');
  });

  it('Token Ring functional addresses also give their Token Ring bit order', () => {
    expect(special('03:00:00:00:00:80')?.summary).toContain('C0-00-00-00-00-01');
    expect(special('03:00:00:20:00:00')?.summary).toContain('C0-00-00-04-00-00');
  });

  it('ordinary addresses have none', () => {
    expect(special('00:03:93:ab:12:34')).toBeNull();
    expect(special('01:80:c2:00:00:4f')).toBeNull();
    expect(special('02:42:ac:11:00:02')).toBeNull();
    expect(special('fe:ff:ff:ff:ff:ff')).toBeNull();
  });

  it('the checker catches duplicate ids, missing texts and ambiguous overlaps', () => {
    const text = { title: 't', summary: 's', usage: 'u' };
    const e = (id: string, first: string, last?: string): SpecialEntry => ({ id, first, last, references: ['x'], text: { en: text, fr: text } });
    expect(catalogueProblems([e('a', '00:00:00:00:00:01'), e('a', '00:00:00:00:00:02')])).toEqual(['a: duplicate id']);
    expect(catalogueProblems([e('a', '00:00:00:00:00:00', '00:00:00:00:00:0F'), e('b', '00:00:00:00:00:08', '00:00:00:00:00:1F')])).toEqual([
      'a and b: ranges overlap without nesting',
    ]);
    expect(catalogueProblems([e('a', '00:00:00:00:00:01'), e('b', '00:00:00:00:00:01')])).toEqual(['a and b: same range']);
    const noFrench = { ...e('c', '00:00:00:00:00:03'), text: { en: text, fr: { ...text, usage: ' ' } } };
    expect(catalogueProblems([noFrench])).toEqual(['c: missing fr usage']);
  });
});
