/** Group addresses of historical LAN protocols that network analysers still recognise: DEC, AppleTalk, HP, ICL, and 1980s-1990s bridge and server vendors. */
import type { SpecialEntry } from '../entry.js';

/** Historical LAN protocol assignments. */
export const LEGACY_LAN: readonly SpecialEntry[] = [
  {
    id: 'dec-multicast',
    first: '09:00:2B:00:00:00',
    last: '09:00:2B:FF:FF:FF',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC multicast block',
        summary: 'Group addresses of Digital Equipment Corporation (OUI 08-00-2B with the group bit set), used by DECnet, LAT, VMS clusters and DEC bridges.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Bloc multicast de DEC',
        summary: 'Adresses de groupe de Digital Equipment Corporation (OUI 08-00-2B avec le bit de groupe), utilisées par DECnet, LAT, les clusters VMS et les ponts DEC.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-mumps',
    first: '09:00:2B:00:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC MUMPS',
        summary: 'Group address of DEC’s MUMPS (DSM) database clustering.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'MUMPS de DEC',
        summary: 'Adresse de groupe de la mise en cluster des bases MUMPS (DSM) de DEC.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-dsm-ddp',
    first: '09:00:2B:00:00:01',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC DSM/DDP',
        summary: 'Group address of the Distributed Data Processing protocol of DEC Standard MUMPS (DSM).',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'DSM/DDP de DEC',
        summary: 'Adresse de groupe du protocole de traitement distribué (DDP) de DEC Standard MUMPS (DSM).',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-vaxeln',
    first: '09:00:2B:00:00:02',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC VAXELN',
        summary: 'Group address of VAXELN, DEC’s real-time system, for loading and naming.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'VAXELN de DEC',
        summary: 'Adresse de groupe de VAXELN, le système temps réel de DEC, pour le chargement et le nommage.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-ltm',
    first: '09:00:2B:00:00:03',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC LAN Traffic Monitor',
        summary: 'Group address of DEC’s LANBridge traffic monitor (LTM), which collected traffic statistics.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Moniteur de trafic LAN de DEC',
        summary: 'Adresse de groupe du moniteur de trafic LANBridge de DEC (LTM), qui collectait des statistiques de trafic.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-csma-cd-encryption',
    first: '09:00:2B:00:00:06',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC CSMA/CD encryption',
        summary: 'Group address of DEC’s Ethernet encryption devices.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Chiffrement CSMA/CD de DEC',
        summary: 'Adresse de groupe des équipements de chiffrement Ethernet de DEC.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-netbios-emulator',
    first: '09:00:2B:00:00:07',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC NetBIOS emulator',
        summary: 'Group address of DEC’s NetBIOS emulation (PATHWORKS).',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Émulateur NetBIOS de DEC',
        summary: 'Adresse de groupe de l’émulation NetBIOS de DEC (PATHWORKS).',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-lat',
    first: '09:00:2B:00:00:0F',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC LAT service announcements',
        summary: 'Group address of Local Area Transport (LAT) service advertisements from terminal servers and hosts.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Annonces de service LAT de DEC',
        summary: 'Adresse de groupe des annonces de services LAT (Local Area Transport) des serveurs de terminaux et des hôtes.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-experimental',
    first: '09:00:2B:00:00:10',
    last: '09:00:2B:00:00:1F',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC experimental',
        summary: 'Sixteen group addresses DEC set aside for experiments.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Expérimental DEC',
        summary: 'Seize adresses de groupe que DEC réservait aux expérimentations.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-lanbridge-copy',
    first: '09:00:2B:01:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC LANBridge: all bridges',
        summary: 'Group address of every DEC LANBridge, used to copy management and topology frames.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'LANBridge de DEC : tous les ponts',
        summary: 'Adresse de groupe de tous les LANBridge de DEC, pour copier les trames de gestion et de topologie.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-lanbridge-hello',
    first: '09:00:2B:01:00:01',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC LANBridge hello',
        summary: 'Group address of DEC LANBridge hello frames (DEC’s spanning tree, before IEEE 802.1D).',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Hello LANBridge de DEC',
        summary: 'Adresse de groupe des hellos LANBridge de DEC (le spanning tree de DEC, antérieur à IEEE 802.1D).',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-dna-l2-routers',
    first: '09:00:2B:02:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DECnet level 2 routers',
        summary: 'Group address of every DECnet Phase IV area (level 2) router.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Routeurs DECnet de niveau 2',
        summary: 'Adresse de groupe de tous les routeurs de zone (niveau 2) DECnet Phase IV.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-dna-naming-advertisement',
    first: '09:00:2B:02:01:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DECdns advertisement',
        summary: 'Group address of DEC Distributed Name Service advertisements.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Annonce DECdns',
        summary: 'Adresse de groupe des annonces du service de noms distribué de DEC (DECdns).',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-dna-naming-solicitation',
    first: '09:00:2B:02:01:01',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DECdns solicitation',
        summary: 'Group address of DEC Distributed Name Service solicitations.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Sollicitation DECdns',
        summary: 'Adresse de groupe des sollicitations du service de noms distribué de DEC (DECdns).',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-dts',
    first: '09:00:2B:02:01:02',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC Distributed Time Service',
        summary: 'Group address of DECdts, DEC’s distributed time synchronisation.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Service de temps distribué de DEC',
        summary: 'Adresse de groupe de DECdts, la synchronisation horaire distribuée de DEC.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-amds',
    first: '09:00:2B:02:01:09',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC Availability Manager (DECamds)',
        summary: 'Group address of the Availability Manager for Distributed Systems, which monitors OpenVMS nodes.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Gestionnaire de disponibilité de DEC (DECamds)',
        summary: 'Adresse de groupe de l’Availability Manager for Distributed Systems, qui surveille les nœuds OpenVMS.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-bridge-filtering',
    first: '09:00:2B:03:00:00',
    last: '09:00:2B:03:FF:FF',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC default bridge filtering',
        summary: 'Group addresses that DEC bridges filter by default.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Filtrage par défaut des ponts DEC',
        summary: 'Adresses de groupe que les ponts DEC filtrent par défaut.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-last',
    first: '09:00:2B:04:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC LAST',
        summary: 'Group address of the Local Area System Transport (LAST), the transport of DEC’s InfoServer.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'LAST de DEC',
        summary: 'Adresse de groupe du Local Area System Transport (LAST), le transport de l’InfoServer de DEC.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-argonaut-console',
    first: '09:00:2B:23:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC Argonaut console',
        summary: 'Group address of the Argonaut console protocol of DEC systems.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Console Argonaut de DEC',
        summary: 'Adresse de groupe du protocole de console Argonaut des systèmes DEC.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-una-prom',
    first: 'AA:00:03:00:00:00',
    last: 'AA:00:03:00:FF:FF',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC DEUNA default address',
        summary: 'Addresses DEC’s DEUNA/DELUA Ethernet adapters used before software set their own.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Adresse par défaut DEUNA de DEC',
        summary: 'Adresses qu’utilisaient les cartes Ethernet DEUNA/DELUA de DEC avant que le logiciel ne leur en donne une.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-prom-aa',
    first: 'AA:00:03:01:00:00',
    last: 'AA:00:03:01:FF:FF',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC PROM addresses',
        summary: 'Hardware (PROM) addresses of DEC adapters in the AA-00-03-01 block.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Adresses PROM de DEC',
        summary: 'Adresses matérielles (PROM) des cartes DEC du bloc AA-00-03-01.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-ni20',
    first: 'AA:00:03:03:00:00',
    last: 'AA:00:03:03:FF:FF',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC NI20',
        summary: 'Addresses of the NIA20 Ethernet interface of DECSYSTEM-20 mainframes.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'NI20 de DEC',
        summary: 'Adresses de l’interface Ethernet NIA20 des ordinateurs DECSYSTEM-20.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'decnet-phase-iv',
    first: 'AA:00:04:00:00:00',
    last: 'AA:00:04:00:FF:FF',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DECnet Phase IV node address',
        summary: 'Address a DECnet Phase IV node gives its interface: AA-00-04-00 followed by its DECnet address (area × 1024 + node, low byte first).',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Adresse de nœud DECnet Phase IV',
        summary: 'Adresse qu’un nœud DECnet Phase IV donne à son interface : AA-00-04-00 suivi de son adresse DECnet (zone × 1024 + nœud, octet de poids faible d’abord).',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-mop-dump-load',
    first: 'AB:00:00:01:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC MOP dump/load assistance',
        summary: 'Group address of Maintenance Operation Protocol (MOP) boot and dump requests.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Assistance chargement/vidage MOP de DEC',
        summary: 'Adresse de groupe des requêtes de démarrage et de vidage du protocole MOP (Maintenance Operation Protocol).',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-mop-remote-console',
    first: 'AB:00:00:02:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC MOP remote console',
        summary: 'Group address of MOP remote console system identification messages; some network equipment still sends them by default.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Console distante MOP de DEC',
        summary: 'Adresse de groupe des messages d’identification système de la console distante MOP ; certains équipements réseau les émettent encore par défaut.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'decnet-all-routers',
    first: 'AB:00:00:03:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DECnet Phase IV: all routers',
        summary: 'Group address to which DECnet Phase IV end nodes send their hellos.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'DECnet Phase IV : tous les routeurs',
        summary: 'Adresse de groupe à laquelle les nœuds terminaux DECnet Phase IV envoient leurs hellos.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'decnet-all-end-nodes',
    first: 'AB:00:00:04:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DECnet Phase IV: all end nodes',
        summary: 'Group address to which DECnet Phase IV routers send their hellos.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'DECnet Phase IV : tous les nœuds terminaux',
        summary: 'Adresse de groupe à laquelle les routeurs DECnet Phase IV envoient leurs hellos.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-lat-old',
    first: 'AB:00:03:00:00:00',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC LAT (old form)',
        summary: 'Original group address of LAT service announcements, before 09-00-2B-00-00-0F.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'LAT de DEC (ancienne forme)',
        summary: 'Adresse de groupe d’origine des annonces de services LAT, avant 09-00-2B-00-00-0F.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'dec-lavc',
    first: 'AB:00:04:01:00:00',
    last: 'AB:00:04:01:FF:FF',
    references: ['DEC multicast address assignments', 'Wireshark wka list'],
    text: {
      en: {
        title: 'DEC LAVC cluster (SCA)',
        summary: 'Group addresses of Local Area VAXcluster traffic (System Communications Architecture); the low octets carry the cluster number.',
        usage: 'A DEC (Digital Equipment Corporation) protocol of the DECnet and VMS era. Seen today only with legacy VMS systems, OpenVMS clusters or emulators; elsewhere it is noise from old equipment.',
      },
      fr: {
        title: 'Cluster LAVC de DEC (SCA)',
        summary: 'Adresses de groupe du trafic des VAXclusters locaux (System Communications Architecture) ; les octets de poids faible portent le numéro de cluster.',
        usage: 'Protocole de DEC (Digital Equipment Corporation) de l’ère DECnet et VMS. Visible aujourd’hui seulement avec des systèmes VMS anciens, des clusters OpenVMS ou des émulateurs ; ailleurs, c’est le bruit d’un matériel ancien.',
      },
    },
  },
  {
    id: 'appletalk-zone-multicast',
    first: '09:00:07:00:00:00',
    last: '09:00:07:00:00:FF',
    references: ['Inside AppleTalk, 2nd ed., Apple Computer 1990'],
    text: {
      en: {
        title: 'AppleTalk zone multicast',
        summary: 'Group addresses of AppleTalk Phase 2 zones: each zone name hashes to one of them (253 are used, 00 to FC).',
        usage: 'AppleTalk was retired by Apple in 2009 (Mac OS X 10.6). Today it comes from old printers, file servers or emulators.',
      },
      fr: {
        title: 'Multicast de zone AppleTalk',
        summary: 'Adresses de groupe des zones AppleTalk Phase 2 : chaque nom de zone se projette sur l’une d’elles (253 utilisées, de 00 à FC).',
        usage: 'Apple a abandonné AppleTalk en 2009 (Mac OS X 10.6). On le rencontre aujourd’hui avec de vieilles imprimantes, des serveurs de fichiers ou des émulateurs.',
      },
    },
  },
  {
    id: 'appletalk-broadcast',
    first: '09:00:07:FF:FF:FF',
    references: ['Inside AppleTalk, 2nd ed., Apple Computer 1990'],
    text: {
      en: {
        title: 'AppleTalk broadcast',
        summary: 'AppleTalk Phase 2 broadcast address, used for name lookups (NBP) and routing (RTMP, ZIP).',
        usage: 'AppleTalk was retired by Apple in 2009 (Mac OS X 10.6). Today it comes from old printers, file servers or emulators.',
      },
      fr: {
        title: 'Diffusion AppleTalk',
        summary: 'Adresse de diffusion AppleTalk Phase 2, utilisée pour la recherche de noms (NBP) et le routage (RTMP, ZIP).',
        usage: 'Apple a abandonné AppleTalk en 2009 (Mac OS X 10.6). On le rencontre aujourd’hui avec de vieilles imprimantes, des serveurs de fichiers ou des émulateurs.',
      },
    },
  },
  {
    id: 'hp-probe',
    first: '09:00:09:00:00:01',
    references: ['HP networking services documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'HP Probe',
        summary: 'Group address of HP Probe, the name and address resolution protocol of HP’s networking services over IEEE 802.3.',
        usage: 'Hewlett-Packard’s own protocols for HP 3000 and HP 9000 systems. Seen only with legacy HP-UX or MPE environments.',
      },
      fr: {
        title: 'HP Probe',
        summary: 'Adresse de groupe d’HP Probe, le protocole de résolution de noms et d’adresses des services réseau d’HP sur IEEE 802.3.',
        usage: 'Protocoles propres à Hewlett-Packard pour les systèmes HP 3000 et HP 9000. Visible uniquement dans des environnements HP-UX ou MPE anciens.',
      },
    },
  },
  {
    id: 'hp-dtc',
    first: '09:00:09:00:00:04',
    references: ['HP networking services documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'HP DTC',
        summary: 'Group address of HP Datacommunications and Terminal Controllers (DTC), the terminal servers of HP 3000 systems.',
        usage: 'Hewlett-Packard’s own protocols for HP 3000 and HP 9000 systems. Seen only with legacy HP-UX or MPE environments.',
      },
      fr: {
        title: 'DTC d’HP',
        summary: 'Adresse de groupe des contrôleurs de terminaux et de communications HP (DTC), les serveurs de terminaux des systèmes HP 3000.',
        usage: 'Protocoles propres à Hewlett-Packard pour les systèmes HP 3000 et HP 9000. Visible uniquement dans des environnements HP-UX ou MPE anciens.',
      },
    },
  },
  {
    id: 'icl-oslan-multicast',
    first: '09:00:0D:00:00:00',
    last: '09:00:0D:FF:FF:FF',
    references: ['ICL OSLAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'ICL OSLAN multicast',
        summary: 'Group addresses of ICL’s OSLAN networking.',
        usage: 'ICL’s OSLAN, the OSI networking of ICL mainframes and servers, mostly in the UK. Seen today only in very old installations.',
      },
      fr: {
        title: 'Multicast OSLAN d’ICL',
        summary: 'Adresses de groupe de la mise en réseau OSLAN d’ICL.',
        usage: 'OSLAN d’ICL, la mise en réseau OSI des ordinateurs ICL, surtout au Royaume-Uni. Visible aujourd’hui seulement dans de très anciennes installations.',
      },
    },
  },
  {
    id: 'icl-oslan-boot-discovery-020000',
    first: '09:00:0D:02:00:00',
    references: ['ICL OSLAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'ICL OSLAN service discovery at boot',
        summary: 'One of the ICL OSLAN group addresses (09-00-0D-02-00-00) that stations query only while booting, to find their services.',
        usage: 'ICL’s OSLAN, the OSI networking of ICL mainframes and servers, mostly in the UK. Seen today only in very old installations.',
      },
      fr: {
        title: 'Découverte de services OSLAN d’ICL au démarrage',
        summary: 'Une des adresses de groupe OSLAN d’ICL (09-00-0D-02-00-00) que les stations interrogent seulement au démarrage pour trouver leurs services.',
        usage: 'OSLAN d’ICL, la mise en réseau OSI des ordinateurs ICL, surtout au Royaume-Uni. Visible aujourd’hui seulement dans de très anciennes installations.',
      },
    },
  },
  {
    id: 'icl-oslan-boot-discovery-020a38',
    first: '09:00:0D:02:0A:38',
    references: ['ICL OSLAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'ICL OSLAN service discovery at boot',
        summary: 'One of the ICL OSLAN group addresses (09-00-0D-02-0A-38) that stations query only while booting, to find their services.',
        usage: 'ICL’s OSLAN, the OSI networking of ICL mainframes and servers, mostly in the UK. Seen today only in very old installations.',
      },
      fr: {
        title: 'Découverte de services OSLAN d’ICL au démarrage',
        summary: 'Une des adresses de groupe OSLAN d’ICL (09-00-0D-02-0A-38) que les stations interrogent seulement au démarrage pour trouver leurs services.',
        usage: 'OSLAN d’ICL, la mise en réseau OSI des ordinateurs ICL, surtout au Royaume-Uni. Visible aujourd’hui seulement dans de très anciennes installations.',
      },
    },
  },
  {
    id: 'icl-oslan-boot-discovery-020a39',
    first: '09:00:0D:02:0A:39',
    references: ['ICL OSLAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'ICL OSLAN service discovery at boot',
        summary: 'One of the ICL OSLAN group addresses (09-00-0D-02-0A-39) that stations query only while booting, to find their services.',
        usage: 'ICL’s OSLAN, the OSI networking of ICL mainframes and servers, mostly in the UK. Seen today only in very old installations.',
      },
      fr: {
        title: 'Découverte de services OSLAN d’ICL au démarrage',
        summary: 'Une des adresses de groupe OSLAN d’ICL (09-00-0D-02-0A-39) que les stations interrogent seulement au démarrage pour trouver leurs services.',
        usage: 'OSLAN d’ICL, la mise en réseau OSI des ordinateurs ICL, surtout au Royaume-Uni. Visible aujourd’hui seulement dans de très anciennes installations.',
      },
    },
  },
  {
    id: 'icl-oslan-boot-discovery-020a3c',
    first: '09:00:0D:02:0A:3C',
    references: ['ICL OSLAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'ICL OSLAN service discovery at boot',
        summary: 'One of the ICL OSLAN group addresses (09-00-0D-02-0A-3C) that stations query only while booting, to find their services.',
        usage: 'ICL’s OSLAN, the OSI networking of ICL mainframes and servers, mostly in the UK. Seen today only in very old installations.',
      },
      fr: {
        title: 'Découverte de services OSLAN d’ICL au démarrage',
        summary: 'Une des adresses de groupe OSLAN d’ICL (09-00-0D-02-0A-3C) que les stations interrogent seulement au démarrage pour trouver leurs services.',
        usage: 'OSLAN d’ICL, la mise en réseau OSI des ordinateurs ICL, surtout au Royaume-Uni. Visible aujourd’hui seulement dans de très anciennes installations.',
      },
    },
  },
  {
    id: 'icl-oslan-boot-discovery-02ffff',
    first: '09:00:0D:02:FF:FF',
    references: ['ICL OSLAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'ICL OSLAN service discovery at boot',
        summary: 'One of the ICL OSLAN group addresses (09-00-0D-02-FF-FF) that stations query only while booting, to find their services.',
        usage: 'ICL’s OSLAN, the OSI networking of ICL mainframes and servers, mostly in the UK. Seen today only in very old installations.',
      },
      fr: {
        title: 'Découverte de services OSLAN d’ICL au démarrage',
        summary: 'Une des adresses de groupe OSLAN d’ICL (09-00-0D-02-FF-FF) que les stations interrogent seulement au démarrage pour trouver leurs services.',
        usage: 'OSLAN d’ICL, la mise en réseau OSI des ordinateurs ICL, surtout au Royaume-Uni. Visible aujourd’hui seulement dans de très anciennes installations.',
      },
    },
  },
  {
    id: 'icl-oslan-discovery',
    first: '09:00:0D:09:00:00',
    references: ['ICL OSLAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'ICL OSLAN service discovery',
        summary: 'ICL OSLAN group address that stations query whenever they need to find a service.',
        usage: 'ICL’s OSLAN, the OSI networking of ICL mainframes and servers, mostly in the UK. Seen today only in very old installations.',
      },
      fr: {
        title: 'Découverte de services OSLAN d’ICL',
        summary: 'Adresse de groupe OSLAN d’ICL que les stations interrogent chaque fois qu’elles cherchent un service.',
        usage: 'OSLAN d’ICL, la mise en réseau OSI des ordinateurs ICL, surtout au Royaume-Uni. Visible aujourd’hui seulement dans de très anciennes installations.',
      },
    },
  },
  {
    id: 'apollo-domain',
    first: '09:00:1E:00:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Apollo DOMAIN',
        summary: 'Group address of Apollo Computer’s DOMAIN networking, used by its workstations.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'DOMAIN d’Apollo',
        summary: 'Adresse de groupe de la mise en réseau DOMAIN d’Apollo Computer, utilisée par ses stations de travail.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'bicc-management',
    first: '09:00:4C:00:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'BICC 802.1 management',
        summary: 'Group address of BICC Data Networks’ bridge management.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Gestion 802.1 de BICC',
        summary: 'Adresse de groupe de la gestion des ponts de BICC Data Networks.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'bicc-management-2',
    first: '09:00:4C:00:00:02',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'BICC 802.1 management (second address)',
        summary: 'Second group address of BICC Data Networks’ bridge management.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Gestion 802.1 de BICC (seconde adresse)',
        summary: 'Seconde adresse de groupe de la gestion des ponts de BICC Data Networks.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'bicc-local-bridge-sta',
    first: '09:00:4C:00:00:06',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'BICC local bridge spanning tree',
        summary: 'Spanning tree (802.1D draft revision 6) group address of BICC local bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Spanning tree des ponts locaux BICC',
        summary: 'Adresse de groupe du spanning tree (brouillon 802.1D révision 6) des ponts locaux BICC.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'bicc-remote-bridge-sta',
    first: '09:00:4C:00:00:0C',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'BICC remote bridge spanning tree',
        summary: 'Spanning tree (802.1D draft revision 8) group address of BICC remote bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Spanning tree des ponts distants BICC',
        summary: 'Adresse de groupe du spanning tree (brouillon 802.1D révision 8) des ponts distants BICC.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'bicc-remote-bridge-routing',
    first: '09:00:4C:00:00:0F',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'BICC remote bridge adaptive routing',
        summary: 'Group address of the adaptive routing of BICC remote bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Routage adaptatif des ponts distants BICC',
        summary: 'Adresse de groupe du routage adaptatif des ponts distants BICC.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'stanford-v-kernel',
    first: '09:00:56:FF:00:00',
    last: '09:00:56:FF:FF:FF',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Stanford V kernel',
        summary: 'Group addresses of the V distributed operating system (version 6.0) from Stanford University.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Noyau V de Stanford',
        summary: 'Adresses de groupe du système d’exploitation distribué V (version 6.0) de l’université Stanford.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'top-netbios',
    first: '09:00:6A:00:01:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'TOP NetBIOS',
        summary: 'NetBIOS group address used on networks following the Technical and Office Protocols (TOP) profile.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'NetBIOS TOP',
        summary: 'Adresse de groupe NetBIOS utilisée sur les réseaux suivant le profil Technical and Office Protocols (TOP).',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'retix-bridge-management',
    first: '09:00:77:00:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Retix bridge local management',
        summary: 'Group address of the local management system of Retix bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Gestion locale des ponts Retix',
        summary: 'Adresse de groupe du système de gestion locale des ponts Retix.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'retix-spanning-tree',
    first: '09:00:77:00:00:01',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Retix spanning tree',
        summary: 'Group address of the spanning tree protocol of Retix bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Spanning tree Retix',
        summary: 'Adresse de groupe du protocole de spanning tree des ponts Retix.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'retix-adaptive-routing',
    first: '09:00:77:00:00:02',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Retix adaptive routing',
        summary: 'Group address of the adaptive routing of Retix bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Routage adaptatif Retix',
        summary: 'Adresse de groupe du routage adaptatif des ponts Retix.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'vitalink-dls-multicast',
    first: '09:00:7C:01:00:01',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Vitalink DLS multicast',
        summary: 'Group address of Vitalink’s Distributed LAN Service (DLS) bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Multicast DLS de Vitalink',
        summary: 'Adresse de groupe des ponts du Distributed LAN Service (DLS) de Vitalink.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'vitalink-dls-inlink',
    first: '09:00:7C:01:00:03',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Vitalink DLS inlink',
        summary: 'Group address of links between Vitalink DLS bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Liaison interne DLS de Vitalink',
        summary: 'Adresse de groupe des liaisons entre ponts DLS de Vitalink.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'vitalink-dls-all',
    first: '09:00:7C:01:00:04',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Vitalink DLS and non-DLS multicast',
        summary: 'Group address of all Vitalink bridges, with or without DLS.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Multicast DLS et non DLS de Vitalink',
        summary: 'Adresse de groupe de tous les ponts Vitalink, avec ou sans DLS.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'vitalink-diagnostics',
    first: '09:00:7C:02:00:05',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Vitalink diagnostics',
        summary: 'Group address of Vitalink bridge diagnostics.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Diagnostics Vitalink',
        summary: 'Adresse de groupe des diagnostics des ponts Vitalink.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'vitalink-gateway',
    first: '09:00:7C:05:00:01',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Vitalink gateway',
        summary: 'Group address of Vitalink gateways.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Passerelle Vitalink',
        summary: 'Adresse de groupe des passerelles Vitalink.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'vitalink-validation',
    first: '09:00:7C:05:00:02',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Vitalink network validation',
        summary: 'Group address of Vitalink network validation messages.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Validation réseau Vitalink',
        summary: 'Adresse de groupe des messages de validation réseau de Vitalink.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'xyplex-terminal-servers',
    first: '09:00:87:80:FF:FF',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Xyplex terminal servers',
        summary: 'Group address of Xyplex terminal servers.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Serveurs de terminaux Xyplex',
        summary: 'Adresse de groupe des serveurs de terminaux Xyplex.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'xyplex-terminal-servers-2',
    first: '09:00:87:90:FF:FF',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Xyplex terminal servers (second address)',
        summary: 'Second group address of Xyplex terminal servers.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Serveurs de terminaux Xyplex (seconde adresse)',
        summary: 'Seconde adresse de groupe des serveurs de terminaux Xyplex.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'hughes-terminal-server-download',
    first: '01:00:10:00:00:20',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Hughes LAN Systems terminal server software download',
        summary: 'Group address from which Hughes LAN Systems terminal servers received their software.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Téléchargement logiciel des serveurs de terminaux Hughes LAN Systems',
        summary: 'Adresse de groupe par laquelle les serveurs de terminaux Hughes LAN Systems recevaient leur logiciel.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'hughes-terminal-server-request',
    first: '01:00:10:FF:FF:20',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Hughes LAN Systems terminal server software request',
        summary: 'Group address to which Hughes LAN Systems terminal servers sent software requests.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Demande logicielle des serveurs de terminaux Hughes LAN Systems',
        summary: 'Adresse de groupe à laquelle les serveurs de terminaux Hughes LAN Systems envoyaient leurs demandes de logiciel.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'cabletron-pc-discover',
    first: '01:00:1D:00:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Cabletron PC-OV PC discovery',
        summary: 'Group address by which Cabletron’s Spectrum/PC-OV management discovered PCs on demand.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Découverte de PC PC-OV de Cabletron',
        summary: 'Adresse de groupe par laquelle la gestion Spectrum/PC-OV de Cabletron découvrait les PC à la demande.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'cabletron-pvst',
    first: '01:00:1D:00:00:05',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Cabletron PVST BPDU',
        summary: 'Group address of Cabletron’s per-VLAN spanning tree BPDUs.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'BPDU PVST de Cabletron',
        summary: 'Adresse de groupe des BPDU du spanning tree par VLAN de Cabletron.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'cabletron-qcstp',
    first: '01:00:1D:00:00:06',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Cabletron QCSTP BPDU',
        summary: 'Group address of Cabletron’s QCSTP spanning tree BPDUs.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'BPDU QCSTP de Cabletron',
        summary: 'Adresse de groupe des BPDU du spanning tree QCSTP de Cabletron.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'cabletron-bridge-discover',
    first: '01:00:1D:42:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Cabletron PC-OV bridge discovery',
        summary: 'Group address by which Cabletron’s PC-OV management discovered bridges on demand.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Découverte de ponts PC-OV de Cabletron',
        summary: 'Adresse de groupe par laquelle la gestion PC-OV de Cabletron découvrait les ponts à la demande.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'cabletron-mmac-discover',
    first: '01:00:1D:52:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Cabletron PC-OV MMAC discovery',
        summary: 'Group address by which Cabletron’s PC-OV management discovered MMAC hubs on demand.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Découverte de MMAC PC-OV de Cabletron',
        summary: 'Adresse de groupe par laquelle la gestion PC-OV de Cabletron découvrait les concentrateurs MMAC à la demande.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'auspex-serverguard',
    first: '01:00:3C:00:00:00',
    last: '01:00:3C:FF:FF:FF',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Auspex Systems Serverguard',
        summary: 'Group addresses of Serverguard, the failover protocol of Auspex NFS file servers.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Serverguard d’Auspex Systems',
        summary: 'Adresses de groupe de Serverguard, le protocole de bascule des serveurs de fichiers NFS d’Auspex.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'control-technology-industrial',
    first: '01:20:25:00:00:00',
    last: '01:20:25:7F:FF:FF',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Control Technology industrial control protocol',
        summary: 'Group addresses of the industrial control protocol of Control Technology Inc. programmable controllers.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Protocole de contrôle industriel de Control Technology',
        summary: 'Adresses de groupe du protocole de contrôle industriel des automates de Control Technology Inc.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'kalpana-etherswitch',
    first: '01:80:24:00:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Kalpana EtherSwitch',
        summary: 'Group address to which Kalpana EtherSwitches, the first Ethernet switches, sent a frame every 60 seconds.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'EtherSwitch de Kalpana',
        summary: 'Adresse de groupe à laquelle les EtherSwitch de Kalpana, premiers commutateurs Ethernet, envoyaient une trame toutes les 60 secondes.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'ungermann-bass-boot',
    first: '01:DD:00:FF:FF:FF',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Ungermann-Bass boot-me request',
        summary: 'Group address of boot requests from Ungermann-Bass network devices.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Requête de démarrage Ungermann-Bass',
        summary: 'Adresse de groupe des requêtes de démarrage des équipements réseau Ungermann-Bass.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'ungermann-bass-spanning-tree',
    first: '01:DD:01:00:00:00',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'Ungermann-Bass spanning tree',
        summary: 'Group address of the spanning tree of Ungermann-Bass bridges.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'Spanning tree Ungermann-Bass',
        summary: 'Adresse de groupe du spanning tree des ponts Ungermann-Bass.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'lantastic-1',
    first: 'FF:FF:00:40:00:01',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'LANtastic',
        summary: 'Group address used by Artisoft’s LANtastic peer-to-peer network operating system.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'LANtastic',
        summary: 'Adresse de groupe utilisée par LANtastic, le système d’exploitation réseau pair à pair d’Artisoft.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'lantastic-2',
    first: 'FF:FF:00:60:00:04',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'LANtastic (second address)',
        summary: 'Another group address of Artisoft’s LANtastic.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'LANtastic (deuxième adresse)',
        summary: 'Autre adresse de groupe de LANtastic d’Artisoft.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'lantastic-3',
    first: 'FF:FF:01:E0:00:04',
    references: ['Wireshark wka list'],
    text: {
      en: {
        title: 'LANtastic (third address)',
        summary: 'A third group address of Artisoft’s LANtastic.',
        usage: 'A protocol of an 1980s–1990s LAN product. Traffic to it today comes from museum-grade equipment, emulators or corrupted frames.',
      },
      fr: {
        title: 'LANtastic (troisième adresse)',
        summary: 'Troisième adresse de groupe de LANtastic d’Artisoft.',
        usage: 'Protocole d’un produit de réseau local des années 1980-1990. Du trafic vers elle vient aujourd’hui de matériel de musée, d’émulateurs ou de trames corrompues.',
      },
    },
  },
  {
    id: 'ethernet-loopback-assistance',
    first: 'CF:00:00:00:00:00',
    references: ['Ethernet Version 2 specification (DEC, Intel, Xerox 1982) §7', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Ethernet configuration testing (loopback assistance)',
        summary: 'Group address of the Ethernet V2 configuration testing protocol (EtherType 0x9000): a station asks any listener to loop its frame back.',
        usage: 'Some switches and hosts still answer or send these loopback frames for keepalive (for example on Cisco interfaces). Bursts of them can reveal a loop.',
      },
      fr: {
        title: 'Test de configuration Ethernet (assistance au bouclage)',
        summary: 'Adresse de groupe du protocole de test de configuration d’Ethernet V2 (EtherType 0x9000) : une station demande à tout récepteur de lui renvoyer sa trame.',
        usage: 'Des commutateurs et des hôtes répondent ou émettent encore ces trames de bouclage comme keepalive (par exemple sur les interfaces Cisco). Des rafales peuvent révéler une boucle.',
      },
    },
  },
];
