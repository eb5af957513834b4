/** Cisco protocol and virtual-router addresses. */
import type { SpecialEntry } from '../entry.js';

/** Cisco assignments. */
export const CISCO: readonly SpecialEntry[] = [
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
  {
    id: 'cisco-stp-uplinkfast',
    first: '01:00:0C:CD:CD:CD',
    references: ['Cisco STP UplinkFast documentation'],
    text: {
      en: {
        title: 'Cisco STP UplinkFast dummy multicast',
        summary: 'Destination of the dummy frames a Cisco switch sends, on behalf of every MAC it knows, right after an UplinkFast failover.',
        usage: 'A burst of frames here follows an uplink failure: it updates the MAC tables of upstream switches. Repeated bursts mean an unstable uplink.',
      },
      fr: {
        title: 'Multicast factice STP UplinkFast de Cisco',
        summary: 'Destination des trames factices qu’un commutateur Cisco envoie, au nom de chaque MAC qu’il connaît, juste après une bascule UplinkFast.',
        usage: 'Une rafale de trames ici suit la panne d’un lien montant : elle met à jour les tables MAC des commutateurs en amont. Des rafales répétées signalent un lien montant instable.',
      },
    },
  },
  {
    id: 'cisco-vlan-bridge',
    first: '01:00:0C:CD:CD:CE',
    references: ['Cisco VLAN Bridge STP documentation'],
    text: {
      en: {
        title: 'Cisco VLAN-bridge spanning tree',
        summary: 'Destination of BPDUs of Cisco’s VLAN-bridge spanning tree, run on top of IEEE STP when routers bridge between VLANs (fallback bridging).',
        usage: 'Seen where fallback or concurrent routing and bridging is configured; rare in modern designs.',
      },
      fr: {
        title: 'Spanning tree « VLAN-bridge » de Cisco',
        summary: 'Destination des BPDU du spanning tree « VLAN-bridge » de Cisco, exécuté au-dessus du STP IEEE quand des routeurs pontent entre VLAN (fallback bridging).',
        usage: 'Visible là où le fallback bridging ou le routage et pontage concurrents sont configurés ; rare dans les architectures actuelles.',
      },
    },
  },
  {
    id: 'cisco-l2pt',
    first: '01:00:0C:CD:CD:D0',
    references: ['Cisco Layer 2 Protocol Tunneling documentation'],
    text: {
      en: {
        title: 'Cisco Layer 2 protocol tunnelling (GBPT)',
        summary: 'Address that replaces the destination of CDP, STP, VTP, LACP and similar frames while a provider network tunnels them between customer sites (generic bridge PDU tunnelling).',
        usage: 'Seen inside a service provider or campus core that runs L2PT. The edge switch restores the original address on exit; finding it at a customer port means L2PT is misconfigured.',
      },
      fr: {
        title: 'Tunnelisation des protocoles de niveau 2 de Cisco (GBPT)',
        summary: 'Adresse qui remplace la destination des trames CDP, STP, VTP, LACP et semblables pendant qu’un réseau d’opérateur les transporte d’un site client à l’autre (tunnelisation générique des BPDU).',
        usage: 'Visible dans le cœur d’un opérateur ou d’un campus qui utilise L2PT. Le commutateur de bordure rétablit l’adresse d’origine en sortie ; la voir sur un port client signale une configuration L2PT erronée.',
      },
    },
  },
  {
    id: 'cisco-cgmp',
    first: '01:00:0C:DD:DD:DD',
    references: ['Cisco CGMP documentation'],
    text: {
      en: {
        title: 'Cisco Group Management Protocol (CGMP)',
        summary: 'Destination of CGMP messages, by which a Cisco router told Layer 2 switches which ports want which multicast groups.',
        usage: 'The pre-standard ancestor of IGMP snooping, found on old Catalyst networks. Today IGMP snooping does the job.',
      },
      fr: {
        title: 'Protocole de gestion de groupes de Cisco (CGMP)',
        summary: 'Destination des messages CGMP, par lesquels un routeur Cisco indiquait aux commutateurs de niveau 2 quels ports voulaient quels groupes multicast.',
        usage: 'Ancêtre propriétaire du snooping IGMP, présent sur les anciens réseaux Catalyst. Le snooping IGMP fait aujourd’hui ce travail.',
      },
    },
  },
  {
    id: 'cisco-isl',
    first: '01:00:0C:00:00:00',
    last: '01:00:0C:00:00:FF',
    references: ['Cisco ISL frame format documentation'],
    text: {
      en: {
        title: 'Cisco ISL encapsulation',
        summary: 'Destination of frames encapsulated by Cisco Inter-Switch Link, the proprietary VLAN trunking that predates 802.1Q; the last octet carries frame-type bits.',
        usage: 'Cisco replaced ISL with IEEE 802.1Q; ISL trunks survive only on old equipment. A frame to it on a modern access port comes from a misconfigured trunk.',
      },
      fr: {
        title: 'Encapsulation ISL de Cisco',
        summary: 'Destination des trames encapsulées par l’Inter-Switch Link de Cisco, le trunking VLAN propriétaire antérieur à 802.1Q ; le dernier octet porte des bits de type de trame.',
        usage: 'Cisco a remplacé ISL par IEEE 802.1Q ; les trunks ISL ne subsistent que sur du matériel ancien. Une trame vers elle sur un port d’accès moderne vient d’un trunk mal configuré.',
      },
    },
  },
  {
    id: 'cisco-isl-token-ring',
    first: '03:00:0C:00:00:00',
    last: '03:00:0C:00:00:FF',
    references: ['Cisco ISL frame format documentation'],
    text: {
      en: {
        title: 'Cisco ISL encapsulation (Token Ring form)',
        summary: 'ISL destination written with the Token Ring functional-address bit set, as Wireshark recognises it for ISL trunks carrying Token Ring.',
        usage: 'Cisco replaced ISL with IEEE 802.1Q; ISL trunks survive only on old equipment. A frame to it on a modern access port comes from a misconfigured trunk.',
      },
      fr: {
        title: 'Encapsulation ISL de Cisco (forme Token Ring)',
        summary: 'Destination ISL avec le bit d’adresse fonctionnelle Token Ring, telle que Wireshark la reconnaît pour les trunks ISL transportant du Token Ring.',
        usage: 'Cisco a remplacé ISL par IEEE 802.1Q ; les trunks ISL ne subsistent que sur du matériel ancien. Une trame vers elle sur un port d’accès moderne vient d’un trunk mal configuré.',
      },
    },
  },
  {
    id: 'cisco-isl-variant',
    first: '0C:00:0C:00:00:00',
    last: '0C:00:0C:00:00:FF',
    references: ['Cisco ISL frame format documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Cisco ISL encapsulation (variant)',
        summary: 'Another form of the ISL destination that Wireshark’s ISL dissector accepts; its first octet is an individual address, unlike the 01-00-0C form.',
        usage: 'Cisco replaced ISL with IEEE 802.1Q; ISL trunks survive only on old equipment. A frame to it on a modern access port comes from a misconfigured trunk.',
      },
      fr: {
        title: 'Encapsulation ISL de Cisco (variante)',
        summary: 'Autre forme de la destination ISL acceptée par le dissecteur ISL de Wireshark ; son premier octet est celui d’une adresse individuelle, contrairement à la forme 01-00-0C.',
        usage: 'Cisco a remplacé ISL par IEEE 802.1Q ; les trunks ISL ne subsistent que sur du matériel ancien. Une trame vers elle sur un port d’accès moderne vient d’un trunk mal configuré.',
      },
    },
  },
  {
    id: 'cisco-aci-gleaning-leaf',
    first: '00:0C:0C:0C:0C:0C',
    references: ['Cisco ACI forwarding documentation'],
    text: {
      en: {
        title: 'Cisco ACI gleaning (leaf)',
        summary: 'Source address a Cisco ACI leaf switch uses for the ARP requests it sends to discover (glean) an unknown endpoint.',
        usage: 'Normal in ACI fabrics: ARP requests from it mean the fabric is looking for a silent host. Do not block or reuse it.',
      },
      fr: {
        title: 'Découverte ACI de Cisco (leaf)',
        summary: 'Adresse source qu’un commutateur leaf Cisco ACI utilise pour les requêtes ARP par lesquelles il découvre un point de terminaison inconnu (gleaning).',
        usage: 'Normale dans les fabrics ACI : des requêtes ARP venant d’elle signifient que la fabric cherche un hôte silencieux. Ne pas la bloquer ni la réutiliser.',
      },
    },
  },
  {
    id: 'cisco-aci-gleaning-spine',
    first: '00:0D:0D:0D:0D:0D',
    references: ['Cisco ACI forwarding documentation'],
    text: {
      en: {
        title: 'Cisco ACI gleaning (spine)',
        summary: 'Source address used when a Cisco ACI spine triggers gleaning ARP requests for an endpoint the fabric does not know.',
        usage: 'The spine-side twin of 00-0C-0C-0C-0C-0C; seen only inside ACI fabrics.',
      },
      fr: {
        title: 'Découverte ACI de Cisco (spine)',
        summary: 'Adresse source utilisée quand un spine Cisco ACI déclenche des requêtes ARP de découverte pour un point de terminaison inconnu de la fabric.',
        usage: 'Jumelle côté spine de 00-0C-0C-0C-0C-0C ; visible seulement dans les fabrics ACI.',
      },
    },
  },
  {
    id: 'cisco-fabricpath-flood-vlans',
    first: '01:0F:FF:C1:01:C0',
    references: ['Cisco FabricPath documentation'],
    text: {
      en: {
        title: 'Cisco FabricPath: flood to all VLANs',
        summary: 'Outer destination FabricPath switches use to flood broadcast, unknown unicast and multicast across the fabric tree.',
        usage: 'Only between FabricPath switches (Nexus); never on host ports.',
      },
      fr: {
        title: 'FabricPath de Cisco : inondation à tous les VLAN',
        summary: 'Destination externe que les commutateurs FabricPath utilisent pour inonder diffusion, unicast inconnu et multicast dans l’arbre de la fabric.',
        usage: 'Uniquement entre commutateurs FabricPath (Nexus) ; jamais sur un port d’hôte.',
      },
    },
  },
  {
    id: 'cisco-fabricpath-flood-fabrics',
    first: '01:0F:FF:C1:02:C0',
    references: ['Cisco FabricPath documentation'],
    text: {
      en: {
        title: 'Cisco FabricPath: flood to all fabrics',
        summary: 'Outer destination FabricPath uses for frames flooded to every fabric (multi-topology flooding).',
        usage: 'Only between FabricPath switches; see the all-VLANs address.',
      },
      fr: {
        title: 'FabricPath de Cisco : inondation à toutes les fabrics',
        summary: 'Destination externe utilisée par FabricPath pour les trames inondées vers toutes les fabrics (inondation multi-topologie).',
        usage: 'Uniquement entre commutateurs FabricPath ; voir l’adresse « tous les VLAN ».',
      },
    },
  },
  {
    id: 'glbp',
    first: '00:07:B4:00:00:00',
    last: '00:07:B4:03:FF:FF',
    references: ['Cisco GLBP documentation'],
    text: {
      en: {
        title: 'GLBP virtual forwarder',
        summary: 'Virtual MAC address of a Cisco Gateway Load Balancing Protocol forwarder: 00-07-B4, then 6 zero bits, the 10-bit group number and the forwarder number in the last octet.',
        usage: 'Hosts sharing one gateway IP get different ones of these MACs in ARP answers, which spreads their traffic over several routers. Several of them for one gateway IP is normal here.',
      },
      fr: {
        title: 'Relais virtuel GLBP',
        summary: 'Adresse MAC virtuelle d’un relais du protocole GLBP de Cisco : 00-07-B4, puis 6 bits nuls, le numéro de groupe sur 10 bits et le numéro de relais dans le dernier octet.',
        usage: 'Les hôtes qui partagent une même IP de passerelle reçoivent dans les réponses ARP des MAC différentes de ce bloc, ce qui répartit leur trafic sur plusieurs routeurs. Plusieurs MAC pour une seule IP de passerelle sont normales ici.',
      },
    },
  },
];
