/**
 * The catalogue of special and reserved addresses. Adding an entry is a data change: append
 * an object here; the build-time checks (test/special.test.ts) verify ids, languages and
 * overlaps. When ranges nest, the most specific (smallest) one is reported.
 */
import type { SpecialEntry } from './entry.js';

/** Every catalogued entry. */
export const CATALOGUE: readonly SpecialEntry[] = [
  {
    id: 'broadcast',
    first: 'FF:FF:FF:FF:FF:FF',
    references: ['IEEE 802-2014 §8.2', 'RFC 894'],
    text: {
      en: {
        title: 'Broadcast address',
        summary: 'The all-ones address: every station on the LAN segment or VLAN receives the frame.',
        usage: 'Seen in ARP requests, DHCP discovery and other discovery protocols. It is never a source address; a frame sourced from it is malformed or forged.',
      },
      fr: {
        title: 'Adresse de diffusion',
        summary: 'L’adresse dont tous les bits valent 1 : toutes les stations du segment ou du VLAN reçoivent la trame.',
        usage: 'Utilisée par les requêtes ARP, la découverte DHCP et d’autres protocoles de découverte. Elle n’est jamais une adresse source ; une trame qui la porte en source est malformée ou forgée.',
      },
    },
  },
  {
    id: 'null-address',
    first: '00:00:00:00:00:00',
    references: ['IEEE 802-2014'],
    text: {
      en: {
        title: 'All-zero address',
        summary: 'The null MAC address. It sits in an old Xerox block but identifies no real interface.',
        usage: 'Shows up as a placeholder: an unconfigured or virtual interface, a failed driver read, or an incomplete ARP entry. Treat it as “no address”.',
      },
      fr: {
        title: 'Adresse nulle',
        summary: 'L’adresse MAC dont tous les bits valent 0. Elle tombe dans un ancien bloc de Xerox mais ne désigne aucune interface réelle.',
        usage: 'Apparaît comme valeur par défaut : interface virtuelle ou non configurée, lecture échouée du pilote, entrée ARP incomplète. À traiter comme « pas d’adresse ».',
      },
    },
  },
  {
    id: 'iana-unicast',
    first: '00:00:5E:00:00:00',
    last: '00:00:5E:FF:FF:FF',
    references: ['RFC 7042 §2.1'],
    text: {
      en: {
        title: 'IANA unicast block',
        summary: 'The OUI 00-00-5E, held by IANA; its unicast addresses are assigned to IETF protocols.',
        usage: 'Protocols such as VRRP and documentation examples take their addresses from it. An address here that matches no known assignment deserves a look at the IANA Ethernet numbers registry.',
      },
      fr: {
        title: 'Bloc unicast de l’IANA',
        summary: 'L’OUI 00-00-5E, détenu par l’IANA ; ses adresses unicast sont attribuées à des protocoles de l’IETF.',
        usage: 'Des protocoles comme VRRP et les exemples de documentation y prennent leurs adresses. Une adresse de ce bloc qui ne correspond à aucune attribution connue mérite une vérification dans le registre « Ethernet Numbers » de l’IANA.',
      },
    },
  },
  {
    id: 'vrrp-ipv4',
    first: '00:00:5E:00:01:00',
    last: '00:00:5E:00:01:FF',
    references: ['RFC 5798 §7.3', 'RFC 7042'],
    text: {
      en: {
        title: 'VRRP virtual router (IPv4)',
        summary: 'Virtual MAC address of a VRRP router for IPv4; the last octet is the virtual router ID (VRID).',
        usage: 'Owned by whichever router is master for that VRID, so it moves between physical routers on failover. Two groups sharing a VRID on one segment cause flapping.',
      },
      fr: {
        title: 'Routeur virtuel VRRP (IPv4)',
        summary: 'Adresse MAC virtuelle d’un routeur VRRP pour IPv4 ; le dernier octet est l’identifiant du routeur virtuel (VRID).',
        usage: 'Portée par le routeur maître de ce VRID, elle passe d’un routeur physique à l’autre lors d’une bascule. Deux groupes utilisant le même VRID sur un segment provoquent des oscillations.',
      },
    },
  },
  {
    id: 'vrrp-ipv6',
    first: '00:00:5E:00:02:00',
    last: '00:00:5E:00:02:FF',
    references: ['RFC 5798 §7.3', 'RFC 7042'],
    text: {
      en: {
        title: 'VRRP virtual router (IPv6)',
        summary: 'Virtual MAC address of a VRRP version 3 router for IPv6; the last octet is the VRID.',
        usage: 'Answers neighbour discovery for the virtual IPv6 gateway. It follows the master router, like its IPv4 counterpart.',
      },
      fr: {
        title: 'Routeur virtuel VRRP (IPv6)',
        summary: 'Adresse MAC virtuelle d’un routeur VRRP version 3 pour IPv6 ; le dernier octet est le VRID.',
        usage: 'Répond à la découverte de voisins pour la passerelle IPv6 virtuelle. Elle suit le routeur maître, comme son équivalent IPv4.',
      },
    },
  },
  {
    id: 'documentation-unicast',
    first: '00:00:5E:00:53:00',
    last: '00:00:5E:00:53:FF',
    references: ['RFC 7042 §2.1.1'],
    text: {
      en: {
        title: 'Documentation (unicast)',
        summary: 'Unicast addresses reserved for use in documentation and examples.',
        usage: 'Never assigned to equipment. Seeing one on a live network means a sample configuration was copied without being adapted.',
      },
      fr: {
        title: 'Documentation (unicast)',
        summary: 'Adresses unicast réservées aux documentations et aux exemples.',
        usage: 'Jamais attribuées à un équipement. En voir une sur un réseau réel signifie qu’un exemple de configuration a été copié sans être adapté.',
      },
    },
  },
  {
    id: 'iana-multicast',
    first: '01:00:5E:00:00:00',
    last: '01:00:5E:FF:FF:FF',
    references: ['RFC 7042 §2.1'],
    text: {
      en: {
        title: 'IANA multicast block',
        summary: 'Group addresses of the IANA OUI 01-00-5E. The lower half maps IPv4 multicast; the upper half is for other IETF uses.',
        usage: 'An address in the upper half (01-00-5E-80-00-00 and above) is unusual: check it against the IANA Ethernet numbers registry.',
      },
      fr: {
        title: 'Bloc multicast de l’IANA',
        summary: 'Adresses de groupe de l’OUI 01-00-5E de l’IANA. La moitié basse correspond au multicast IPv4 ; la moitié haute sert à d’autres usages de l’IETF.',
        usage: 'Une adresse de la moitié haute (01-00-5E-80-00-00 et au-delà) est inhabituelle : vérifiez-la dans le registre « Ethernet Numbers » de l’IANA.',
      },
    },
  },
  {
    id: 'ipv4-multicast',
    first: '01:00:5E:00:00:00',
    last: '01:00:5E:7F:FF:FF',
    references: ['RFC 1112 §6.4', 'RFC 7042 §2.1.1'],
    text: {
      en: {
        title: 'IPv4 multicast',
        summary: 'Ethernet form of an IPv4 multicast group: the low 23 bits of the group address follow 01-00-5E-0.',
        usage: 'Used by IGMP, OSPF, mDNS, streaming and routing protocols. 32 IPv4 groups share each MAC address, so switches with IGMP snooping filter on it.',
      },
      fr: {
        title: 'Multicast IPv4',
        summary: 'Forme Ethernet d’un groupe multicast IPv4 : les 23 bits de poids faible du groupe suivent 01-00-5E-0.',
        usage: 'Utilisée par IGMP, OSPF, mDNS, la diffusion de flux et les protocoles de routage. 32 groupes IPv4 partagent chaque adresse MAC ; les commutateurs avec IGMP snooping filtrent sur elle.',
      },
    },
  },
  {
    id: 'documentation-multicast',
    first: '01:00:5E:90:10:00',
    last: '01:00:5E:90:10:FF',
    references: ['RFC 7042 §2.1.1'],
    text: {
      en: {
        title: 'Documentation (multicast)',
        summary: 'Multicast addresses reserved for use in documentation and examples.',
        usage: 'Never used by a real protocol. On a live network it points to a copied example configuration.',
      },
      fr: {
        title: 'Documentation (multicast)',
        summary: 'Adresses multicast réservées aux documentations et aux exemples.',
        usage: 'Aucun protocole réel ne les utilise. Sur un réseau en service, elles trahissent un exemple de configuration recopié.',
      },
    },
  },
  {
    id: 'ipv6-multicast',
    first: '33:33:00:00:00:00',
    last: '33:33:FF:FF:FF:FF',
    references: ['RFC 2464 §7', 'RFC 7042 §2.3.1'],
    text: {
      en: {
        title: 'IPv6 multicast',
        summary: 'Ethernet form of an IPv6 multicast group: 33-33 followed by the last 32 bits of the group address.',
        usage: 'Carries neighbour discovery (solicited-node groups 33-33-FF-…), router advertisements, MLD and DHCPv6. Blocking it breaks IPv6.',
      },
      fr: {
        title: 'Multicast IPv6',
        summary: 'Forme Ethernet d’un groupe multicast IPv6 : 33-33 suivi des 32 derniers bits de l’adresse du groupe.',
        usage: 'Transporte la découverte de voisins (groupes « solicited-node » 33-33-FF-…), les annonces de routeur, MLD et DHCPv6. La bloquer casse IPv6.',
      },
    },
  },
  {
    id: 'ieee-802.1-reserved',
    first: '01:80:C2:00:00:00',
    last: '01:80:C2:00:00:0F',
    references: ['IEEE 802.1Q-2022 §8.6.3'],
    text: {
      en: {
        title: 'IEEE 802.1 reserved group addresses',
        summary: 'Sixteen link-local group addresses reserved for bridge and link protocols.',
        usage: 'A standard bridge never forwards frames sent to them; each protocol consumes its own. Unknown ones are still filtered.',
      },
      fr: {
        title: 'Adresses de groupe réservées IEEE 802.1',
        summary: 'Seize adresses de groupe de portée lien réservées aux protocoles de pont et de liaison.',
        usage: 'Un pont conforme ne relaie jamais les trames qui leur sont destinées ; chaque protocole traite la sienne. Celles qui ne sont pas utilisées restent filtrées.',
      },
    },
  },
  {
    id: 'stp-bridge-group',
    first: '01:80:C2:00:00:00',
    references: ['IEEE 802.1D-2004 §7.12.3', 'IEEE 802.1Q-2022 Table 8-1'],
    text: {
      en: {
        title: 'Bridge group address (STP, RSTP, MSTP)',
        summary: 'Nearest Customer Bridge group address, the destination of spanning tree BPDUs.',
        usage: 'Every switch running STP, RSTP or MSTP sends BPDUs here. BPDUs arriving on an access port usually mean a rogue switch: BPDU guard exists for that.',
      },
      fr: {
        title: 'Adresse de groupe des ponts (STP, RSTP, MSTP)',
        summary: 'Adresse de groupe « Nearest Customer Bridge », destination des BPDU du spanning tree.',
        usage: 'Tout commutateur qui exécute STP, RSTP ou MSTP y envoie ses BPDU. Des BPDU reçues sur un port d’accès signalent souvent un commutateur intrus : c’est le rôle du BPDU guard.',
      },
    },
  },
  {
    id: 'mac-control-pause',
    first: '01:80:C2:00:00:01',
    references: ['IEEE 802.3-2022 Annex 31B'],
    text: {
      en: {
        title: 'MAC Control (PAUSE frames)',
        summary: 'Destination of IEEE 802.3 MAC Control frames: PAUSE and priority flow control (PFC).',
        usage: 'Sent by a link partner to stop traffic briefly when its buffers fill. Many of them point to congestion or a struggling NIC.',
      },
      fr: {
        title: 'Contrôle MAC (trames PAUSE)',
        summary: 'Destination des trames de contrôle MAC IEEE 802.3 : PAUSE et contrôle de flux par priorité (PFC).',
        usage: 'Envoyées par l’équipement d’en face pour suspendre brièvement le trafic quand ses tampons sont pleins. Beaucoup de ces trames indiquent une congestion ou une carte réseau en difficulté.',
      },
    },
  },
  {
    id: 'slow-protocols',
    first: '01:80:C2:00:00:02',
    references: ['IEEE 802.3-2022 Annex 43B', 'IEEE 802.1AX-2020'],
    text: {
      en: {
        title: 'Slow Protocols (LACP, Marker, OAM)',
        summary: 'Destination of the IEEE 802.3 Slow Protocols: link aggregation (LACP and Marker), Ethernet OAM and ESMC (SyncE).',
        usage: 'Seen between the two ends of a link aggregation or port channel. If only one side sends LACPDUs, the bundle stays down or in standalone mode.',
      },
      fr: {
        title: 'Protocoles lents (LACP, Marker, OAM)',
        summary: 'Destination des protocoles lents IEEE 802.3 : agrégation de liens (LACP et Marker), OAM Ethernet et ESMC (SyncE).',
        usage: 'Échangée entre les deux extrémités d’une agrégation de liens ou d’un port-channel. Si un seul côté émet des LACPDU, l’agrégat reste inactif ou en mode autonome.',
      },
    },
  },
  {
    id: 'pae-8021x',
    first: '01:80:C2:00:00:03',
    references: ['IEEE 802.1X-2020 §11.1.1', 'IEEE 802.1Q-2022 Table 8-1'],
    text: {
      en: {
        title: 'Port access entity (802.1X / EAPOL), nearest non-TPMR bridge',
        summary: 'Group address of the IEEE 802.1X port access entity, and nearest non-TPMR bridge address.',
        usage: 'Carries EAPOL frames for network access control (802.1X authentication, MACsec key agreement). Also used by LLDP agents scoped to the nearest non-TPMR bridge.',
      },
      fr: {
        title: 'Entité d’accès au port (802.1X / EAPOL), pont non-TPMR le plus proche',
        summary: 'Adresse de groupe de l’entité d’accès au port IEEE 802.1X, et adresse du pont non-TPMR le plus proche.',
        usage: 'Transporte les trames EAPOL du contrôle d’accès au réseau (authentification 802.1X, accord de clés MACsec). Sert aussi aux agents LLDP limités au pont non-TPMR le plus proche.',
      },
    },
  },
  {
    id: 'mac-specific-control',
    first: '01:80:C2:00:00:04',
    references: ['IEEE 802.1Q-2022 Table 8-1'],
    text: {
      en: {
        title: 'MAC-specific control protocols',
        summary: 'Reserved for control protocols specific to one MAC technology.',
        usage: 'Rarely seen. Bridges never forward it; a frame to it stays on its link.',
      },
      fr: {
        title: 'Protocoles de contrôle propres au MAC',
        summary: 'Réservée aux protocoles de contrôle propres à une technologie MAC.',
        usage: 'Rarement observée. Les ponts ne la relaient jamais ; une trame qui lui est destinée reste sur son lien.',
      },
    },
  },
  ...[5, 6, 9, 10, 11, 12, 15].map(
    (n): SpecialEntry => {
      const hex = n.toString(16).toUpperCase().padStart(2, '0');
      return {
        id: `ieee-802.1-reserved-${hex.toLowerCase()}`,
        first: `01:80:C2:00:00:${hex}`,
        references: ['IEEE 802.1Q-2022 Table 8-1'],
        text: {
          en: {
            title: `IEEE 802.1 reserved group address 01-80-C2-00-00-${hex}`,
            summary: 'Reserved by IEEE 802.1 for future standard protocols; no protocol is assigned to it yet.',
            usage: 'Bridges filter it like the other reserved addresses. Traffic to it comes from a proprietary or experimental protocol.',
          },
          fr: {
            title: `Adresse de groupe réservée IEEE 802.1 01-80-C2-00-00-${hex}`,
            summary: 'Réservée par l’IEEE 802.1 à de futurs protocoles normalisés ; aucun protocole ne l’utilise encore.',
            usage: 'Les ponts la filtrent comme les autres adresses réservées. Du trafic vers elle provient d’un protocole propriétaire ou expérimental.',
          },
        },
      };
    },
  ),
  {
    id: 'e-lmi',
    first: '01:80:C2:00:00:07',
    references: ['MEF 16', 'IEEE 802.1Q-2022 Table 8-1'],
    text: {
      en: {
        title: 'Ethernet Local Management Interface (E-LMI)',
        summary: 'Reserved IEEE 802.1 address used by the MEF E-LMI protocol between a customer and a carrier Ethernet service.',
        usage: 'Seen on the user-network interface of a carrier Ethernet circuit, where the provider edge tells the customer device which services and VLANs it carries.',
      },
      fr: {
        title: 'Interface locale de gestion Ethernet (E-LMI)',
        summary: 'Adresse réservée IEEE 802.1 utilisée par le protocole E-LMI du MEF entre un client et un service Ethernet d’opérateur.',
        usage: 'Observée sur l’interface usager-réseau d’un circuit Ethernet d’opérateur : l’équipement de l’opérateur y annonce au client les services et VLAN transportés.',
      },
    },
  },
  {
    id: 'provider-bridge-group',
    first: '01:80:C2:00:00:08',
    references: ['IEEE 802.1Q-2022 Table 8-2 (formerly 802.1ad)'],
    text: {
      en: {
        title: 'Provider bridge group address',
        summary: 'Spanning tree BPDU address of provider bridges (Q-in-Q, IEEE 802.1ad).',
        usage: 'Used by the provider’s spanning tree inside a carrier network, separate from customer BPDUs which are tunnelled transparently.',
      },
      fr: {
        title: 'Adresse de groupe des ponts d’opérateur',
        summary: 'Adresse des BPDU du spanning tree des ponts d’opérateur (Q-in-Q, IEEE 802.1ad).',
        usage: 'Utilisée par le spanning tree de l’opérateur dans son réseau, séparé des BPDU des clients, qui sont transportées de façon transparente.',
      },
    },
  },
  {
    id: 'provider-mvrp',
    first: '01:80:C2:00:00:0D',
    references: ['IEEE 802.1Q-2022 Table 8-2 (formerly 802.1ad)'],
    text: {
      en: {
        title: 'Provider bridge MVRP address',
        summary: 'Multiple VLAN Registration Protocol address used between provider bridges.',
        usage: 'Carries dynamic service-VLAN registration inside a provider network.',
      },
      fr: {
        title: 'Adresse MVRP des ponts d’opérateur',
        summary: 'Adresse du protocole d’enregistrement de VLAN multiples (MVRP) entre ponts d’opérateur.',
        usage: 'Transporte l’enregistrement dynamique des VLAN de service dans le réseau d’un opérateur.',
      },
    },
  },
  {
    id: 'lldp-nearest-bridge',
    first: '01:80:C2:00:00:0E',
    references: ['IEEE 802.1AB-2016 §7.1', 'IEEE 1588-2019 Annex E'],
    text: {
      en: {
        title: 'Nearest bridge (LLDP, PTP peer delay)',
        summary: 'Individual LAN scope group address: frames to it never cross a bridge or TPMR. Used by LLDP and by PTP peer-delay messages.',
        usage: 'LLDP advertisements here tell you which switch port a device is plugged into. It is also the address of IEEE 802.1AS and PTP peer-delay measurement.',
      },
      fr: {
        title: 'Pont le plus proche (LLDP, délai pair PTP)',
        summary: 'Adresse de groupe de portée « LAN individuel » : les trames qui lui sont destinées ne traversent ni pont ni TPMR. Utilisée par LLDP et par les messages de délai pair de PTP.',
        usage: 'Les annonces LLDP envoyées ici indiquent sur quel port de commutateur un équipement est branché. C’est aussi l’adresse de la mesure de délai pair d’IEEE 802.1AS et de PTP.',
      },
    },
  },
  {
    id: 'all-bridges',
    first: '01:80:C2:00:00:10',
    references: ['IEEE 802.1D-2004 Table 7-9'],
    text: {
      en: {
        title: 'All LANs bridge management group address',
        summary: 'Legacy group address for managing all bridges, from IEEE 802.1D.',
        usage: 'Deprecated and rarely seen today; old bridge management tools may still send to it.',
      },
      fr: {
        title: 'Adresse de groupe de gestion de tous les ponts',
        summary: 'Ancienne adresse de groupe de gestion de tous les ponts, issue d’IEEE 802.1D.',
        usage: 'Obsolète et rare aujourd’hui ; d’anciens outils de gestion de ponts peuvent encore l’utiliser.',
      },
    },
  },
  {
    id: 'isis-all-l1',
    first: '01:80:C2:00:00:14',
    references: ['ISO/IEC 10589:2002 §8.4.8'],
    text: {
      en: {
        title: 'IS-IS: all Level 1 intermediate systems',
        summary: 'Destination of IS-IS hellos and link-state PDUs for Level 1 routing.',
        usage: 'Seen between IS-IS routers of the same area. If neighbours do not form, compare area addresses and MTU.',
      },
      fr: {
        title: 'IS-IS : tous les systèmes intermédiaires de niveau 1',
        summary: 'Destination des hellos et des PDU d’état de lien d’IS-IS pour le routage de niveau 1.',
        usage: 'Échangée entre routeurs IS-IS d’une même zone. Si l’adjacence ne se forme pas, comparez les adresses de zone et le MTU.',
      },
    },
  },
  {
    id: 'isis-all-l2',
    first: '01:80:C2:00:00:15',
    references: ['ISO/IEC 10589:2002 §8.4.8'],
    text: {
      en: {
        title: 'IS-IS: all Level 2 intermediate systems',
        summary: 'Destination of IS-IS hellos and link-state PDUs for Level 2 (backbone) routing.',
        usage: 'Seen between IS-IS backbone routers, typically in service provider cores.',
      },
      fr: {
        title: 'IS-IS : tous les systèmes intermédiaires de niveau 2',
        summary: 'Destination des hellos et des PDU d’état de lien d’IS-IS pour le routage de niveau 2 (dorsale).',
        usage: 'Échangée entre routeurs IS-IS de la dorsale, surtout dans les cœurs de réseau d’opérateur.',
      },
    },
  },
  {
    id: 'mrp-applications',
    first: '01:80:C2:00:00:20',
    last: '01:80:C2:00:00:2F',
    references: ['IEEE 802.1Q-2022 Table 10-1'],
    text: {
      en: {
        title: 'MRP application addresses',
        summary: 'Group addresses of Multiple Registration Protocol applications: MMRP (…20), MVRP (…21), and ones reserved for others.',
        usage: 'Switches use them to register VLANs (MVRP, formerly GVRP) and multicast memberships (MMRP) dynamically.',
      },
      fr: {
        title: 'Adresses des applications MRP',
        summary: 'Adresses de groupe des applications du protocole d’enregistrement multiple (MRP) : MMRP (…20), MVRP (…21), et d’autres réservées.',
        usage: 'Les commutateurs s’en servent pour enregistrer dynamiquement des VLAN (MVRP, ex-GVRP) et des appartenances multicast (MMRP).',
      },
    },
  },
  {
    id: 'cfm',
    first: '01:80:C2:00:00:30',
    last: '01:80:C2:00:00:3F',
    references: ['IEEE 802.1Q-2022 §8.13.11', 'ITU-T Y.1731'],
    text: {
      en: {
        title: 'Connectivity fault management (CFM)',
        summary: 'IEEE 802.1ag / Y.1731 OAM group addresses: continuity checks (…30 to …37) and linktrace (…38 to …3F); the last digit is the maintenance level.',
        usage: 'Carrier Ethernet uses them to monitor service continuity and locate faults. The low nibble tells which maintenance domain level sent it.',
      },
      fr: {
        title: 'Gestion des défaillances de connectivité (CFM)',
        summary: 'Adresses de groupe OAM IEEE 802.1ag / Y.1731 : contrôles de continuité (…30 à …37) et traçage de liens (…38 à …3F) ; le dernier chiffre est le niveau de maintenance.',
        usage: 'L’Ethernet d’opérateur s’en sert pour surveiller la continuité des services et localiser les pannes. Le dernier quartet indique le niveau du domaine de maintenance émetteur.',
      },
    },
  },
  {
    id: 'ptp-multicast',
    first: '01:1B:19:00:00:00',
    references: ['IEEE 1588-2019 Annex E'],
    text: {
      en: {
        title: 'Precision Time Protocol (PTP over Ethernet)',
        summary: 'Group address of IEEE 1588 PTP messages carried directly over Ethernet (all messages but peer delay).',
        usage: 'Seen in networks that synchronise clocks to sub-microsecond precision: telecom, broadcast, industrial automation, finance.',
      },
      fr: {
        title: 'Protocole de temps précis (PTP sur Ethernet)',
        summary: 'Adresse de groupe des messages PTP IEEE 1588 transportés directement sur Ethernet (tous sauf le délai pair).',
        usage: 'Présente dans les réseaux qui synchronisent leurs horloges à la sous-microseconde : télécoms, audiovisuel, automatismes industriels, finance.',
      },
    },
  },
  {
    id: 'isis-all-is',
    first: '09:00:2B:00:00:05',
    references: ['ISO/IEC 10589:2002', 'ISO 9542'],
    text: {
      en: {
        title: 'IS-IS / ES-IS: all intermediate systems',
        summary: 'DEC-assigned group address of all intermediate systems (routers) in OSI routing.',
        usage: 'End systems send ES-IS hellos here; IS-IS on some platforms also uses it for point-to-point hellos.',
      },
      fr: {
        title: 'IS-IS / ES-IS : tous les systèmes intermédiaires',
        summary: 'Adresse de groupe attribuée par DEC désignant tous les systèmes intermédiaires (routeurs) du routage OSI.',
        usage: 'Les systèmes terminaux y envoient leurs hellos ES-IS ; IS-IS l’utilise aussi sur certaines plateformes pour les hellos point à point.',
      },
    },
  },
  {
    id: 'isis-all-es',
    first: '09:00:2B:00:00:04',
    references: ['ISO 9542'],
    text: {
      en: {
        title: 'ES-IS: all end systems',
        summary: 'DEC-assigned group address of all OSI end systems.',
        usage: 'Routers send ES-IS hellos here so that end systems learn them. Rare outside OSI (CLNS) networks.',
      },
      fr: {
        title: 'ES-IS : tous les systèmes terminaux',
        summary: 'Adresse de groupe attribuée par DEC désignant tous les systèmes terminaux OSI.',
        usage: 'Les routeurs y envoient leurs hellos ES-IS pour se faire connaître des systèmes terminaux. Rare hors des réseaux OSI (CLNS).',
      },
    },
  },
  {
    id: 'cisco-cdp-vtp-dtp',
    first: '01:00:0C:CC:CC:CC',
    references: ['Cisco CDP, VTP, DTP, PAgP and UDLD documentation'],
    text: {
      en: {
        title: 'Cisco discovery and trunking (CDP, VTP, DTP, PAgP, UDLD)',
        summary: 'Cisco group address shared by several SNAP-encapsulated protocols: CDP, VTP, DTP, PAgP and UDLD.',
        usage: 'Seen on any link to a Cisco device. CDP reveals the neighbour’s model and port; DTP on access ports lets a host negotiate a trunk, so disable it there.',
      },
      fr: {
        title: 'Découverte et trunking Cisco (CDP, VTP, DTP, PAgP, UDLD)',
        summary: 'Adresse de groupe Cisco partagée par plusieurs protocoles en encapsulation SNAP : CDP, VTP, DTP, PAgP et UDLD.',
        usage: 'Visible sur tout lien vers un équipement Cisco. CDP révèle le modèle et le port du voisin ; sur un port d’accès, DTP permet à un hôte de négocier un trunk : désactivez-le.',
      },
    },
  },
  {
    id: 'cisco-pvst',
    first: '01:00:0C:CC:CC:CD',
    references: ['Cisco PVST+ documentation'],
    text: {
      en: {
        title: 'Cisco PVST+ / Rapid PVST+ BPDUs (SSTP)',
        summary: 'Destination of Cisco per-VLAN spanning tree BPDUs on tagged VLANs.',
        usage: 'Seen on trunks between Cisco switches, and tunnelled across standard MST regions. BPDU guard and root guard apply to it as to standard BPDUs.',
      },
      fr: {
        title: 'BPDU Cisco PVST+ / Rapid PVST+ (SSTP)',
        summary: 'Destination des BPDU du spanning tree par VLAN de Cisco sur les VLAN étiquetés.',
        usage: 'Visible sur les trunks entre commutateurs Cisco, et transportée à travers les régions MST standard. BPDU guard et root guard s’y appliquent comme aux BPDU standard.',
      },
    },
  },
  {
    id: 'hsrp-v1',
    first: '00:00:0C:07:AC:00',
    last: '00:00:0C:07:AC:FF',
    references: ['RFC 2281 §5'],
    text: {
      en: {
        title: 'HSRP version 1 virtual router',
        summary: 'Virtual MAC address of a Cisco Hot Standby Router Protocol v1 group; the last octet is the group number (0–255).',
        usage: 'Owned by the active router of the group and taken over by the standby on failure. Hosts see it as their default gateway’s MAC address.',
      },
      fr: {
        title: 'Routeur virtuel HSRP version 1',
        summary: 'Adresse MAC virtuelle d’un groupe HSRP v1 de Cisco ; le dernier octet est le numéro de groupe (0 à 255).',
        usage: 'Portée par le routeur actif du groupe et reprise par le routeur de secours en cas de panne. Les hôtes la voient comme l’adresse MAC de leur passerelle.',
      },
    },
  },
  {
    id: 'hsrp-v2',
    first: '00:00:0C:9F:F0:00',
    last: '00:00:0C:9F:FF:FF',
    references: ['Cisco HSRP version 2 documentation'],
    text: {
      en: {
        title: 'HSRP version 2 virtual router',
        summary: 'Virtual MAC address of a Cisco HSRP v2 group; the last three hex digits are the group number (0–4095).',
        usage: 'As with HSRP v1, it follows the active router. HSRP v2 is also used for IPv6 gateways.',
      },
      fr: {
        title: 'Routeur virtuel HSRP version 2',
        summary: 'Adresse MAC virtuelle d’un groupe HSRP v2 de Cisco ; les trois derniers chiffres hexadécimaux sont le numéro de groupe (0 à 4095).',
        usage: 'Comme pour HSRP v1, elle suit le routeur actif. HSRP v2 sert aussi aux passerelles IPv6.',
      },
    },
  },
];
