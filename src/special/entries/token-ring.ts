/** Token Ring functional addresses, written in canonical (Ethernet) bit order as captures show them; each summary gives the Token Ring bit order too. */
import type { SpecialEntry } from '../entry.js';

/** Token Ring functional addresses. */
export const TOKEN_RING: readonly SpecialEntry[] = [
  {
    id: 'token-ring-functional',
    first: '03:00:00:00:00:00',
    last: '03:00:FF:FF:FF:FF',
    references: ['IEEE 802.5-1998 §3.2.1.1', 'IBM Token-Ring Network Architecture Reference'],
    text: {
      en: {
        title: 'Token Ring functional addresses',
        summary: 'In canonical order, addresses starting 03-00 are Token Ring functional addresses (C0-00 in Token Ring bit order): group addresses in which each bit names one ring service.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresses fonctionnelles Token Ring',
        summary: 'Dans l’ordre canonique, les adresses qui commencent par 03-00 sont des adresses fonctionnelles Token Ring (C0-00 dans l’ordre des bits Token Ring) : des adresses de groupe où chaque bit désigne un service de l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-netbios',
    first: '03:00:00:00:00:01',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: NetBIOS',
        summary: 'Token Ring functional address (C0-00-00-00-00-80 in Token Ring bit order) of NetBIOS name and datagram traffic on Token Ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : NetBIOS',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-80 dans l’ordre des bits Token Ring) désignant le trafic de noms et de datagrammes NetBIOS sur Token Ring.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-locate-directory-server',
    first: '03:00:00:00:00:02',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Locate directory server',
        summary: 'Token Ring functional address (C0-00-00-00-00-40 in Token Ring bit order) of requests that locate the directory server of an IBM LAN.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Localisation du serveur d’annuaire',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-40 dans l’ordre des bits Token Ring) désignant les requêtes qui localisent le serveur d’annuaire d’un réseau local IBM.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-synchronous-bandwidth-manager',
    first: '03:00:00:00:00:04',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Synchronous bandwidth manager',
        summary: 'Token Ring functional address (C0-00-00-00-00-20 in Token Ring bit order) of the station that allocates synchronous bandwidth on the ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Gestionnaire de bande passante synchrone',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-20 dans l’ordre des bits Token Ring) désignant la station qui attribue la bande passante synchrone sur l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-configuration-report-server',
    first: '03:00:00:00:00:08',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Configuration report server',
        summary: 'Token Ring functional address (C0-00-00-00-00-10 in Token Ring bit order) of the station that collects ring configuration changes for network management.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Serveur de rapports de configuration',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-10 dans l’ordre des bits Token Ring) désignant la station qui recueille les changements de configuration de l’anneau pour la gestion du réseau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-ring-error-monitor',
    first: '03:00:00:00:00:10',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Ring error monitor',
        summary: 'Token Ring functional address (C0-00-00-00-00-08 in Token Ring bit order) of the station that collects soft-error reports of the ring; OS/2 Extended Edition Communications Manager also answers it.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Moniteur d’erreurs de l’anneau',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-08 dans l’ordre des bits Token Ring) désignant la station qui recueille les rapports d’erreurs légères de l’anneau ; le Communications Manager d’OS/2 Extended Edition y répond aussi.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-network-server-heartbeat',
    first: '03:00:00:00:00:20',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Network server heartbeat',
        summary: 'Token Ring functional address (C0-00-00-00-00-04 in Token Ring bit order) of heartbeat frames of network servers on the ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Battement de cœur des serveurs réseau',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-04 dans l’ordre des bits Token Ring) désignant les trames de battement de cœur des serveurs réseau de l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-ring-parameter-server',
    first: '03:00:00:00:00:40',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Ring parameter server (OS/2 Communications Manager)',
        summary: 'Token Ring functional address (C0-00-00-00-00-02 in Token Ring bit order) of the server that gives joining stations their ring parameters; OS/2 1.3 EE Communications Manager uses it.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Serveur de paramètres d’anneau (Communications Manager d’OS/2)',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-02 dans l’ordre des bits Token Ring) désignant le serveur qui fournit leurs paramètres d’anneau aux stations qui s’insèrent ; le Communications Manager d’OS/2 1.3 EE l’utilise.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-active-monitor',
    first: '03:00:00:00:00:80',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Active monitor',
        summary: 'Token Ring functional address (C0-00-00-00-00-01 in Token Ring bit order) of the active monitor, the station that keeps the token circulating and the ring timing right.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Moniteur actif',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-00-01 dans l’ordre des bits Token Ring) désignant le moniteur actif, la station qui entretient la circulation du jeton et la synchronisation de l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-osi-all-is',
    first: '03:00:00:00:01:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: OSI all intermediate systems (Token Ring)',
        summary: 'Token Ring functional address (C0-00-00-00-80-00 in Token Ring bit order) of every OSI router on the ring (the Token Ring form of the ES-IS all-IS address).',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Tous les systèmes intermédiaires OSI (Token Ring)',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-80-00 dans l’ordre des bits Token Ring) désignant tous les routeurs OSI de l’anneau (forme Token Ring de l’adresse ES-IS de tous les systèmes intermédiaires).',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-osi-all-es',
    first: '03:00:00:00:02:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: OSI all end systems (Token Ring)',
        summary: 'Token Ring functional address (C0-00-00-00-40-00 in Token Ring bit order) of every OSI end system on the ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Tous les systèmes terminaux OSI (Token Ring)',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-40-00 dans l’ordre des bits Token Ring) désignant tous les systèmes terminaux OSI de l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-lan-manager',
    first: '03:00:00:00:04:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: LAN Manager',
        summary: 'Token Ring functional address (C0-00-00-00-20-00 in Token Ring bit order) of LAN Manager network management on the ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : LAN Manager',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-20-00 dans l’ordre des bits Token Ring) désignant la gestion réseau LAN Manager sur l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-ring-wiring-concentrator',
    first: '03:00:00:00:08:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Ring wiring concentrator',
        summary: 'Token Ring functional address (C0-00-00-00-10-00 in Token Ring bit order) of the wiring concentrators (MAUs) of the ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Concentrateur de câblage d’anneau',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-10-00 dans l’ordre des bits Token Ring) désignant les concentrateurs de câblage (MAU) de l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-lan-gateway',
    first: '03:00:00:00:10:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: LAN gateway',
        summary: 'Token Ring functional address (C0-00-00-00-08-00 in Token Ring bit order) of gateways between the ring and other networks.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Passerelle de réseau local',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-08-00 dans l’ordre des bits Token Ring) désignant les passerelles entre l’anneau et d’autres réseaux.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-ring-authorization-server',
    first: '03:00:00:00:20:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Ring authorisation server',
        summary: 'Token Ring functional address (C0-00-00-00-04-00 in Token Ring bit order) of the server that decides which stations may insert into the ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Serveur d’autorisation d’anneau',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-04-00 dans l’ordre des bits Token Ring) désignant le serveur qui décide quelles stations peuvent s’insérer dans l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-impl-server',
    first: '03:00:00:00:40:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: IMPL server',
        summary: 'Token Ring functional address (C0-00-00-00-02-00 in Token Ring bit order) of the server that sends initial microcode (IMPL) to stations that load it from the network.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Serveur IMPL',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-02-00 dans l’ordre des bits Token Ring) désignant le serveur qui envoie le microcode initial (IMPL) aux stations qui le chargent par le réseau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-bridge',
    first: '03:00:00:00:80:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Bridge',
        summary: 'Token Ring functional address (C0-00-00-00-01-00 in Token Ring bit order) of every source-routing bridge on the ring.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Pont',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-00-01-00 dans l’ordre des bits Token Ring) désignant tous les ponts à routage par la source de l’anneau.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-ip-multicast',
    first: '03:00:00:20:00:00',
    references: ['RFC 1469', 'IEEE 802.5-1998 §3.2.1.1'],
    text: {
      en: {
        title: 'Token Ring functional address: IP multicast (RFC 1469)',
        summary: 'Token Ring functional address (C0-00-00-04-00-00 in Token Ring bit order) of IP multicast on Token Ring, as RFC 1469 defines it: all IP multicast groups share this one functional address.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Multicast IP (RFC 1469)',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-04-00-00 dans l’ordre des bits Token Ring) désignant le multicast IP sur Token Ring, tel que le définit la RFC 1469 : tous les groupes multicast IP partagent cette adresse fonctionnelle.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-discovery-client',
    first: '03:00:00:80:00:00',
    references: ['IBM Token-Ring Network Architecture Reference', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Token Ring functional address: Discovery client',
        summary: 'Token Ring functional address (C0-00-00-01-00-00 in Token Ring bit order) of clients of IBM’s discovery protocol.',
        usage: 'Only meaningful on Token Ring, where each functional address is a single bit. On Ethernet it comes from translational bridging or an old stack mapping Token Ring services; otherwise it deserves a closer look.',
      },
      fr: {
        title: 'Adresse fonctionnelle Token Ring : Client de découverte',
        summary: 'Adresse fonctionnelle Token Ring (C0-00-00-01-00-00 dans l’ordre des bits Token Ring) désignant les clients du protocole de découverte d’IBM.',
        usage: 'N’a de sens que sur Token Ring, où chaque adresse fonctionnelle est un seul bit. Sur Ethernet, elle vient d’un pont de traduction ou d’une ancienne pile qui transpose des services Token Ring ; sinon, elle mérite un examen.',
      },
    },
  },
  {
    id: 'token-ring-all-stations',
    first: '03:00:FF:FF:FF:FF',
    references: ['IEEE 802.5-1998 §3.2.1.1'],
    text: {
      en: {
        title: 'Token Ring all-stations (functional broadcast)',
        summary: 'Token Ring functional address with every bit set (C0-00-FF-FF-FF-FF in Token Ring order): every functional service on the ring.',
        usage: 'Used on Token Ring to reach all functional stations at once. On Ethernet it is only a curiosity from translational bridging.',
      },
      fr: {
        title: 'Toutes les stations Token Ring (diffusion fonctionnelle)',
        summary: 'Adresse fonctionnelle Token Ring dont tous les bits valent 1 (C0-00-FF-FF-FF-FF dans l’ordre Token Ring) : tous les services fonctionnels de l’anneau.',
        usage: 'Sert sur Token Ring à joindre d’un coup toutes les stations fonctionnelles. Sur Ethernet, ce n’est qu’une curiosité venue d’un pont de traduction.',
      },
    },
  },
];
