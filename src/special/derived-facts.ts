/**
 * Facts computed from a special address itself, written as `special.derived`:
 * - `ipv4Groups`: the 32 IPv4 groups an 01:00:5E address stands for (RFC 1112 §6.4 maps only
 *   the low 23 bits of the group, so 5 bits are lost);
 * - `ipv6Group`: for 33:33:xx:xx:xx:xx, the group's low 32 bits (RFC 2464 §7), as
 *   `ff0X::xxxx:xxxx` (scope and upper bits are not carried), and `solicitedNode` when the
 *   address is 33:33:FF:…, whose group is ff02::1:ffXX:XXXX exactly (RFC 4291 §2.7.1);
 * - `vrid`: the virtual router id of a VRRP or CARP address (RFC 5798 §7.3: 00:00:5E:00:01:VRID
 *   for IPv4, 00:00:5E:00:02:VRID for IPv6);
 * - `hsrpGroup`: HSRP v1 (00:00:0C:07:AC:GG) and v2 (00:00:0C:9F:FG:GG, 12 bits);
 * - `glbpGroup` and `glbpForwarder`: GLBP, 00:07:B4 then 6 zero bits, a 10-bit group and an
 *   8-bit forwarder.
 * Computed per request from a few comparisons, only for addresses that have a special entry.
 */
import { high24, low24 } from '../mac/octets.js';

/** The `special.derived` member: the facts of one address (which apply depends on its entry). */
export interface DerivedFacts {
  ipv4Groups?: string[];
  ipv6Group?: string;
  solicitedNode?: string;
  vrid?: number;
  hsrpGroup?: number;
  glbpGroup?: number;
  glbpForwarder?: number;
}

const hex4 = (n: number) => n.toString(16);

/** The `special.derived` facts of `mac`, or null when it has none. */
export function derivedFacts(mac: number): DerivedFacts | null {
  const hi = high24(mac);
  const lo = low24(mac);
  if (hi === 0x01005e && lo < 0x800000) {
    const b2 = lo >>> 16;
    const b3 = (lo >>> 8) & 255;
    const b4 = lo & 255;
    const groups: string[] = [];
    for (let first = 224; first < 240; first++) for (const high of [0, 128]) groups.push(`${first}.${high | b2}.${b3}.${b4}`);
    return { ipv4Groups: groups };
  }
  if (hi >>> 8 === 0x3333) {
    const low32 = (hi & 255) * 2 ** 24 + lo;
    const upper = Math.floor(low32 / 65536);
    const lower = low32 % 65536;
    const facts: DerivedFacts = { ipv6Group: upper === 0 ? `ff0X::${hex4(lower)}` : `ff0X::${hex4(upper)}:${hex4(lower)}` };
    if ((hi & 255) === 0xff) facts.solicitedNode = `ff02::1:${hex4(upper)}:${hex4(lower)}`;
    return facts;
  }
  if (hi === 0x00005e && (lo >>> 8 === 0x0001 || lo >>> 8 === 0x0002)) return { vrid: lo & 255 };
  if (hi === 0x00000c && lo >>> 8 === 0x07ac) return { hsrpGroup: lo & 255 };
  if (hi === 0x00000c && lo >>> 12 === 0x9ff) return { hsrpGroup: lo & 0xfff };
  if (hi === 0x0007b4 && lo >>> 18 === 0) return { glbpGroup: lo >>> 8, glbpForwarder: lo & 255 };
  return null;
}
