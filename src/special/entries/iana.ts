/** Addresses under IANA's OUI 00-00-5E and its multicast block 01-00-5E, and IPv6 multicast (RFC 9542, formerly RFC 7042). */
import type { SpecialEntry } from '../entry.js';

/** IANA and IETF assignments. */
export const IANA: readonly SpecialEntry[] = [
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
    references: ['RFC 5798 §7.3', 'RFC 7042', 'OpenBSD carp(4)'],
    text: {
      en: {
        title: 'VRRP or CARP virtual router (IPv4)',
        summary: 'Virtual MAC address of a VRRP router for IPv4; the last octet is the virtual router ID (VRID). OpenBSD’s CARP uses the same addresses, the last octet being its VHID.',
        usage: 'Owned by whichever router is master for that VRID, so it moves between physical routers on failover. Two groups (VRRP or CARP) sharing an ID on one segment cause flapping.',
      },
      fr: {
        title: 'Routeur virtuel VRRP ou CARP (IPv4)',
        summary: 'Adresse MAC virtuelle d’un routeur VRRP pour IPv4 ; le dernier octet est l’identifiant du routeur virtuel (VRID). CARP, d’OpenBSD, utilise les mêmes adresses, le dernier octet étant son VHID.',
        usage: 'Portée par le routeur maître de ce VRID, elle passe d’un routeur physique à l’autre lors d’une bascule. Deux groupes (VRRP ou CARP) utilisant le même identifiant sur un segment provoquent des oscillations.',
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
    id: 'pw-ethernet-a',
    first: '00:00:5E:00:52:00',
    references: ['RFC 6658', 'RFC 9542 §2.1.1'],
    text: {
      en: {
        title: 'Packet pseudowire Ethernet A (PacketPWEthA)',
        summary: 'IANA unicast address used as a fixed destination for packet traffic carried over an MPLS Ethernet pseudowire.',
        usage: 'Seen inside MPLS-TP packet pseudowires, where the two ends need no address learning. It never belongs to a real interface.',
      },
      fr: {
        title: 'Pseudo-fil paquet Ethernet A (PacketPWEthA)',
        summary: 'Adresse unicast de l’IANA servant de destination fixe au trafic paquet transporté sur un pseudo-fil Ethernet MPLS.',
        usage: 'Visible dans les pseudo-fils paquet MPLS-TP, dont les extrémités n’apprennent pas d’adresses. Elle n’appartient jamais à une interface réelle.',
      },
    },
  },
  {
    id: 'pw-ethernet-b',
    first: '00:00:5E:00:52:01',
    references: ['RFC 6658', 'RFC 9542 §2.1.1'],
    text: {
      en: {
        title: 'Packet pseudowire Ethernet B (PacketPWEthB)',
        summary: 'The second IANA unicast address for packet pseudowires, used in the reverse direction to PacketPWEthA.',
        usage: 'Appears with its A twin on MPLS-TP packet pseudowires; a pair of them in a capture marks the two directions of one pseudowire.',
      },
      fr: {
        title: 'Pseudo-fil paquet Ethernet B (PacketPWEthB)',
        summary: 'La seconde adresse unicast de l’IANA pour les pseudo-fils paquet, utilisée dans le sens opposé à PacketPWEthA.',
        usage: 'Apparaît avec sa jumelle A sur les pseudo-fils paquet MPLS-TP ; la paire dans une capture indique les deux sens d’un même pseudo-fil.',
      },
    },
  },
  {
    id: 'bfd-vxlan',
    first: '00:00:5E:00:52:02',
    references: ['RFC 8971', 'RFC 9542 §2.1.1'],
    text: {
      en: {
        title: 'BFD for VXLAN',
        summary: 'Destination MAC of the inner Ethernet frame of Bidirectional Forwarding Detection packets sent over a VXLAN tunnel.',
        usage: 'Seen when decoding VXLAN between two VTEPs that check their tunnel with BFD. Failing BFD sessions on it mean the overlay path is broken.',
      },
      fr: {
        title: 'BFD sur VXLAN',
        summary: 'Adresse MAC de destination de la trame Ethernet interne des paquets BFD (détection de défaillance bidirectionnelle) envoyés dans un tunnel VXLAN.',
        usage: 'Visible en décodant le VXLAN entre deux VTEP qui surveillent leur tunnel avec BFD. Des sessions BFD en échec sur elle signalent un chemin d’overlay rompu.',
      },
    },
  },
  {
    id: 'pmipv6',
    first: '00:00:5E:00:52:13',
    references: ['RFC 6543', 'RFC 9542 §2.1.1'],
    text: {
      en: {
        title: 'Proxy Mobile IPv6 shared gateway address',
        summary: 'Link-layer address shared by every mobile access gateway of a Proxy Mobile IPv6 domain, so a roaming host keeps the same default router.',
        usage: 'Seen on access links of mobile operators and Wi-Fi offload networks using PMIPv6. The same MAC on many gateways is intended there, not a conflict.',
      },
      fr: {
        title: 'Adresse de passerelle partagée Proxy Mobile IPv6',
        summary: 'Adresse de liaison commune à toutes les passerelles d’accès mobiles d’un domaine Proxy Mobile IPv6, pour qu’un hôte itinérant garde le même routeur par défaut.',
        usage: 'Visible sur les liens d’accès des opérateurs mobiles et des réseaux Wi-Fi de délestage en PMIPv6. La même MAC sur plusieurs passerelles y est voulue, ce n’est pas un conflit.',
      },
    },
  },
  {
    id: 'trill-oam-unicast',
    first: '00:00:5E:90:01:00',
    references: ['RFC 7455', 'RFC 9542 §2.1.1'],
    text: {
      en: {
        title: 'TRILL OAM (unicast)',
        summary: 'IANA unicast address used as the inner destination of TRILL fault-management (OAM) messages.',
        usage: 'Only inside TRILL campuses running OAM tools such as TRILL ping and traceroute.',
      },
      fr: {
        title: 'OAM TRILL (unicast)',
        summary: 'Adresse unicast de l’IANA servant de destination interne aux messages de gestion des pannes (OAM) de TRILL.',
        usage: 'Uniquement dans les réseaux TRILL qui utilisent des outils OAM tels que le ping et le traceroute TRILL.',
      },
    },
  },
  {
    id: 'ipv4-local-control',
    first: '01:00:5E:00:00:00',
    last: '01:00:5E:00:00:FF',
    references: ['RFC 5771 §4', 'RFC 1112 §6.4'],
    text: {
      en: {
        title: 'IPv4 local network control block (224.0.0.0/24)',
        summary: 'Ethernet form of the IPv4 link-local multicast groups 224.0.0.0 to 224.0.0.255, where routing and discovery protocols talk. Five bits of the IP group are lost in the mapping, so 32 IP groups share each MAC.',
        usage: 'Switches flood these groups even with IGMP snooping on, because routers never join them explicitly. Unexpected volume here usually comes from a routing protocol on a host-facing port.',
      },
      fr: {
        title: 'Bloc de contrôle du réseau local IPv4 (224.0.0.0/24)',
        summary: 'Forme Ethernet des groupes multicast IPv4 de portée lien 224.0.0.0 à 224.0.0.255, où dialoguent les protocoles de routage et de découverte. Cinq bits du groupe IP se perdent dans la conversion : 32 groupes IP partagent chaque MAC.',
        usage: 'Les commutateurs inondent ces groupes même avec le snooping IGMP, car les routeurs ne s’y abonnent jamais explicitement. Un volume inattendu vient souvent d’un protocole de routage actif sur un port d’hôtes.',
      },
    },
  },
  {
    id: 'ipv4-all-hosts',
    first: '01:00:5E:00:00:01',
    references: ['RFC 1112', 'RFC 5771'],
    text: {
      en: {
        title: 'All hosts (224.0.0.1)',
        summary: 'Group of every IPv4 multicast-capable host on the link.',
        usage: 'IGMP general queries from the querier go here. Its absence on a VLAN with IGMP snooping means no querier: multicast will age out.',
      },
      fr: {
        title: 'Tous les hôtes (224.0.0.1)',
        summary: 'Groupe de tous les hôtes IPv4 capables de multicast sur le lien.',
        usage: 'Les requêtes générales IGMP du querier y sont envoyées. Leur absence sur un VLAN avec snooping IGMP signale l’absence de querier : le multicast finira par expirer.',
      },
    },
  },
  {
    id: 'ipv4-all-routers',
    first: '01:00:5E:00:00:02',
    references: ['RFC 1112', 'RFC 5771', 'RFC 2281'],
    text: {
      en: {
        title: 'All routers (224.0.0.2)',
        summary: 'Group of every IPv4 router on the link.',
        usage: 'Carries IGMP leave messages and HSRP version 1 hellos. Hosts normally only send to it when leaving a group.',
      },
      fr: {
        title: 'Tous les routeurs (224.0.0.2)',
        summary: 'Groupe de tous les routeurs IPv4 du lien.',
        usage: 'Transporte les messages IGMP « leave » et les hellos HSRP version 1. Un hôte n’y émet normalement qu’en quittant un groupe.',
      },
    },
  },
  {
    id: 'ipv4-ospf-all-routers',
    first: '01:00:5E:00:00:05',
    references: ['RFC 2328 §A.1'],
    text: {
      en: {
        title: 'OSPF all SPF routers (224.0.0.5)',
        summary: 'Group of every OSPFv2 router on the link; hellos and flooded updates use it.',
        usage: 'Seen wherever OSPF runs. OSPF hellos on a user-facing port are worth a look: they reveal the routing domain and invite rogue adjacencies.',
      },
      fr: {
        title: 'OSPF : tous les routeurs SPF (224.0.0.5)',
        summary: 'Groupe de tous les routeurs OSPFv2 du lien ; les hellos et les mises à jour diffusées l’utilisent.',
        usage: 'Visible partout où OSPF tourne. Des hellos OSPF sur un port utilisateur méritent attention : ils dévoilent le domaine de routage et invitent des voisinages illégitimes.',
      },
    },
  },
  {
    id: 'ipv4-ospf-designated-routers',
    first: '01:00:5E:00:00:06',
    references: ['RFC 2328 §A.1'],
    text: {
      en: {
        title: 'OSPF designated routers (224.0.0.6)',
        summary: 'Group of the OSPF designated and backup designated routers on a broadcast link.',
        usage: 'Non-DR routers send their link-state updates here. It is quiet on point-to-point links.',
      },
      fr: {
        title: 'OSPF : routeurs désignés (224.0.0.6)',
        summary: 'Groupe des routeurs désigné et désigné de secours OSPF d’un lien à diffusion.',
        usage: 'Les routeurs non désignés y envoient leurs mises à jour d’état de liens. Silencieux sur les liens point à point.',
      },
    },
  },
  {
    id: 'ipv4-rip2',
    first: '01:00:5E:00:00:09',
    references: ['RFC 2453 §4.5'],
    text: {
      en: {
        title: 'RIP version 2 routers (224.0.0.9)',
        summary: 'Group to which RIPv2 routers send their routing table every 30 seconds.',
        usage: 'Often left enabled by default on small routers and appliances; unexpected RIP announcements can inject routes.',
      },
      fr: {
        title: 'Routeurs RIP version 2 (224.0.0.9)',
        summary: 'Groupe auquel les routeurs RIPv2 envoient leur table de routage toutes les 30 secondes.',
        usage: 'Souvent actif par défaut sur les petits routeurs et les appliances ; des annonces RIP inattendues peuvent injecter des routes.',
      },
    },
  },
  {
    id: 'ipv4-eigrp',
    first: '01:00:5E:00:00:0A',
    references: ['RFC 7868'],
    text: {
      en: {
        title: 'EIGRP routers (224.0.0.10)',
        summary: 'Group used by EIGRP routers for hellos and updates.',
        usage: 'Seen between Cisco (and some other) routers running EIGRP; on access ports it is usually a passive-interface omission.',
      },
      fr: {
        title: 'Routeurs EIGRP (224.0.0.10)',
        summary: 'Groupe utilisé par les routeurs EIGRP pour leurs hellos et mises à jour.',
        usage: 'Visible entre routeurs Cisco (et quelques autres) qui exécutent EIGRP ; sur un port d’accès, c’est en général une « passive-interface » oubliée.',
      },
    },
  },
  {
    id: 'ipv4-pim',
    first: '01:00:5E:00:00:0D',
    references: ['RFC 7761 §4.9'],
    text: {
      en: {
        title: 'All PIM routers (224.0.0.13)',
        summary: 'Group of every PIM router on the link: hellos, joins and prunes of multicast routing.',
        usage: 'Seen on links between multicast routers and on the querier side of IGMP domains.',
      },
      fr: {
        title: 'Tous les routeurs PIM (224.0.0.13)',
        summary: 'Groupe de tous les routeurs PIM du lien : hellos, joins et prunes du routage multicast.',
        usage: 'Visible sur les liens entre routeurs multicast et du côté querier des domaines IGMP.',
      },
    },
  },
  {
    id: 'ipv4-vrrp',
    first: '01:00:5E:00:00:12',
    references: ['RFC 5798 §5.1.1.2', 'OpenBSD carp(4)'],
    text: {
      en: {
        title: 'VRRP and CARP advertisements (224.0.0.18)',
        summary: 'Group to which the master of a VRRP (or CARP) group sends its advertisements.',
        usage: 'Every gateway redundancy group on the segment advertises here about once a second. Two masters at once mean the routers cannot hear each other.',
      },
      fr: {
        title: 'Annonces VRRP et CARP (224.0.0.18)',
        summary: 'Groupe auquel le maître d’un groupe VRRP (ou CARP) envoie ses annonces.',
        usage: 'Chaque groupe de redondance de passerelle du segment y annonce environ une fois par seconde. Deux maîtres simultanés signifient que les routeurs ne s’entendent pas.',
      },
    },
  },
  {
    id: 'ipv4-igmpv3',
    first: '01:00:5E:00:00:16',
    references: ['RFC 3376 §4.2.14'],
    text: {
      en: {
        title: 'IGMPv3 reports (224.0.0.22)',
        summary: 'Group to which IGMPv3 hosts send their membership reports.',
        usage: 'Snooping switches and multicast routers listen here to learn which ports want which groups.',
      },
      fr: {
        title: 'Rapports IGMPv3 (224.0.0.22)',
        summary: 'Groupe auquel les hôtes IGMPv3 envoient leurs rapports d’appartenance.',
        usage: 'Les commutateurs qui font du snooping et les routeurs multicast l’écoutent pour savoir quels ports veulent quels groupes.',
      },
    },
  },
  {
    id: 'ipv4-hsrp2-glbp',
    first: '01:00:5E:00:00:66',
    references: ['Cisco HSRP version 2 documentation', 'Cisco GLBP documentation'],
    text: {
      en: {
        title: 'HSRP version 2 and GLBP (224.0.0.102)',
        summary: 'Group used by Cisco HSRP version 2 and GLBP routers for their hellos.',
        usage: 'Seen on segments with Cisco gateway redundancy. Hellos from an unexpected source can hijack the gateway unless authentication is set.',
      },
      fr: {
        title: 'HSRP version 2 et GLBP (224.0.0.102)',
        summary: 'Groupe utilisé par les routeurs Cisco HSRP version 2 et GLBP pour leurs hellos.',
        usage: 'Visible sur les segments à redondance de passerelle Cisco. Des hellos d’une source inattendue peuvent détourner la passerelle si l’authentification n’est pas configurée.',
      },
    },
  },
  {
    id: 'ipv4-mdns',
    first: '01:00:5E:00:00:FB',
    references: ['RFC 6762 §3'],
    text: {
      en: {
        title: 'Multicast DNS (224.0.0.251)',
        summary: 'Group of multicast DNS (Bonjour, Avahi) queries and answers.',
        usage: 'Printers, phones, TVs and laptops announce services here; it stays on the link unless a gateway relays it.',
      },
      fr: {
        title: 'DNS multicast (224.0.0.251)',
        summary: 'Groupe des requêtes et réponses DNS multicast (Bonjour, Avahi).',
        usage: 'Imprimantes, téléphones, téléviseurs et portables y annoncent leurs services ; il reste sur le lien sauf passerelle de relais.',
      },
    },
  },
  {
    id: 'ipv4-llmnr',
    first: '01:00:5E:00:00:FC',
    references: ['RFC 4795 §2'],
    text: {
      en: {
        title: 'LLMNR (224.0.0.252)',
        summary: 'Group of Link-Local Multicast Name Resolution queries, mostly from Windows hosts.',
        usage: 'Windows falls back to it when DNS fails. Attackers answer these queries to capture credentials, so many networks disable LLMNR.',
      },
      fr: {
        title: 'LLMNR (224.0.0.252)',
        summary: 'Groupe des requêtes LLMNR (résolution de noms multicast de portée lien), surtout émises par Windows.',
        usage: 'Windows s’y replie quand le DNS échoue. Des attaquants répondent à ces requêtes pour capturer des identifiants : beaucoup de réseaux désactivent LLMNR.',
      },
    },
  },
  {
    id: 'ipv4-ptp',
    first: '01:00:5E:00:01:81',
    references: ['IEEE 1588-2019 Annex C'],
    text: {
      en: {
        title: 'PTP over UDP (224.0.1.129)',
        summary: 'Group of Precision Time Protocol event and general messages over IPv4.',
        usage: 'Seen where clocks are synchronised by PTP over IP (broadcast, telecom, trading, industry). Unlike the 224.0.0.x groups, it can be routed.',
      },
      fr: {
        title: 'PTP sur UDP (224.0.1.129)',
        summary: 'Groupe des messages d’événement et généraux du protocole PTP (Precision Time Protocol) sur IPv4.',
        usage: 'Visible là où des horloges se synchronisent par PTP sur IP (audiovisuel, télécoms, finance, industrie). Contrairement aux groupes 224.0.0.x, il peut être routé.',
      },
    },
  },
  {
    id: 'ipv4-ssdp',
    first: '01:00:5E:7F:FF:FA',
    references: ['UPnP Device Architecture 2.0 §1'],
    text: {
      en: {
        title: 'SSDP (UPnP discovery) (239.255.255.250)',
        summary: 'Group of Simple Service Discovery Protocol searches and announcements.',
        usage: 'UPnP devices (TVs, routers, media servers) and Windows discovery chat here constantly. Exposing UPnP beyond the LAN is a known risk.',
      },
      fr: {
        title: 'SSDP (découverte UPnP) (239.255.255.250)',
        summary: 'Groupe des recherches et annonces du protocole SSDP.',
        usage: 'Les équipements UPnP (téléviseurs, box, serveurs multimédias) et la découverte Windows y bavardent sans cesse. Exposer UPnP hors du réseau local est un risque connu.',
      },
    },
  },
  {
    id: 'ipv4-admin-local-scope',
    first: '01:00:5E:7F:00:00',
    last: '01:00:5E:7F:FF:FF',
    references: ['RFC 2365 §6.1', 'Microsoft NLB documentation'],
    text: {
      en: {
        title: 'IPv4 local-scope multicast (239.255.0.0/16)',
        summary: 'Ethernet form of the administratively scoped IPv4 groups 239.255.0.0/16 (and, through the 32:1 mapping, other groups with the same low bits).',
        usage: 'Applications such as SSDP use it, and so does Microsoft Network Load Balancing in IGMP multicast mode, whose cluster MAC is 01-00-5E-7F followed by the last two octets of the cluster IP.',
      },
      fr: {
        title: 'Multicast IPv4 de portée locale (239.255.0.0/16)',
        summary: 'Forme Ethernet des groupes IPv4 à portée administrative 239.255.0.0/16 (et, par la conversion 32 pour 1, d’autres groupes aux mêmes bits de poids faible).',
        usage: 'Des applications comme SSDP l’utilisent, de même que l’équilibrage de charge réseau Microsoft (NLB) en mode multicast IGMP, dont la MAC de cluster est 01-00-5E-7F suivie des deux derniers octets de l’IP du cluster.',
      },
    },
  },
  {
    id: 'mpls-multicast',
    first: '01:00:5E:80:00:00',
    last: '01:00:5E:8F:FF:FF',
    references: ['RFC 5332 §8', 'RFC 9542 §2.1.2'],
    text: {
      en: {
        title: 'MPLS multicast',
        summary: 'Destination of MPLS multicast packets on Ethernet: 01-00-5E-8 followed by the 20-bit label.',
        usage: 'Seen on provider links carrying multicast VPNs or point-to-multipoint LSPs. The low 20 bits give the MPLS label.',
      },
      fr: {
        title: 'Multicast MPLS',
        summary: 'Destination des paquets MPLS multicast sur Ethernet : 01-00-5E-8 suivi du label de 20 bits.',
        usage: 'Visible sur les liens d’opérateur qui transportent des VPN multicast ou des LSP point à multipoint. Les 20 bits de poids faible donnent le label MPLS.',
      },
    },
  },
  {
    id: 'mpls-tp-p2p',
    first: '01:00:5E:90:00:00',
    references: ['RFC 7213 §3', 'RFC 9542 §2.1.2'],
    text: {
      en: {
        title: 'MPLS-TP point-to-point',
        summary: 'Group address an MPLS-TP node may use as destination on a point-to-point Ethernet link, so it needs no ARP for its neighbour.',
        usage: 'Seen on transport-network links running MPLS-TP without IP. Any receiver on the link accepts it.',
      },
      fr: {
        title: 'MPLS-TP point à point',
        summary: 'Adresse de groupe qu’un nœud MPLS-TP peut utiliser comme destination sur un lien Ethernet point à point, sans résolution ARP de son voisin.',
        usage: 'Visible sur les liens de réseaux de transport en MPLS-TP sans IP. Tout récepteur du lien l’accepte.',
      },
    },
  },
  {
    id: 'micro-bfd-lag',
    first: '01:00:5E:90:00:01',
    references: ['RFC 7130 §2.3', 'RFC 9542 §2.1.2'],
    text: {
      en: {
        title: 'BFD on LAG member links (micro-BFD)',
        summary: 'Destination of the per-member-link BFD sessions that check each link of a link aggregation group.',
        usage: 'Seen on port channels between routers with micro-BFD configured; a failed session removes that member from the bundle.',
      },
      fr: {
        title: 'BFD sur les liens membres d’un agrégat (micro-BFD)',
        summary: 'Destination des sessions BFD propres à chaque lien membre d’un agrégat de liens.',
        usage: 'Visible sur les port-channels entre routeurs configurés en micro-BFD ; une session en échec retire ce membre de l’agrégat.',
      },
    },
  },
  {
    id: 'ipv6-group-zero',
    first: '33:33:00:00:00:00',
    references: ['RFC 2464 §7', 'RFC 4291 §2.7.1'],
    text: {
      en: {
        title: 'IPv6 multicast group 0 (ff0X::)',
        summary: 'Ethernet form of an IPv6 multicast group whose low 32 bits are zero; the reserved groups ff0X:: map here. Wireshark labels it neighbour discovery.',
        usage: 'Real traffic to it is unusual: look for a tool or stack that builds IPv6 multicast MACs from an unset group.',
      },
      fr: {
        title: 'Groupe multicast IPv6 0 (ff0X::)',
        summary: 'Forme Ethernet d’un groupe multicast IPv6 dont les 32 bits de poids faible sont nuls ; les groupes réservés ff0X:: s’y projettent. Wireshark l’appelle découverte de voisins.',
        usage: 'Du trafic réel vers elle est inhabituel : cherchez un outil ou une pile qui construit les MAC multicast IPv6 à partir d’un groupe non renseigné.',
      },
    },
  },
  {
    id: 'ipv6-all-nodes',
    first: '33:33:00:00:00:01',
    references: ['RFC 4291 §2.7.1', 'RFC 2464 §7'],
    text: {
      en: {
        title: 'IPv6 all nodes (ff02::1)',
        summary: 'Group of every IPv6 node on the link. Only the low 32 bits of the IPv6 group survive in the MAC, so other scopes of the same group share it.',
        usage: 'Router advertisements and some neighbour discovery go here; it is the closest IPv6 has to broadcast.',
      },
      fr: {
        title: 'Tous les nœuds IPv6 (ff02::1)',
        summary: 'Groupe de tous les nœuds IPv6 du lien. Seuls les 32 bits de poids faible du groupe IPv6 subsistent dans la MAC : les autres portées du même groupe la partagent.',
        usage: 'Les annonces de routeur et une partie de la découverte de voisins y passent ; c’est ce qui se rapproche le plus de la diffusion en IPv6.',
      },
    },
  },
  {
    id: 'ipv6-all-routers',
    first: '33:33:00:00:00:02',
    references: ['RFC 4291 §2.7.1', 'RFC 2464 §7'],
    text: {
      en: {
        title: 'IPv6 all routers (ff02::2)',
        summary: 'Group of every IPv6 router on the link. Only the low 32 bits of the IPv6 group survive in the MAC, so other scopes of the same group share it.',
        usage: 'Hosts send router solicitations here at start-up. Answers from an unexpected router are the classic rogue-RA problem: RA guard exists for it.',
      },
      fr: {
        title: 'Tous les routeurs IPv6 (ff02::2)',
        summary: 'Groupe de tous les routeurs IPv6 du lien. Seuls les 32 bits de poids faible du groupe IPv6 subsistent dans la MAC : les autres portées du même groupe la partagent.',
        usage: 'Les hôtes y envoient leurs sollicitations de routeur au démarrage. Des réponses d’un routeur inattendu sont le problème classique des RA illégitimes : RA guard existe pour cela.',
      },
    },
  },
  {
    id: 'ipv6-mldv2',
    first: '33:33:00:00:00:16',
    references: ['RFC 3810 §5.2.14', 'RFC 2464 §7'],
    text: {
      en: {
        title: 'MLDv2 reports (ff02::16)',
        summary: 'Group to which IPv6 hosts send their multicast listener reports (MLDv2).',
        usage: 'Snooping switches listen here. Hosts report even for solicited-node groups, so MLD traffic is normal on any IPv6 link.',
      },
      fr: {
        title: 'Rapports MLDv2 (ff02::16)',
        summary: 'Groupe auquel les hôtes IPv6 envoient leurs rapports d’écoute multicast (MLDv2).',
        usage: 'Les commutateurs qui font du snooping l’écoutent. Les hôtes se déclarent même pour les groupes « solicited-node » : du trafic MLD est normal sur tout lien IPv6.',
      },
    },
  },
  {
    id: 'ipv6-mdns',
    first: '33:33:00:00:00:FB',
    references: ['RFC 6762 §3', 'RFC 2464 §7'],
    text: {
      en: {
        title: 'Multicast DNS over IPv6 (ff02::fb)',
        summary: 'Group of multicast DNS (Bonjour, Avahi) over IPv6.',
        usage: 'The IPv6 twin of 224.0.0.251: service discovery by phones, printers and laptops.',
      },
      fr: {
        title: 'DNS multicast sur IPv6 (ff02::fb)',
        summary: 'Groupe du DNS multicast (Bonjour, Avahi) sur IPv6.',
        usage: 'Le jumeau IPv6 de 224.0.0.251 : découverte de services par les téléphones, imprimantes et portables.',
      },
    },
  },
  {
    id: 'ipv6-dhcp-agents',
    first: '33:33:00:01:00:02',
    references: ['RFC 8415 §7.1', 'RFC 2464 §7'],
    text: {
      en: {
        title: 'All DHCPv6 relay agents and servers (ff02::1:2)',
        summary: 'Group to which DHCPv6 clients send their solicits and requests.',
        usage: 'Seen whenever a host asks for a DHCPv6 address or options. Answers from an unknown server deserve the same care as a rogue DHCPv4 server.',
      },
      fr: {
        title: 'Tous les relais et serveurs DHCPv6 (ff02::1:2)',
        summary: 'Groupe auquel les clients DHCPv6 envoient leurs sollicitations et requêtes.',
        usage: 'Visible dès qu’un hôte demande une adresse ou des options DHCPv6. Des réponses d’un serveur inconnu appellent la même prudence qu’un serveur DHCPv4 illégitime.',
      },
    },
  },
  {
    id: 'ipv6-llmnr',
    first: '33:33:00:01:00:03',
    references: ['RFC 4795 §2', 'RFC 2464 §7'],
    text: {
      en: {
        title: 'LLMNR over IPv6 (ff02::1:3)',
        summary: 'Group of Link-Local Multicast Name Resolution over IPv6, mostly from Windows.',
        usage: 'Same exposure as its IPv4 twin: answers to it can be spoofed, so hardened networks disable LLMNR.',
      },
      fr: {
        title: 'LLMNR sur IPv6 (ff02::1:3)',
        summary: 'Groupe de la résolution de noms LLMNR sur IPv6, surtout émise par Windows.',
        usage: 'Même exposition que son jumeau IPv4 : les réponses peuvent être usurpées, d’où sa désactivation sur les réseaux durcis.',
      },
    },
  },
  {
    id: 'ipv6-solicited-node',
    first: '33:33:FF:00:00:00',
    last: '33:33:FF:FF:FF:FF',
    references: ['RFC 4291 §2.7.1', 'RFC 4861 §7.2.2'],
    text: {
      en: {
        title: 'IPv6 solicited-node multicast (ff02::1:ffXX:XXXX)',
        summary: 'Group that an IPv6 node joins for each of its addresses: 33-33-FF followed by the last 24 bits of that address.',
        usage: 'Neighbour solicitations (the IPv6 ARP) and duplicate address detection are sent here. The last three octets reveal the low 24 bits of the IPv6 address being resolved.',
      },
      fr: {
        title: 'Multicast IPv6 « solicited-node » (ff02::1:ffXX:XXXX)',
        summary: 'Groupe qu’un nœud IPv6 rejoint pour chacune de ses adresses : 33-33-FF suivi des 24 derniers bits de cette adresse.',
        usage: 'Les sollicitations de voisin (l’ARP d’IPv6) et la détection d’adresse dupliquée y sont envoyées. Les trois derniers octets révèlent les 24 bits de poids faible de l’adresse IPv6 résolue.',
      },
    },
  },
];
