/** IEEE 802 and ISO group addresses: the 802.1Q reserved block, bridge and OAM protocols, OSI routing. */
import type { SpecialEntry } from '../entry.js';

/** IEEE 802 and ISO assignments. */
export const IEEE_802: readonly SpecialEntry[] = [
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
  ...[5, 6, 9, 10, 12, 15].map(
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
    id: 'ede-ss-pep',
    first: '01:80:C2:00:00:0B',
    references: ['IEEE 802.1AEcg-2017', 'IEEE 802.1Q-2022 Table 8-1'],
    text: {
      en: {
        title: 'EDE-SS port access entity',
        summary: 'Reserved group address of the port access entity of an Ethernet Data Encryption device (EDE-SS), used for MACsec key agreement across a provider network.',
        usage: 'Seen where customer equipment encrypts traffic with MACsec over a carrier Ethernet service. Like the rest of the block, bridges never forward it.',
      },
      fr: {
        title: 'Entité d’accès au port EDE-SS',
        summary: 'Adresse de groupe réservée à l’entité d’accès au port d’un équipement de chiffrement Ethernet (EDE-SS), pour l’accord de clés MACsec à travers un réseau d’opérateur.',
        usage: 'Visible quand l’équipement du client chiffre son trafic en MACsec sur un service Ethernet d’opérateur. Comme le reste du bloc, les ponts ne la relaient jamais.',
      },
    },
  },
  {
    id: 'load-server',
    first: '01:80:C2:00:00:11',
    references: ['IEEE 802.1E-1990', 'IEEE 802 group address assignments'],
    text: {
      en: {
        title: 'Load server (IEEE 802.1E)',
        summary: 'Group address of load servers in the IEEE 802.1E system load protocol, which downloads software to devices over the LAN.',
        usage: 'A historical protocol; modern devices boot over PXE or TFTP instead. Traffic here today comes from old equipment.',
      },
      fr: {
        title: 'Serveur de chargement (IEEE 802.1E)',
        summary: 'Adresse de groupe des serveurs de chargement du protocole IEEE 802.1E, qui télécharge du logiciel vers les équipements par le réseau local.',
        usage: 'Protocole historique ; les équipements modernes démarrent plutôt par PXE ou TFTP. Du trafic ici provient aujourd’hui de matériel ancien.',
      },
    },
  },
  {
    id: 'loadable-device',
    first: '01:80:C2:00:00:12',
    references: ['IEEE 802.1E-1990', 'IEEE 802 group address assignments'],
    text: {
      en: {
        title: 'Loadable device (IEEE 802.1E)',
        summary: 'Group address of devices waiting for software in the IEEE 802.1E system load protocol.',
        usage: 'The counterpart of the load server address. Seen only with legacy equipment that boots from the network with 802.1E.',
      },
      fr: {
        title: 'Équipement chargeable (IEEE 802.1E)',
        summary: 'Adresse de groupe des équipements en attente de logiciel dans le protocole de chargement IEEE 802.1E.',
        usage: 'Pendant de l’adresse des serveurs de chargement. Visible seulement avec du matériel ancien qui démarre par le réseau en 802.1E.',
      },
    },
  },
  {
    id: 'ieee-1905-control',
    first: '01:80:C2:00:00:13',
    references: ['IEEE 1905.1-2013 §6.3'],
    text: {
      en: {
        title: 'IEEE 1905.1 control (hybrid home networks)',
        summary: 'Group address of IEEE 1905.1 control messages, which tie Wi-Fi, powerline, Ethernet and MoCA links into one home network.',
        usage: 'Sent by mesh Wi-Fi systems (EasyMesh) and powerline adapters for topology discovery. Normal in home and small-office networks.',
      },
      fr: {
        title: 'Contrôle IEEE 1905.1 (réseaux domestiques hybrides)',
        summary: 'Adresse de groupe des messages de contrôle IEEE 1905.1, qui réunissent liens Wi-Fi, CPL, Ethernet et MoCA en un seul réseau domestique.',
        usage: 'Émise par les systèmes Wi-Fi maillés (EasyMesh) et les adaptateurs CPL pour découvrir la topologie. Normale dans les réseaux domestiques et de petits bureaux.',
      },
    },
  },
  {
    id: 'ieee-802.1b-managers',
    first: '01:80:C2:00:00:18',
    references: ['IEEE 802.1B-1992'],
    text: {
      en: {
        title: 'All manager stations (IEEE 802.1B)',
        summary: 'Group address of every manager station in IEEE 802.1B LAN/MAN management.',
        usage: 'A legacy management protocol that SNMP displaced. Traffic here comes from very old equipment or test tools.',
      },
      fr: {
        title: 'Toutes les stations de gestion (IEEE 802.1B)',
        summary: 'Adresse de groupe de toutes les stations de gestion de la norme IEEE 802.1B de gestion des LAN/MAN.',
        usage: 'Protocole de gestion historique supplanté par SNMP. Le trafic ici vient de matériel très ancien ou d’outils de test.',
      },
    },
  },
  {
    id: 'ieee-802.11aa-gcr',
    first: '01:80:C2:00:00:19',
    references: ['IEEE 802.11aa-2012', 'IEEE 802.11-2020 §11.21.16'],
    text: {
      en: {
        title: 'Wi-Fi groupcast with retries (IEEE 802.11aa)',
        summary: 'Group address used by IEEE 802.11aa groupcast with retries, which makes multicast video over Wi-Fi reliable.',
        usage: 'Seen on access points that support 802.11aa robust audio-video streaming. Bridges treat it as a reserved address.',
      },
      fr: {
        title: 'Groupcast avec retransmissions Wi-Fi (IEEE 802.11aa)',
        summary: 'Adresse de groupe du groupcast avec retransmissions d’IEEE 802.11aa, qui fiabilise la vidéo multicast sur Wi-Fi.',
        usage: 'Visible sur les points d’accès qui prennent en charge la diffusion audio-vidéo robuste 802.11aa. Les ponts la traitent comme une adresse réservée.',
      },
    },
  },
  {
    id: 'ieee-802.1b-agents',
    first: '01:80:C2:00:00:1A',
    references: ['IEEE 802.1B-1992'],
    text: {
      en: {
        title: 'All agent stations (IEEE 802.1B)',
        summary: 'Group address of every agent station in IEEE 802.1B LAN/MAN management.',
        usage: 'The agent side of 802.1B; as rare today as the manager address.',
      },
      fr: {
        title: 'Toutes les stations agents (IEEE 802.1B)',
        summary: 'Adresse de groupe de toutes les stations agents de la gestion IEEE 802.1B.',
        usage: 'Le côté agent de 802.1B ; aussi rare aujourd’hui que l’adresse des stations de gestion.',
      },
    },
  },
  {
    id: 'esis-multicast-es',
    first: '01:80:C2:00:00:1B',
    references: ['ISO 9542 Amendment 1'],
    text: {
      en: {
        title: 'ES-IS: all multicast-capable end systems',
        summary: 'Group address of every OSI end system that supports multicast, in the ES-IS protocol.',
        usage: 'Only in OSI (CLNS) networks, which survive mostly as the management network of SDH/SONET equipment.',
      },
      fr: {
        title: 'ES-IS : tous les systèmes terminaux multicast',
        summary: 'Adresse de groupe de tous les systèmes terminaux OSI capables de multicast, dans le protocole ES-IS.',
        usage: 'Uniquement dans les réseaux OSI (CLNS), qui subsistent surtout comme réseau de gestion des équipements SDH/SONET.',
      },
    },
  },
  {
    id: 'esis-multicast-announcements',
    first: '01:80:C2:00:00:1C',
    references: ['ISO 9542 Amendment 1'],
    text: {
      en: {
        title: 'ES-IS: all multicast announcements',
        summary: 'Group address to which OSI routers announce multicast capabilities in ES-IS.',
        usage: 'Seen alongside the other ES-IS addresses in OSI networks; absent elsewhere.',
      },
      fr: {
        title: 'ES-IS : toutes les annonces multicast',
        summary: 'Adresse de groupe à laquelle les routeurs OSI annoncent leurs capacités multicast dans ES-IS.',
        usage: 'Visible avec les autres adresses ES-IS dans les réseaux OSI ; absente ailleurs.',
      },
    },
  },
  {
    id: 'esis-multicast-is',
    first: '01:80:C2:00:00:1D',
    references: ['ISO 9542 Amendment 1'],
    text: {
      en: {
        title: 'ES-IS: all multicast-capable intermediate systems',
        summary: 'Group address of every OSI router that supports multicast, in ES-IS.',
        usage: 'Only in OSI networks; see the other ES-IS addresses.',
      },
      fr: {
        title: 'ES-IS : tous les systèmes intermédiaires multicast',
        summary: 'Adresse de groupe de tous les routeurs OSI capables de multicast, dans ES-IS.',
        usage: 'Uniquement dans les réseaux OSI ; voir les autres adresses ES-IS.',
      },
    },
  },
  {
    id: 'token-ring-dtr-concentrators',
    first: '01:80:C2:00:00:1E',
    references: ['IEEE 802.5r-1997'],
    text: {
      en: {
        title: 'All dedicated Token Ring concentrators',
        summary: 'Group address of every dedicated Token Ring (DTR) concentrator, the switched form of Token Ring.',
        usage: 'Only in Token Ring networks, which are now rare.',
      },
      fr: {
        title: 'Tous les concentrateurs Token Ring dédiés',
        summary: 'Adresse de groupe de tous les concentrateurs Token Ring dédiés (DTR), la forme commutée de Token Ring.',
        usage: 'Uniquement dans les réseaux Token Ring, devenus rares.',
      },
    },
  },
  {
    id: 'cfm-class-1',
    first: '01:80:C2:00:00:30',
    last: '01:80:C2:00:00:37',
    references: ['IEEE 802.1Q-2022 §8.13.11', 'ITU-T Y.1731'],
    text: {
      en: {
        title: 'Connectivity fault management, class 1 (CFM)',
        summary: 'IEEE 802.1ag / Y.1731 OAM group addresses for continuity checks and other multicast OAM; the last digit (0 to 7) is the maintenance level.',
        usage: 'Carrier Ethernet uses them to monitor service continuity. The low nibble tells which maintenance domain level sent the frame.',
      },
      fr: {
        title: 'Gestion des défaillances de connectivité, classe 1 (CFM)',
        summary: 'Adresses de groupe OAM IEEE 802.1ag / Y.1731 des contrôles de continuité et autres messages OAM multicast ; le dernier chiffre (0 à 7) est le niveau de maintenance.',
        usage: 'L’Ethernet d’opérateur s’en sert pour surveiller la continuité des services. Le dernier quartet indique le niveau du domaine de maintenance émetteur.',
      },
    },
  },
  {
    id: 'cfm-class-2',
    first: '01:80:C2:00:00:38',
    last: '01:80:C2:00:00:3F',
    references: ['IEEE 802.1Q-2022 §8.13.11', 'ITU-T Y.1731'],
    text: {
      en: {
        title: 'Connectivity fault management, class 2 (CFM linktrace)',
        summary: 'IEEE 802.1ag / Y.1731 OAM group addresses for linktrace messages; the last digit minus 8 is the maintenance level.',
        usage: 'Used to locate a fault hop by hop along a carrier Ethernet service.',
      },
      fr: {
        title: 'Gestion des défaillances de connectivité, classe 2 (traçage CFM)',
        summary: 'Adresses de groupe OAM IEEE 802.1ag / Y.1731 des messages de traçage de liens ; le dernier chiffre moins 8 donne le niveau de maintenance.',
        usage: 'Sert à localiser une panne saut par saut le long d’un service Ethernet d’opérateur.',
      },
    },
  },
  {
    id: 'trill-all-rbridges',
    first: '01:80:C2:00:00:40',
    references: ['RFC 6325 §4.1', 'RFC 7780'],
    text: {
      en: {
        title: 'All RBridges (TRILL)',
        summary: 'Group address of every RBridge, the switches of a TRILL (Transparent Interconnection of Lots of Links) campus.',
        usage: 'Only in TRILL campuses (some data-centre fabrics, for example Brocade VCS); elsewhere it points to a misconfigured device.',
      },
      fr: {
        title: 'Toutes les RBridges (TRILL)',
        summary: 'Adresse de groupe de toutes les RBridges, les commutateurs d’un réseau TRILL (Transparent Interconnection of Lots of Links).',
        usage: 'Uniquement dans les réseaux TRILL (certaines fabrics de centre de données, par exemple Brocade VCS) ; ailleurs il indique un équipement mal configuré.',
      },
    },
  },
  {
    id: 'trill-all-isis-rbridges',
    first: '01:80:C2:00:00:41',
    references: ['RFC 6325 §4.1', 'RFC 7780'],
    text: {
      en: {
        title: 'All IS-IS RBridges (TRILL)',
        summary: 'Group address of the IS-IS instance that RBridges run to compute TRILL paths.',
        usage: 'Only in TRILL campuses (some data-centre fabrics, for example Brocade VCS); elsewhere it points to a misconfigured device.',
      },
      fr: {
        title: 'Toutes les RBridges IS-IS (TRILL)',
        summary: 'Adresse de groupe de l’instance IS-IS que les RBridges exécutent pour calculer les chemins TRILL.',
        usage: 'Uniquement dans les réseaux TRILL (certaines fabrics de centre de données, par exemple Brocade VCS) ; ailleurs il indique un équipement mal configuré.',
      },
    },
  },
  {
    id: 'trill-all-egress-rbridges',
    first: '01:80:C2:00:00:42',
    references: ['RFC 6325 §4.1', 'RFC 7780'],
    text: {
      en: {
        title: 'All egress RBridges (TRILL)',
        summary: 'Group address used by RBridges for frames leaving the TRILL campus.',
        usage: 'Only in TRILL campuses (some data-centre fabrics, for example Brocade VCS); elsewhere it points to a misconfigured device.',
      },
      fr: {
        title: 'Toutes les RBridges de sortie (TRILL)',
        summary: 'Adresse de groupe utilisée par les RBridges pour les trames quittant le réseau TRILL.',
        usage: 'Uniquement dans les réseaux TRILL (certaines fabrics de centre de données, par exemple Brocade VCS) ; ailleurs il indique un équipement mal configuré.',
      },
    },
  },
  {
    id: 'trill-end-stations',
    first: '01:80:C2:00:00:45',
    references: ['RFC 6325 §4.1', 'RFC 7780'],
    text: {
      en: {
        title: 'TRILL end stations',
        summary: 'Group address of end stations that take part in TRILL (for example with TRILL-aware hosts).',
        usage: 'Only in TRILL campuses (some data-centre fabrics, for example Brocade VCS); elsewhere it points to a misconfigured device.',
      },
      fr: {
        title: 'Stations terminales TRILL',
        summary: 'Adresse de groupe des stations terminales qui participent à TRILL (par exemple des hôtes compatibles TRILL).',
        usage: 'Uniquement dans les réseaux TRILL (certaines fabrics de centre de données, par exemple Brocade VCS) ; ailleurs il indique un équipement mal configuré.',
      },
    },
  },
  {
    id: 'trill-all-edge-rbridges',
    first: '01:80:C2:00:00:46',
    references: ['RFC 6325 §4.1', 'RFC 7780'],
    text: {
      en: {
        title: 'All edge RBridges (TRILL)',
        summary: 'Group address of the RBridges at the edge of a TRILL campus, where end stations attach.',
        usage: 'Only in TRILL campuses (some data-centre fabrics, for example Brocade VCS); elsewhere it points to a misconfigured device.',
      },
      fr: {
        title: 'Toutes les RBridges de bordure (TRILL)',
        summary: 'Adresse de groupe des RBridges en bordure du réseau TRILL, où se raccordent les stations.',
        usage: 'Uniquement dans les réseaux TRILL (certaines fabrics de centre de données, par exemple Brocade VCS) ; ailleurs il indique un équipement mal configuré.',
      },
    },
  },
  {
    id: 'fddi-rmt-directed-beacon',
    first: '01:80:C2:00:01:00',
    references: ['ANSI X3.229 (FDDI SMT)'],
    text: {
      en: {
        title: 'FDDI RMT directed beacon',
        summary: 'Group address of FDDI ring management directed beacons, sent when a ring is stuck to tell stations where the fault is.',
        usage: 'Only on FDDI rings, long obsolete; in a capture today it means an old FDDI bridge still sits on the network.',
      },
      fr: {
        title: 'Balise dirigée RMT FDDI',
        summary: 'Adresse de groupe des balises dirigées de la gestion d’anneau FDDI, émises quand un anneau est bloqué pour signaler l’emplacement de la panne.',
        usage: 'Uniquement sur des anneaux FDDI, obsolètes depuis longtemps ; dans une capture récente, elle révèle un ancien pont FDDI encore en place.',
      },
    },
  },
  {
    id: 'fddi-status-report',
    first: '01:80:C2:00:01:10',
    references: ['ANSI X3.229 (FDDI SMT)'],
    text: {
      en: {
        title: 'FDDI status report frame',
        summary: 'Group address of FDDI station management status report frames.',
        usage: 'Only on FDDI rings; see the directed beacon address.',
      },
      fr: {
        title: 'Trame de rapport d’état FDDI',
        summary: 'Adresse de groupe des trames de rapport d’état de la gestion de station FDDI.',
        usage: 'Uniquement sur des anneaux FDDI ; voir l’adresse des balises dirigées.',
      },
    },
  },
];
