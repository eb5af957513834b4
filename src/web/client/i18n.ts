/** The page's own texts in both languages, and the language choice (browser default, remembered). */

/** The languages of the page (the service's too). */
export type Lang = 'en' | 'fr';

const en = {
  'page.title': 'MAC address analysis',
  'page.tagline': 'Formats, I/G and U/L bits, IEEE registry owner and reserved addresses, for one address or a whole ARP table.',
  'page.skip': 'Skip to content',
  'lang.label': 'Language',
  'tab.single': 'One address',
  'tab.bulk': 'Bulk',
  'single.label': 'MAC address',
  'single.hint': 'Any common shape: 00:03:93:ab:12:34, 00-03-93-AB-12-34, 0003.93ab.1234, 000393ab1234… or an IPv6 address made from a MAC (fe80::203:93ff:feab:1234).',
  'single.placeholder': 'e.g. 00:03:93:ab:12:34',
  'single.examples': 'Try:',
  'single.loading': 'Analysing…',
  'single.offline': 'The service cannot be reached. Check your connection and try again.',
  'formats.heading': 'Formats',
  'format.canonical': 'Canonical (IEEE 802, colons)',
  'format.hexadecimal': 'Hexadecimal',
  'format.dashed': 'IEEE 802 dashed (Windows)',
  'format.cisco': 'Cisco dotted',
  'format.eui64': 'EUI-64',
  'format.ipv6InterfaceId': 'IPv6 interface ID (modified EUI-64)',
  'format.ipv6LinkLocal': 'IPv6 link-local address',
  'format.bitReversed': 'Bit-reversed (Token Ring order)',
  'copy.button': 'Copy',
  'copy.done': 'Copied',
  'copy.failed': 'Copy failed',
  'copy.label': 'Copy {name}',
  'bits.heading': 'First octet',
  'bits.caption': 'The first octet {octet} in binary, most significant bit first. Bit 0 is I/G, bit 1 is U/L.',
  'bits.ig': 'I/G (bit 0)',
  'bits.ul': 'U/L (bit 1)',
  'bits.bit': 'bit {n}',
  'bits.transmission': 'Transmission',
  'bits.slap': 'SLAP quadrant (IEEE 802c)',
  'transmission.unicast': 'unicast',
  'transmission.multicast': 'multicast',
  'transmission.broadcast': 'broadcast',
  'slap.AAI': 'AAI: administratively assigned identifier',
  'slap.ELI': 'ELI: extended local identifier',
  'slap.SAI': 'SAI: standard assigned identifier',
  'slap.reserved': 'reserved for future use',
  'vendor.heading': 'Manufacturer',
  'vendor.shortName': 'Short name',
  'hints.heading': 'What the address suggests',
  'hints.platform': 'Platform',
  'hints.cid': 'Company ID',
  'hints.quadrant': 'SLAP quadrant',
  'hints.prefix': 'Range',
  'derived.heading': 'Taken from',
  'derived.ipv6': 'The MAC address inside the IPv6 address {value} (its interface ID is the modified EUI-64 of this MAC).',
  'derived.eui64': 'The MAC address inside the EUI-64 {value} (FF-FE removed from its middle).',
  'special.ipv4Groups': 'IPv4 groups (32 share this address)',
  'special.ipv6Group': 'IPv6 group (low 32 bits)',
  'special.solicitedNode': 'Solicited-node group',
  'special.vrid': 'Virtual router ID',
  'special.hsrpGroup': 'HSRP group',
  'special.glbp': 'GLBP group · forwarder',
  'vendor.name': 'Name',
  'vendor.private': 'Private registration (the IEEE publishes no name)',
  'vendor.block': 'Block',
  'vendor.prefix': 'Prefix',
  'vendor.registry': 'Registry',
  'vendor.size': '{size} addresses',
  'vendor.country': 'Country',
  'vendor.address': 'Postal address',
  'vendor.unknown': 'Not given',
  'vendor.none.local': 'Locally administered: the address was set by software or an administrator, so no manufacturer is registered for it.',
  'vendor.none.unassigned': 'No IEEE registry block covers this address.',
  'registry.MA-L': 'MA-L (large block, 2²⁴ addresses)',
  'registry.MA-M': 'MA-M (medium block, 2²⁰ addresses)',
  'registry.MA-S': 'MA-S (small block, 2¹² addresses)',
  'registry.IAB': 'IAB (individual address block, 2¹² addresses)',
  'special.heading': 'Reserved address',
  'special.range': 'Range',
  'special.usage': 'In practice',
  'special.references': 'References',
  'bulk.label': 'Addresses to analyse',
  'bulk.hint': 'Paste an ARP table (Linux, macOS, Windows), a show mac address-table output, DHCP leases, logs or a plain list. Each distinct address is analysed once.',
  'bulk.analyse': 'Analyse',
  'bulk.example': 'Load an example',
  'bulk.clear': 'Clear',
  'bulk.working': 'Analysing…',
  'bulk.found': '{count} distinct addresses found.',
  'bulk.truncated': 'Only the first {count} addresses were analysed (the service’s batch limit).',
  'bulk.none': 'No MAC address was found in this text.',
  'bulk.byRegistry': 'By registry',
  'bulk.byVendor': 'By manufacturer',
  'bulk.others': 'Others',
  'bulk.noVendor': 'No manufacturer',
  'bulk.download': 'Download',
  'bulk.downloadCsv': 'CSV',
  'bulk.downloadNdjson': 'NDJSON',
  'bulk.table': 'Results, one row per address',
  'bulk.sort': 'Sort by {column}',
  'col.address': 'Address',
  'col.vendor': 'Manufacturer',
  'col.registry': 'Registry',
  'col.country': 'Country',
  'col.kind': 'Kind',
  'col.special': 'Reserved use',
  'col.line': 'Line',
  'kind.universal': 'universal',
  'kind.local': 'local',
  'footer.api': 'API: /api/mac/{mac} · OpenAPI document',
} as const;

/** A key of the page's texts. */
export type TextKey = keyof typeof en;

const fr: Record<TextKey, string> = {
  'page.title': 'Analyse d’adresses MAC',
  'page.tagline': 'Formats, bits I/G et U/L, titulaire dans les registres de l’IEEE et adresses réservées, pour une adresse ou toute une table ARP.',
  'page.skip': 'Aller au contenu',
  'lang.label': 'Langue',
  'tab.single': 'Une adresse',
  'tab.bulk': 'En masse',
  'single.label': 'Adresse MAC',
  'single.hint': 'Toutes les formes courantes : 00:03:93:ab:12:34, 00-03-93-AB-12-34, 0003.93ab.1234, 000393ab1234… ou une adresse IPv6 formée à partir d’une MAC (fe80::203:93ff:feab:1234).',
  'single.placeholder': 'p. ex. 00:03:93:ab:12:34',
  'single.examples': 'Essayez :',
  'single.loading': 'Analyse en cours…',
  'single.offline': 'Le service est injoignable. Vérifiez votre connexion et réessayez.',
  'formats.heading': 'Formats',
  'format.canonical': 'Canonique (IEEE 802, deux-points)',
  'format.hexadecimal': 'Hexadécimal',
  'format.dashed': 'IEEE 802 à tirets (Windows)',
  'format.cisco': 'Pointée Cisco',
  'format.eui64': 'EUI-64',
  'format.ipv6InterfaceId': 'Identifiant d’interface IPv6 (EUI-64 modifié)',
  'format.ipv6LinkLocal': 'Adresse IPv6 de lien local',
  'format.bitReversed': 'Bits inversés (ordre Token Ring)',
  'copy.button': 'Copier',
  'copy.done': 'Copié',
  'copy.failed': 'Échec de la copie',
  'copy.label': 'Copier {name}',
  'bits.heading': 'Premier octet',
  'bits.caption': 'Le premier octet {octet} en binaire, bit de poids fort en tête. Le bit 0 est I/G, le bit 1 est U/L.',
  'bits.ig': 'I/G (bit 0)',
  'bits.ul': 'U/L (bit 1)',
  'bits.bit': 'bit {n}',
  'bits.transmission': 'Transmission',
  'bits.slap': 'Quadrant SLAP (IEEE 802c)',
  'transmission.unicast': 'unicast',
  'transmission.multicast': 'multicast',
  'transmission.broadcast': 'diffusion',
  'slap.AAI': 'AAI : identifiant attribué administrativement',
  'slap.ELI': 'ELI : identifiant local étendu',
  'slap.SAI': 'SAI : identifiant attribué par une norme',
  'slap.reserved': 'réservé pour un usage futur',
  'vendor.heading': 'Fabricant',
  'vendor.shortName': 'Nom court',
  'hints.heading': 'Ce que l’adresse suggère',
  'hints.platform': 'Plate-forme',
  'hints.cid': 'Identifiant d’entreprise',
  'hints.quadrant': 'Quadrant SLAP',
  'hints.prefix': 'Plage',
  'derived.heading': 'Extraite de',
  'derived.ipv6': 'L’adresse MAC contenue dans l’adresse IPv6 {value} (son identifiant d’interface est l’EUI-64 modifié de cette MAC).',
  'derived.eui64': 'L’adresse MAC contenue dans l’EUI-64 {value} (FF-FE retiré en son milieu).',
  'special.ipv4Groups': 'Groupes IPv4 (32 partagent cette adresse)',
  'special.ipv6Group': 'Groupe IPv6 (32 bits de poids faible)',
  'special.solicitedNode': 'Groupe de nœud sollicité',
  'special.vrid': 'Identifiant de routeur virtuel',
  'special.hsrpGroup': 'Groupe HSRP',
  'special.glbp': 'Groupe GLBP · transmetteur',
  'vendor.name': 'Nom',
  'vendor.private': 'Enregistrement privé (l’IEEE ne publie pas de nom)',
  'vendor.block': 'Bloc',
  'vendor.prefix': 'Préfixe',
  'vendor.registry': 'Registre',
  'vendor.size': '{size} adresses',
  'vendor.country': 'Pays',
  'vendor.address': 'Adresse postale',
  'vendor.unknown': 'Non indiqué',
  'vendor.none.local': 'Administrée localement : l’adresse a été fixée par un logiciel ou un administrateur, aucun fabricant n’est donc enregistré pour elle.',
  'vendor.none.unassigned': 'Aucun bloc des registres de l’IEEE ne couvre cette adresse.',
  'registry.MA-L': 'MA-L (grand bloc, 2²⁴ adresses)',
  'registry.MA-M': 'MA-M (bloc moyen, 2²⁰ adresses)',
  'registry.MA-S': 'MA-S (petit bloc, 2¹² adresses)',
  'registry.IAB': 'IAB (bloc d’adresses individuelles, 2¹² adresses)',
  'special.heading': 'Adresse réservée',
  'special.range': 'Plage',
  'special.usage': 'En pratique',
  'special.references': 'Références',
  'bulk.label': 'Adresses à analyser',
  'bulk.hint': 'Collez une table ARP (Linux, macOS, Windows), une sortie show mac address-table, des baux DHCP, des journaux ou une simple liste. Chaque adresse distincte est analysée une fois.',
  'bulk.analyse': 'Analyser',
  'bulk.example': 'Charger un exemple',
  'bulk.clear': 'Effacer',
  'bulk.working': 'Analyse en cours…',
  'bulk.found': '{count} adresses distinctes trouvées.',
  'bulk.truncated': 'Seules les {count} premières adresses ont été analysées (limite de lot du service).',
  'bulk.none': 'Aucune adresse MAC n’a été trouvée dans ce texte.',
  'bulk.byRegistry': 'Par registre',
  'bulk.byVendor': 'Par fabricant',
  'bulk.others': 'Autres',
  'bulk.noVendor': 'Sans fabricant',
  'bulk.download': 'Télécharger',
  'bulk.downloadCsv': 'CSV',
  'bulk.downloadNdjson': 'NDJSON',
  'bulk.table': 'Résultats, une ligne par adresse',
  'bulk.sort': 'Trier par {column}',
  'col.address': 'Adresse',
  'col.vendor': 'Fabricant',
  'col.registry': 'Registre',
  'col.country': 'Pays',
  'col.kind': 'Type',
  'col.special': 'Usage réservé',
  'col.line': 'Ligne',
  'kind.universal': 'universelle',
  'kind.local': 'locale',
  'footer.api': 'API : /api/mac/{mac} · document OpenAPI',
};

const TEXTS: Record<Lang, Record<TextKey, string>> = { en, fr };
const STORAGE_KEY = 'mac-analysis.lang';

let current: Lang = 'en';

/** The language in use. */
export function lang(): Lang {
  return current;
}

/** The language to start with: the remembered choice, else the browser's, else English. */
export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'fr') return saved;
  } catch {
    // storage can be disabled; fall back to the browser
  }
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

/** Switches the language and remembers the choice. */
export function setLang(next: Lang): void {
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // not remembered when storage is disabled
  }
}

/** A text of the page in the current language, with `{name}` placeholders filled. */
export function tr(key: TextKey, vars: Readonly<Record<string, string | number>> = {}): string {
  return TEXTS[current][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/** Formats a number for the current language. */
export function num(n: number): string {
  return n.toLocaleString(current === 'fr' ? 'fr-FR' : 'en-GB');
}
