/** Group addresses of current vendor and industry protocols: Extreme, Nortel, Foundry, DOCSIS, FCoE, Ethernet POWERLINK, HP. */
import type { SpecialEntry } from '../entry.js';

/** Vendor and industry protocol assignments. */
export const VENDOR_PROTOCOLS: readonly SpecialEntry[] = [
  {
    id: 'extreme-edp',
    first: '00:E0:2B:00:00:00',
    references: ['Extreme Networks EXOS documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Extreme Discovery Protocol (EDP)',
        summary: 'Destination of EDP, Extreme Networks’ neighbour discovery protocol (its counterpart of CDP).',
        usage: 'Normal between Extreme Networks switches (ExtremeXOS, EXOS). On a port facing another vendor or a host it leaks topology; disable the protocol there.',
      },
      fr: {
        title: 'Protocole de découverte d’Extreme (EDP)',
        summary: 'Destination d’EDP, le protocole de découverte de voisins d’Extreme Networks (son équivalent de CDP).',
        usage: 'Normale entre commutateurs Extreme Networks (ExtremeXOS, EXOS). Sur un port tourné vers un autre constructeur ou un hôte, elle dévoile la topologie : désactivez le protocole à cet endroit.',
      },
    },
  },
  {
    id: 'extreme-eep',
    first: '00:E0:2B:00:00:01',
    references: ['Extreme Networks EXOS documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Extreme Encapsulation Protocol (EEP)',
        summary: 'Destination of EEP, which Extreme switches use to encapsulate control traffic between stack or chassis members.',
        usage: 'Normal between Extreme Networks switches (ExtremeXOS, EXOS). On a port facing another vendor or a host it leaks topology; disable the protocol there.',
      },
      fr: {
        title: 'Protocole d’encapsulation d’Extreme (EEP)',
        summary: 'Destination d’EEP, que les commutateurs Extreme utilisent pour encapsuler le trafic de contrôle entre membres d’une pile ou d’un châssis.',
        usage: 'Normale entre commutateurs Extreme Networks (ExtremeXOS, EXOS). Sur un port tourné vers un autre constructeur ou un hôte, elle dévoile la topologie : désactivez le protocole à cet endroit.',
      },
    },
  },
  {
    id: 'extreme-esrp-client',
    first: '00:E0:2B:00:00:02',
    references: ['Extreme Networks EXOS documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Extreme ESRP client',
        summary: 'Destination of Extreme Standby Router Protocol messages towards client switches (ESRP-aware layer 2 switches).',
        usage: 'Normal between Extreme Networks switches (ExtremeXOS, EXOS). On a port facing another vendor or a host it leaks topology; disable the protocol there.',
      },
      fr: {
        title: 'Client ESRP d’Extreme',
        summary: 'Destination des messages du protocole ESRP (Extreme Standby Router Protocol) vers les commutateurs clients (commutateurs de niveau 2 compatibles ESRP).',
        usage: 'Normale entre commutateurs Extreme Networks (ExtremeXOS, EXOS). Sur un port tourné vers un autre constructeur ou un hôte, elle dévoile la topologie : désactivez le protocole à cet endroit.',
      },
    },
  },
  {
    id: 'extreme-eaps',
    first: '00:E0:2B:00:00:04',
    references: ['Extreme Networks EXOS documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Extreme EAPS',
        summary: 'Destination of Ethernet Automatic Protection Switching control frames, Extreme’s ring protection (RFC 3619).',
        usage: 'Normal between Extreme Networks switches (ExtremeXOS, EXOS). On a port facing another vendor or a host it leaks topology; disable the protocol there.',
      },
      fr: {
        title: 'EAPS d’Extreme',
        summary: 'Destination des trames de contrôle d’Ethernet Automatic Protection Switching, la protection d’anneau d’Extreme (RFC 3619).',
        usage: 'Normale entre commutateurs Extreme Networks (ExtremeXOS, EXOS). Sur un port tourné vers un autre constructeur ou un hôte, elle dévoile la topologie : désactivez le protocole à cet endroit.',
      },
    },
  },
  {
    id: 'extreme-eaps-shared-link',
    first: '00:E0:2B:00:00:06',
    references: ['Extreme Networks EXOS documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Extreme EAPS shared link',
        summary: 'Destination of EAPS control frames on a link shared by two protection rings.',
        usage: 'Normal between Extreme Networks switches (ExtremeXOS, EXOS). On a port facing another vendor or a host it leaks topology; disable the protocol there.',
      },
      fr: {
        title: 'Lien partagé EAPS d’Extreme',
        summary: 'Destination des trames de contrôle EAPS sur un lien partagé par deux anneaux de protection.',
        usage: 'Normale entre commutateurs Extreme Networks (ExtremeXOS, EXOS). Sur un port tourné vers un autre constructeur ou un hôte, elle dévoile la topologie : désactivez le protocole à cet endroit.',
      },
    },
  },
  {
    id: 'extreme-esrp-master',
    first: '00:E0:2B:00:00:08',
    references: ['Extreme Networks EXOS documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Extreme ESRP master',
        summary: 'Destination of ESRP hellos exchanged between ESRP master and standby routers.',
        usage: 'Normal between Extreme Networks switches (ExtremeXOS, EXOS). On a port facing another vendor or a host it leaks topology; disable the protocol there.',
      },
      fr: {
        title: 'Maître ESRP d’Extreme',
        summary: 'Destination des hellos ESRP échangés entre routeurs ESRP maître et de secours.',
        usage: 'Normale entre commutateurs Extreme Networks (ExtremeXOS, EXOS). Sur un port tourné vers un autre constructeur ou un hôte, elle dévoile la topologie : désactivez le protocole à cet endroit.',
      },
    },
  },
  {
    id: 'extreme-local-block',
    first: '02:04:96:00:00:00',
    last: '02:04:96:FF:FF:FF',
    references: ['Extreme Networks EXOS documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Extreme Networks locally administered block',
        summary: 'Locally administered addresses derived from Extreme Networks’ OUI 00-04-96, used by its switches for virtual interfaces and internal protocols.',
        usage: 'Normal between Extreme Networks switches (ExtremeXOS, EXOS). On a port facing another vendor or a host it leaks topology; disable the protocol there.',
      },
      fr: {
        title: 'Bloc administré localement d’Extreme Networks',
        summary: 'Adresses administrées localement dérivées de l’OUI 00-04-96 d’Extreme Networks, utilisées par ses commutateurs pour des interfaces virtuelles et des protocoles internes.',
        usage: 'Normale entre commutateurs Extreme Networks (ExtremeXOS, EXOS). Sur un port tourné vers un autre constructeur ou un hôte, elle dévoile la topologie : désactivez le protocole à cet endroit.',
      },
    },
  },
  {
    id: 'nortel-management',
    first: '01:00:81:00:00:00',
    references: ['Nortel SONMP documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Nortel network management',
        summary: 'Group address of SynOptics/Nortel network management.',
        usage: 'Seen on networks with Nortel, Avaya or Extreme (ex-Avaya) switches. Like CDP, it reveals device models and ports to anyone listening.',
      },
      fr: {
        title: 'Gestion réseau Nortel',
        summary: 'Adresse de groupe de la gestion réseau SynOptics/Nortel.',
        usage: 'Visible sur les réseaux à commutateurs Nortel, Avaya ou Extreme (ex-Avaya). Comme CDP, il révèle modèles et ports à quiconque écoute.',
      },
    },
  },
  {
    id: 'nortel-management-2',
    first: '01:00:81:00:00:02',
    references: ['Nortel SONMP documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Nortel network management (second address)',
        summary: 'Second group address of SynOptics/Nortel network management.',
        usage: 'Seen on networks with Nortel, Avaya or Extreme (ex-Avaya) switches. Like CDP, it reveals device models and ports to anyone listening.',
      },
      fr: {
        title: 'Gestion réseau Nortel (seconde adresse)',
        summary: 'Seconde adresse de groupe de la gestion réseau SynOptics/Nortel.',
        usage: 'Visible sur les réseaux à commutateurs Nortel, Avaya ou Extreme (ex-Avaya). Comme CDP, il révèle modèles et ports à quiconque écoute.',
      },
    },
  },
  {
    id: 'nortel-sonmp-flatnet',
    first: '01:00:81:00:01:00',
    references: ['Nortel SONMP documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Nortel topology discovery (SONMP)',
        summary: 'Destination of SynOptics Network Management Protocol hellos, Nortel’s neighbour discovery, for the flat network (segment) topology.',
        usage: 'Seen on networks with Nortel, Avaya or Extreme (ex-Avaya) switches. Like CDP, it reveals device models and ports to anyone listening.',
      },
      fr: {
        title: 'Découverte de topologie Nortel (SONMP)',
        summary: 'Destination des hellos du SynOptics Network Management Protocol, la découverte de voisins de Nortel, pour la topologie du réseau plat (segment).',
        usage: 'Visible sur les réseaux à commutateurs Nortel, Avaya ou Extreme (ex-Avaya). Comme CDP, il révèle modèles et ports à quiconque écoute.',
      },
    },
  },
  {
    id: 'nortel-sonmp-bridge',
    first: '01:00:81:00:01:01',
    references: ['Nortel SONMP documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Nortel topology discovery (SONMP, bridges)',
        summary: 'Destination of SONMP hellos between Nortel bridges and switches.',
        usage: 'Seen on networks with Nortel, Avaya or Extreme (ex-Avaya) switches. Like CDP, it reveals device models and ports to anyone listening.',
      },
      fr: {
        title: 'Découverte de topologie Nortel (SONMP, ponts)',
        summary: 'Destination des hellos SONMP entre ponts et commutateurs Nortel.',
        usage: 'Visible sur les réseaux à commutateurs Nortel, Avaya ou Extreme (ex-Avaya). Comme CDP, il révèle modèles et ports à quiconque écoute.',
      },
    },
  },
  {
    id: 'foundry-discovery',
    first: '01:E0:52:CC:CC:CC',
    references: ['Brocade/Foundry FDP documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Foundry Discovery Protocol (FDP)',
        summary: 'Destination of FDP, the neighbour discovery protocol of Foundry (later Brocade, now Ruckus ICX) switches.',
        usage: 'Seen on links to Foundry, Brocade or Ruckus ICX switches. Disable it on ports facing untrusted hosts, as with CDP or LLDP.',
      },
      fr: {
        title: 'Protocole de découverte de Foundry (FDP)',
        summary: 'Destination de FDP, le protocole de découverte de voisins des commutateurs Foundry (puis Brocade, aujourd’hui Ruckus ICX).',
        usage: 'Visible sur les liens vers des commutateurs Foundry, Brocade ou Ruckus ICX. Désactivez-le sur les ports tournés vers des hôtes non fiables, comme CDP ou LLDP.',
      },
    },
  },
  {
    id: 'docsis-cm',
    first: '01:E0:2F:00:00:01',
    references: ['CableLabs DOCSIS MAC and Upper Layer Protocols Interface Specification'],
    text: {
      en: {
        title: 'DOCSIS: all cable modems',
        summary: 'Group address of every cable modem on a DOCSIS downstream channel.',
        usage: 'Only on the cable side of DOCSIS networks, between cable modems and the operator’s CMTS; a customer LAN never sees it.',
      },
      fr: {
        title: 'DOCSIS : tous les modems câble',
        summary: 'Adresse de groupe de tous les modems câble d’un canal descendant DOCSIS.',
        usage: 'Uniquement côté câble des réseaux DOCSIS, entre les modems câble et le CMTS de l’opérateur ; un réseau local client ne la voit jamais.',
      },
    },
  },
  {
    id: 'docsis-cmts',
    first: '01:E0:2F:00:00:02',
    references: ['CableLabs DOCSIS MAC and Upper Layer Protocols Interface Specification'],
    text: {
      en: {
        title: 'DOCSIS: all CMTSs',
        summary: 'Group address of the cable modem termination systems (CMTS) on a DOCSIS network.',
        usage: 'Only on the cable side of DOCSIS networks, between cable modems and the operator’s CMTS; a customer LAN never sees it.',
      },
      fr: {
        title: 'DOCSIS : tous les CMTS',
        summary: 'Adresse de groupe des systèmes de terminaison de modems câble (CMTS) d’un réseau DOCSIS.',
        usage: 'Uniquement côté câble des réseaux DOCSIS, entre les modems câble et le CMTS de l’opérateur ; un réseau local client ne la voit jamais.',
      },
    },
  },
  {
    id: 'docsis-stp',
    first: '01:E0:2F:00:00:03',
    references: ['CableLabs DOCSIS MAC and Upper Layer Protocols Interface Specification'],
    text: {
      en: {
        title: 'DOCSIS spanning tree',
        summary: 'Group address of the spanning tree that DOCSIS cable modems and CMTSs run among themselves.',
        usage: 'Only on the cable side of DOCSIS networks, between cable modems and the operator’s CMTS; a customer LAN never sees it.',
      },
      fr: {
        title: 'Spanning tree DOCSIS',
        summary: 'Adresse de groupe du spanning tree que les modems câble et CMTS DOCSIS exécutent entre eux.',
        usage: 'Uniquement côté câble des réseaux DOCSIS, entre les modems câble et le CMTS de l’opérateur ; un réseau local client ne la voit jamais.',
      },
    },
  },
  {
    id: 'fcoe-group',
    first: '01:10:18:00:00:00',
    last: '01:10:18:FF:FF:FF',
    references: ['INCITS FC-BB-5 §7.8'],
    text: {
      en: {
        title: 'FCoE group addresses',
        summary: 'Group addresses reserved for Fibre Channel over Ethernet and its initialisation protocol (FIP).',
        usage: 'Seen on converged data-centre networks where servers reach Fibre Channel storage over Ethernet (FCoE). It needs lossless Ethernet (PFC) on every hop.',
      },
      fr: {
        title: 'Adresses de groupe FCoE',
        summary: 'Adresses de groupe réservées à Fibre Channel sur Ethernet et à son protocole d’initialisation (FIP).',
        usage: 'Visible sur les réseaux convergés de centre de données où les serveurs accèdent au stockage Fibre Channel par Ethernet (FCoE). Elle exige un Ethernet sans perte (PFC) à chaque saut.',
      },
    },
  },
  {
    id: 'fcoe-all-fcoe-macs',
    first: '01:10:18:01:00:00',
    references: ['INCITS FC-BB-5 §7.8'],
    text: {
      en: {
        title: 'All-FCoE-MACs',
        summary: 'FIP group address of every FCoE device: ENodes and Fibre Channel forwarders.',
        usage: 'Seen on converged data-centre networks where servers reach Fibre Channel storage over Ethernet (FCoE). It needs lossless Ethernet (PFC) on every hop.',
      },
      fr: {
        title: 'All-FCoE-MACs',
        summary: 'Adresse de groupe FIP de tous les équipements FCoE : ENodes et relais Fibre Channel.',
        usage: 'Visible sur les réseaux convergés de centre de données où les serveurs accèdent au stockage Fibre Channel par Ethernet (FCoE). Elle exige un Ethernet sans perte (PFC) à chaque saut.',
      },
    },
  },
  {
    id: 'fcoe-all-enode-macs',
    first: '01:10:18:01:00:01',
    references: ['INCITS FC-BB-5 §7.8'],
    text: {
      en: {
        title: 'All-ENode-MACs',
        summary: 'FIP group address of every ENode, the server side of FCoE; forwarders advertise themselves to it.',
        usage: 'Seen on converged data-centre networks where servers reach Fibre Channel storage over Ethernet (FCoE). It needs lossless Ethernet (PFC) on every hop.',
      },
      fr: {
        title: 'All-ENode-MACs',
        summary: 'Adresse de groupe FIP de toutes les ENodes, le côté serveur de FCoE ; les relais s’y annoncent.',
        usage: 'Visible sur les réseaux convergés de centre de données où les serveurs accèdent au stockage Fibre Channel par Ethernet (FCoE). Elle exige un Ethernet sans perte (PFC) à chaque saut.',
      },
    },
  },
  {
    id: 'fcoe-all-fcf-macs',
    first: '01:10:18:01:00:02',
    references: ['INCITS FC-BB-5 §7.8'],
    text: {
      en: {
        title: 'All-FCF-MACs',
        summary: 'FIP group address of every Fibre Channel forwarder (FCF); servers send discovery solicitations here.',
        usage: 'Seen on converged data-centre networks where servers reach Fibre Channel storage over Ethernet (FCoE). It needs lossless Ethernet (PFC) on every hop.',
      },
      fr: {
        title: 'All-FCF-MACs',
        summary: 'Adresse de groupe FIP de tous les relais Fibre Channel (FCF) ; les serveurs y envoient leurs sollicitations de découverte.',
        usage: 'Visible sur les réseaux convergés de centre de données où les serveurs accèdent au stockage Fibre Channel par Ethernet (FCoE). Elle exige un Ethernet sans perte (PFC) à chaque saut.',
      },
    },
  },
  {
    id: 'powerlink-soc',
    first: '01:11:1E:00:00:01',
    references: ['EPSG DS 301 (Ethernet POWERLINK)'],
    text: {
      en: {
        title: 'POWERLINK Start of Cycle (SoC)',
        summary: 'Group address of the Start of Cycle frame by which the POWERLINK managing node opens each isochronous cycle.',
        usage: 'Only on Ethernet POWERLINK machine networks, which run their own isochronous cycle. Never bridge them into an office LAN.',
      },
      fr: {
        title: 'Début de cycle POWERLINK (SoC)',
        summary: 'Adresse de groupe de la trame de début de cycle par laquelle le nœud gestionnaire POWERLINK ouvre chaque cycle isochrone.',
        usage: 'Uniquement sur les réseaux machine Ethernet POWERLINK, qui suivent leur propre cycle isochrone. Ne jamais les ponter vers un réseau de bureau.',
      },
    },
  },
  {
    id: 'powerlink-pres',
    first: '01:11:1E:00:00:02',
    references: ['EPSG DS 301 (Ethernet POWERLINK)'],
    text: {
      en: {
        title: 'POWERLINK Poll Response (PRes)',
        summary: 'Group address of poll responses, which every node sends so that all nodes see each other’s process data.',
        usage: 'Only on Ethernet POWERLINK machine networks, which run their own isochronous cycle. Never bridge them into an office LAN.',
      },
      fr: {
        title: 'Réponse d’interrogation POWERLINK (PRes)',
        summary: 'Adresse de groupe des réponses d’interrogation, que chaque nœud émet pour que tous voient les données de processus des autres.',
        usage: 'Uniquement sur les réseaux machine Ethernet POWERLINK, qui suivent leur propre cycle isochrone. Ne jamais les ponter vers un réseau de bureau.',
      },
    },
  },
  {
    id: 'powerlink-soa',
    first: '01:11:1E:00:00:03',
    references: ['EPSG DS 301 (Ethernet POWERLINK)'],
    text: {
      en: {
        title: 'POWERLINK Start of Asynchronous (SoA)',
        summary: 'Group address of the frame that opens the asynchronous phase of a POWERLINK cycle.',
        usage: 'Only on Ethernet POWERLINK machine networks, which run their own isochronous cycle. Never bridge them into an office LAN.',
      },
      fr: {
        title: 'Début de phase asynchrone POWERLINK (SoA)',
        summary: 'Adresse de groupe de la trame qui ouvre la phase asynchrone d’un cycle POWERLINK.',
        usage: 'Uniquement sur les réseaux machine Ethernet POWERLINK, qui suivent leur propre cycle isochrone. Ne jamais les ponter vers un réseau de bureau.',
      },
    },
  },
  {
    id: 'powerlink-asnd',
    first: '01:11:1E:00:00:04',
    references: ['EPSG DS 301 (Ethernet POWERLINK)'],
    text: {
      en: {
        title: 'POWERLINK Asynchronous Send (ASnd)',
        summary: 'Group address of asynchronous data frames (configuration, diagnostics) in POWERLINK.',
        usage: 'Only on Ethernet POWERLINK machine networks, which run their own isochronous cycle. Never bridge them into an office LAN.',
      },
      fr: {
        title: 'Émission asynchrone POWERLINK (ASnd)',
        summary: 'Adresse de groupe des trames de données asynchrones (configuration, diagnostic) de POWERLINK.',
        usage: 'Uniquement sur les réseaux machine Ethernet POWERLINK, qui suivent leur propre cycle isochrone. Ne jamais les ponter vers un réseau de bureau.',
      },
    },
  },
  {
    id: 'powerlink-amni',
    first: '01:11:1E:00:00:05',
    references: ['EPSG DS 301 (Ethernet POWERLINK)'],
    text: {
      en: {
        title: 'POWERLINK Active Managing Node Indication (AMNI)',
        summary: 'Group address by which a standby managing node learns which managing node is active.',
        usage: 'Only on Ethernet POWERLINK machine networks, which run their own isochronous cycle. Never bridge them into an office LAN.',
      },
      fr: {
        title: 'Indication du nœud gestionnaire actif POWERLINK (AMNI)',
        summary: 'Adresse de groupe par laquelle un nœud gestionnaire de secours apprend quel nœud gestionnaire est actif.',
        usage: 'Uniquement sur les réseaux machine Ethernet POWERLINK, qui suivent leur propre cycle isochrone. Ne jamais les ponter vers un réseau de bureau.',
      },
    },
  },
  {
    id: 'hp-proprietary-0d1e15',
    first: '0D:1E:15:BA:DD:06',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Hewlett-Packard proprietary group address',
        summary: 'Group address that Wireshark attributes to Hewlett-Packard; HP has not published the protocol behind it.',
        usage: 'Seen in networks with HP (ProCurve, later Aruba) equipment. If it is not from HP gear, it is a forged or corrupted frame.',
      },
      fr: {
        title: 'Adresse de groupe propriétaire de Hewlett-Packard',
        summary: 'Adresse de groupe que Wireshark attribue à Hewlett-Packard ; HP n’a pas publié le protocole qui l’utilise.',
        usage: 'Visible dans les réseaux à équipements HP (ProCurve, puis Aruba). Si elle ne vient pas d’un matériel HP, la trame est forgée ou corrompue.',
      },
    },
  },
];
