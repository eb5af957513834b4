/**
 * The `hints` of an analysis (what the address itself suggests beyond its registry entry),
 * as objects built once per thread (analysis/pieces.ts keeps them serialised too), so a
 * request only picks them:
 * - `virtual-machine` / `container` with `platform` (a stable id) and `platformName` (its
 *   display name): the platforms' OUIs and local ranges;
 * - `cid` with `name` and `prefix`: a local address in the ELI quadrant (IEEE 802c) whose
 *   first 24 bits are an IEEE Company ID;
 * - `randomized` with `quadrant`: any other locally administered unicast address, the kind
 *   phones and laptops make up for privacy;
 * - `site` with `name`, `note` and `prefix`: the operator's own named ranges (overlay.ts),
 *   given before the others.
 */
import type { Hint } from '../contract/openapi-types.js';
import type { Lang } from '../i18n/lang.js';
import { colonHex } from '../mac/prefix.js';
import type { Overlay } from './overlay.js';
import { PLATFORMS } from './platforms.js';
import { firstSeenOf, UNDATED } from '../registry/first-seen.js';

/** The SLAP quadrants (IEEE 802c) of a local address, by its Y and Z bits (bits 3 and 2 of the first octet). */
export const QUADRANTS = ['AAI', 'reserved', 'ELI', 'SAI'] as const;

const RANDOMIZED = {
  en: {
    title: 'Probably a randomized (private) address',
    summary: (q: string) =>
      `A locally administered unicast address (SLAP quadrant ${q}, IEEE 802c) that matches no known virtual-machine or container range and no IEEE Company ID: the kind Android, iOS, Windows and Linux (NetworkManager) make up for Wi-Fi privacy. It says nothing of the manufacturer, and it may change per network or over time, so it can neither identify the device's maker nor follow the device.`,
  },
  fr: {
    title: 'Probablement une adresse aléatoire (privée)',
    summary: (q: string) =>
      `Adresse unicast administrée localement (quadrant SLAP ${q}, IEEE 802c) qui ne correspond à aucune plage connue de machine virtuelle ou de conteneur, ni à aucun identifiant d’entreprise (CID) de l’IEEE : c’est le genre d’adresse qu’Android, iOS, Windows et Linux (NetworkManager) inventent pour la confidentialité Wi-Fi. Elle ne dit rien du fabricant et peut changer d’un réseau à l’autre ou avec le temps : elle ne permet ni de connaître le fabricant de l’appareil, ni de suivre l’appareil.`,
  },
} as const;

const CID = {
  en: {
    title: (name: string) => `Company ID of ${name}`,
    summary: (name: string, prefix: string) =>
      `A locally administered address in the ELI quadrant (IEEE 802c) whose first 24 bits, ${prefix}, are the IEEE Company ID of ${name}: software or devices of that company set it. A CID is not a vendor block: it does not say who made the hardware.`,
  },
  fr: {
    title: (name: string) => `Identifiant d’entreprise (CID) de ${name}`,
    summary: (name: string, prefix: string) =>
      `Adresse administrée localement du quadrant ELI (IEEE 802c) dont les 24 premiers bits, ${prefix}, sont l’identifiant d’entreprise (CID) attribué par l’IEEE à ${name} : un logiciel ou un appareil de cette entreprise l’a fixée. Un CID n’est pas un bloc de fabricant : il ne dit pas qui a fabriqué le matériel.`,
  },
} as const;

/** The hints of one language, in a fixed order: platforms, then quadrants, then CIDs (with their first-seen dates, first-seen.ts). */
export function hintObjects(lang: Lang, cidNames: readonly (string | null)[], cidPrefixes: ArrayLike<number>, cidDates: ArrayLike<number> = []): Hint[] {
  const cid = (i: number): Hint => {
    const name = cidNames[i] ?? '(private)';
    const prefix = colonHex(cidPrefixes[i], 6);
    return { id: 'cid' as const, title: CID[lang].title(name), summary: CID[lang].summary(name, prefix), name: cidNames[i], prefix, firstSeen: firstSeenOf(cidDates[i] ?? UNDATED) };
  };
  return [
    ...PLATFORMS.map((p) => ({ id: p.kind, title: p.text[lang].title, summary: p.text[lang].summary, platform: p.id, platformName: p.text[lang].name, references: [...p.references] })),
    ...QUADRANTS.map((q) => ({ id: 'randomized' as const, title: RANDOMIZED[lang].title, summary: RANDOMIZED[lang].summary(q), quadrant: q })),
    ...Array.from({ length: cidNames.length }, (_, i) => cid(i)),
  ];
}

/** The platforms' prefixes: the platform of a 24-bit prefix. */
export class PlatformPrefixes {
  private readonly map = new Map<number, number>();
  // Which top 12 bits any prefix has: most addresses are answered here, without the map.
  private readonly buckets = new Uint8Array(4096);

  constructor() {
    PLATFORMS.forEach((p, i) => {
      for (const prefix of p.prefixes) {
        const value = parseInt(prefix, 16);
        if (prefix.length === 6) this.map.set(value, i);
        else for (let low = 0; low < 256; low++) this.map.set(value * 256 + low, i); // a 16-bit local prefix
      }
    });
    for (const prefix of this.map.keys()) this.buckets[prefix >>> 12] = 1;
  }

  /** The index in PLATFORMS of the platform of 24-bit prefix `hi24`, or -1. */
  get(hi24: number): number {
    return this.buckets[hi24 >>> 12] === 0 ? -1 : (this.map.get(hi24) ?? -1);
  }
}

/** Number of hints hintObjects makes before the CIDs. */
export const FIXED_HINTS = PLATFORMS.length + QUADRANTS.length;

const SITE = {
  en: { title: (name: string) => `Site range: ${name}`, summary: 'A range this site’s operator named (REGISTRY_OVERLAY); the vendor above is the IEEE registry’s, unchanged.' },
  fr: { title: (name: string) => `Plage du site : ${name}`, summary: 'Une plage nommée par l’exploitant de ce site (REGISTRY_OVERLAY) ; le fabricant ci-dessus est celui du registre de l’IEEE, inchangé.' },
} as const;

/** The `site` hint of each overlay range, in `lang` (none without an overlay). */
export function siteObjects(lang: Lang, overlay: Overlay | null): Hint[] {
  return (overlay?.entries ?? []).map((e) => ({ id: 'site' as const, title: SITE[lang].title(e.name), summary: e.note ?? SITE[lang].summary, name: e.name, note: e.note, prefix: `${e.prefix}/${e.length}` }));
}
