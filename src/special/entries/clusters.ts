/** Cluster, load-balancing and virtual-interface addresses that are not virtual routers: Microsoft NLB, firewall HA pairs, NIC teaming, Windows WAN pseudo-addresses. */
import type { SpecialEntry } from '../entry.js';

/** Cluster and virtual-interface assignments. */
export const CLUSTERS: readonly SpecialEntry[] = [
  {
    id: 'ms-nlb-unicast-cluster',
    first: '02:BF:00:00:00:00',
    last: '02:BF:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster address (unicast mode)',
        summary: 'Shared MAC of a Windows Network Load Balancing cluster in unicast mode: 02-BF followed by the four octets of the cluster IPv4 address.',
        usage: 'Every cluster host answers for it, and NLB hides it as a source so that switches never learn it: traffic to it floods the VLAN. Put NLB in its own VLAN or use multicast mode. Other locally administered addresses can fall here by chance; it is NLB when the last four octets match the cluster IP.',
      },
      fr: {
        title: 'Adresse de cluster NLB de Microsoft (mode unicast)',
        summary: 'MAC partagée d’un cluster d’équilibrage de charge réseau Windows (NLB) en mode unicast : 02-BF suivi des quatre octets de l’adresse IPv4 du cluster.',
        usage: 'Tous les hôtes du cluster répondent pour elle, et NLB la masque en source pour que les commutateurs ne l’apprennent jamais : le trafic qui lui est destiné inonde le VLAN. Isolez NLB dans son VLAN ou passez en mode multicast. D’autres adresses administrées localement peuvent tomber ici par hasard ; c’est NLB si les quatre derniers octets correspondent à l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-multicast-cluster',
    first: '03:BF:00:00:00:00',
    last: '03:BF:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster address (multicast mode)',
        summary: 'Group MAC of a Windows NLB cluster in multicast mode: 03-BF followed by the cluster IPv4 address.',
        usage: 'Routers must map the cluster IP to this multicast MAC with a static ARP entry, since many refuse a multicast MAC in an ARP reply. Without IGMP mode it floods the VLAN.',
      },
      fr: {
        title: 'Adresse de cluster NLB de Microsoft (mode multicast)',
        summary: 'MAC de groupe d’un cluster NLB Windows en mode multicast : 03-BF suivi de l’adresse IPv4 du cluster.',
        usage: 'Les routeurs doivent associer l’IP du cluster à cette MAC multicast par une entrée ARP statique, car beaucoup refusent une MAC multicast dans une réponse ARP. Sans le mode IGMP, elle inonde le VLAN.',
      },
    },
  },
  {
    id: 'ms-nlb-virtual-server-00bf',
    first: '00:BF:00:00:00:00',
    last: '00:BF:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB virtual server (00-BF form)',
        summary: 'Cluster address form 00-BF followed by the cluster IPv4 address, listed by Wireshark for Windows Network Load Balancing virtual servers.',
        usage: 'Treat it like the 02-BF unicast cluster address: shared by every cluster host and flooded by switches.',
      },
      fr: {
        title: 'Serveur virtuel NLB de Microsoft (forme 00-BF)',
        summary: 'Forme d’adresse de cluster 00-BF suivie de l’adresse IPv4 du cluster, répertoriée par Wireshark pour les serveurs virtuels de l’équilibrage de charge réseau Windows.',
        usage: 'À traiter comme l’adresse de cluster unicast 02-BF : partagée par tous les hôtes du cluster et inondée par les commutateurs.',
      },
    },
  },
  {
    id: 'ms-nlb-host-1',
    first: '02:01:00:00:00:00',
    last: '02:01:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 1 (masked source)',
        summary: 'Source MAC that Windows NLB host number 1 uses in unicast mode: 02-01 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 1 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 1 : 02-01 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-2',
    first: '02:02:00:00:00:00',
    last: '02:02:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 2 (masked source)',
        summary: 'Source MAC that Windows NLB host number 2 uses in unicast mode: 02-02 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 2 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 2 : 02-02 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-3',
    first: '02:03:00:00:00:00',
    last: '02:03:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 3 (masked source)',
        summary: 'Source MAC that Windows NLB host number 3 uses in unicast mode: 02-03 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 3 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 3 : 02-03 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-4',
    first: '02:04:00:00:00:00',
    last: '02:04:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 4 (masked source)',
        summary: 'Source MAC that Windows NLB host number 4 uses in unicast mode: 02-04 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 4 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 4 : 02-04 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-5',
    first: '02:05:00:00:00:00',
    last: '02:05:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 5 (masked source)',
        summary: 'Source MAC that Windows NLB host number 5 uses in unicast mode: 02-05 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 5 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 5 : 02-05 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-6',
    first: '02:06:00:00:00:00',
    last: '02:06:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 6 (masked source)',
        summary: 'Source MAC that Windows NLB host number 6 uses in unicast mode: 02-06 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 6 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 6 : 02-06 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-7',
    first: '02:07:00:00:00:00',
    last: '02:07:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 7 (masked source)',
        summary: 'Source MAC that Windows NLB host number 7 uses in unicast mode: 02-07 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 7 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 7 : 02-07 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-8',
    first: '02:08:00:00:00:00',
    last: '02:08:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 8 (masked source)',
        summary: 'Source MAC that Windows NLB host number 8 uses in unicast mode: 02-08 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 8 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 8 : 02-08 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-9',
    first: '02:09:00:00:00:00',
    last: '02:09:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 9 (masked source)',
        summary: 'Source MAC that Windows NLB host number 9 uses in unicast mode: 02-09 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 9 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 9 : 02-09 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-10',
    first: '02:0A:00:00:00:00',
    last: '02:0A:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 10 (masked source)',
        summary: 'Source MAC that Windows NLB host number 10 uses in unicast mode: 02-0A (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 10 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 10 : 02-0A (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-11',
    first: '02:0B:00:00:00:00',
    last: '02:0B:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 11 (masked source)',
        summary: 'Source MAC that Windows NLB host number 11 uses in unicast mode: 02-0B (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 11 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 11 : 02-0B (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-12',
    first: '02:0C:00:00:00:00',
    last: '02:0C:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 12 (masked source)',
        summary: 'Source MAC that Windows NLB host number 12 uses in unicast mode: 02-0C (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 12 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 12 : 02-0C (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-13',
    first: '02:0D:00:00:00:00',
    last: '02:0D:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 13 (masked source)',
        summary: 'Source MAC that Windows NLB host number 13 uses in unicast mode: 02-0D (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 13 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 13 : 02-0D (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-14',
    first: '02:0E:00:00:00:00',
    last: '02:0E:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 14 (masked source)',
        summary: 'Source MAC that Windows NLB host number 14 uses in unicast mode: 02-0E (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 14 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 14 : 02-0E (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-15',
    first: '02:0F:00:00:00:00',
    last: '02:0F:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 15 (masked source)',
        summary: 'Source MAC that Windows NLB host number 15 uses in unicast mode: 02-0F (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 15 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 15 : 02-0F (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-16',
    first: '02:10:00:00:00:00',
    last: '02:10:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 16 (masked source)',
        summary: 'Source MAC that Windows NLB host number 16 uses in unicast mode: 02-10 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 16 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 16 : 02-10 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-17',
    first: '02:11:00:00:00:00',
    last: '02:11:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 17 (masked source)',
        summary: 'Source MAC that Windows NLB host number 17 uses in unicast mode: 02-11 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 17 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 17 : 02-11 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-18',
    first: '02:12:00:00:00:00',
    last: '02:12:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 18 (masked source)',
        summary: 'Source MAC that Windows NLB host number 18 uses in unicast mode: 02-12 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 18 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 18 : 02-12 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-19',
    first: '02:13:00:00:00:00',
    last: '02:13:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 19 (masked source)',
        summary: 'Source MAC that Windows NLB host number 19 uses in unicast mode: 02-13 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 19 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 19 : 02-13 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-20',
    first: '02:14:00:00:00:00',
    last: '02:14:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 20 (masked source)',
        summary: 'Source MAC that Windows NLB host number 20 uses in unicast mode: 02-14 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 20 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 20 : 02-14 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-21',
    first: '02:15:00:00:00:00',
    last: '02:15:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 21 (masked source)',
        summary: 'Source MAC that Windows NLB host number 21 uses in unicast mode: 02-15 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 21 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 21 : 02-15 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-22',
    first: '02:16:00:00:00:00',
    last: '02:16:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 22 (masked source)',
        summary: 'Source MAC that Windows NLB host number 22 uses in unicast mode: 02-16 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 22 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 22 : 02-16 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-23',
    first: '02:17:00:00:00:00',
    last: '02:17:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 23 (masked source)',
        summary: 'Source MAC that Windows NLB host number 23 uses in unicast mode: 02-17 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 23 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 23 : 02-17 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-24',
    first: '02:18:00:00:00:00',
    last: '02:18:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 24 (masked source)',
        summary: 'Source MAC that Windows NLB host number 24 uses in unicast mode: 02-18 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 24 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 24 : 02-18 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-25',
    first: '02:19:00:00:00:00',
    last: '02:19:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 25 (masked source)',
        summary: 'Source MAC that Windows NLB host number 25 uses in unicast mode: 02-19 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 25 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 25 : 02-19 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-26',
    first: '02:1A:00:00:00:00',
    last: '02:1A:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 26 (masked source)',
        summary: 'Source MAC that Windows NLB host number 26 uses in unicast mode: 02-1A (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 26 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 26 : 02-1A (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-27',
    first: '02:1B:00:00:00:00',
    last: '02:1B:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 27 (masked source)',
        summary: 'Source MAC that Windows NLB host number 27 uses in unicast mode: 02-1B (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 27 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 27 : 02-1B (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-28',
    first: '02:1C:00:00:00:00',
    last: '02:1C:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 28 (masked source)',
        summary: 'Source MAC that Windows NLB host number 28 uses in unicast mode: 02-1C (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 28 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 28 : 02-1C (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-29',
    first: '02:1D:00:00:00:00',
    last: '02:1D:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 29 (masked source)',
        summary: 'Source MAC that Windows NLB host number 29 uses in unicast mode: 02-1D (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 29 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 29 : 02-1D (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-30',
    first: '02:1E:00:00:00:00',
    last: '02:1E:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 30 (masked source)',
        summary: 'Source MAC that Windows NLB host number 30 uses in unicast mode: 02-1E (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 30 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 30 : 02-1E (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-31',
    first: '02:1F:00:00:00:00',
    last: '02:1F:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 31 (masked source)',
        summary: 'Source MAC that Windows NLB host number 31 uses in unicast mode: 02-1F (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 31 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 31 : 02-1F (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'ms-nlb-host-32',
    first: '02:20:00:00:00:00',
    last: '02:20:FF:FF:FF:FF',
    references: ['Microsoft Network Load Balancing documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Microsoft NLB cluster host 32 (masked source)',
        summary: 'Source MAC that Windows NLB host number 32 uses in unicast mode: 02-20 (the host priority) followed by the cluster IPv4 address, so that switches never learn the shared cluster MAC.',
        usage: 'Expected as a source on an NLB VLAN; one host ID per cluster member. Outside NLB, a random locally administered address can fall in this range: check that the last four octets are the cluster IP.',
      },
      fr: {
        title: 'Hôte 32 d’un cluster NLB de Microsoft (source masquée)',
        summary: 'MAC source utilisée en mode unicast par l’hôte NLB Windows numéro 32 : 02-20 (la priorité de l’hôte) suivi de l’adresse IPv4 du cluster, pour que les commutateurs n’apprennent jamais la MAC partagée du cluster.',
        usage: 'Attendue en source sur un VLAN NLB ; un identifiant d’hôte par membre du cluster. Hors NLB, une adresse administrée localement aléatoire peut tomber dans cette plage : vérifiez que les quatre derniers octets sont l’IP du cluster.',
      },
    },
  },
  {
    id: 'checkpoint-cluster-uninitialized',
    first: '00:00:00:00:FE:21',
    references: ['Check Point ClusterXL documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Check Point cluster member not yet initialised',
        summary: 'Source address a Check Point ClusterXL member puts in its cluster control protocol (CCP) packets before it has its cluster identity.',
        usage: 'Seen briefly while a gateway joins its cluster. If it persists, the member is stuck initialising: check cluster state and CCP connectivity.',
      },
      fr: {
        title: 'Membre de cluster Check Point non initialisé',
        summary: 'Adresse source qu’un membre ClusterXL de Check Point place dans ses paquets du protocole de contrôle de cluster (CCP) avant d’avoir reçu son identité de cluster.',
        usage: 'Visible brièvement quand une passerelle rejoint son cluster. Si elle persiste, le membre reste bloqué à l’initialisation : vérifiez l’état du cluster et la connectivité CCP.',
      },
    },
  },
  {
    id: 'fortinet-fgcp-virtual',
    first: '00:09:0F:09:00:00',
    last: '00:09:0F:09:FF:FF',
    references: ['Fortinet FortiGate HA (FGCP) documentation'],
    text: {
      en: {
        title: 'FortiGate HA cluster virtual MAC',
        summary: 'Virtual MAC of a FortiGate high-availability (FGCP) cluster interface: 00-09-0F-09, then the HA group ID, then the virtual cluster and interface index.',
        usage: 'The primary unit owns it and it moves on failover. Two clusters with the same group ID on one network collide on these MACs: give each cluster its own group ID.',
      },
      fr: {
        title: 'MAC virtuelle de cluster haute disponibilité FortiGate',
        summary: 'MAC virtuelle d’une interface de cluster haute disponibilité FortiGate (FGCP) : 00-09-0F-09, puis l’identifiant de groupe HA, puis l’index de cluster virtuel et d’interface.',
        usage: 'L’unité primaire la porte et elle migre lors d’une bascule. Deux clusters de même identifiant de groupe sur un réseau entrent en collision sur ces MAC : donnez à chaque cluster son propre identifiant.',
      },
    },
  },
  {
    id: 'paloalto-ha-virtual',
    first: '00:1B:17:00:00:00',
    last: '00:1B:17:00:FF:FF',
    references: ['Palo Alto Networks HA documentation'],
    text: {
      en: {
        title: 'Palo Alto Networks HA virtual MAC',
        summary: 'Virtual MAC of a Palo Alto Networks firewall pair in high availability: 00-1B-17-00, then the HA group ID, then an interface identifier.',
        usage: 'Follows the active firewall on failover. As with other clusters, two pairs with the same group ID on one segment produce duplicate MACs.',
      },
      fr: {
        title: 'MAC virtuelle haute disponibilité Palo Alto Networks',
        summary: 'MAC virtuelle d’une paire de pare-feu Palo Alto Networks en haute disponibilité : 00-1B-17-00, puis l’identifiant de groupe HA, puis un identifiant d’interface.',
        usage: 'Suit le pare-feu actif lors d’une bascule. Comme pour les autres clusters, deux paires de même identifiant de groupe sur un segment produisent des MAC en double.',
      },
    },
  },
  {
    id: 'hp-nic-teaming-heartbeat',
    first: '03:00:C7:00:00:EE',
    references: ['HP ProLiant Network Adapter Teaming white paper', 'Wireshark wka list'],
    text: {
      en: {
        title: 'HP ProLiant NIC teaming heartbeat',
        summary: 'Group address of the heartbeat frames that HP (Compaq) ProLiant network teaming sends between the adapters of a team.',
        usage: 'Seen on servers using HP’s teaming driver; the heartbeats check that each teamed port still reaches the others. Missing heartbeats mark a failed path.',
      },
      fr: {
        title: 'Battement de cœur de l’agrégation de cartes HP ProLiant',
        summary: 'Adresse de groupe des trames de battement de cœur que l’agrégation de cartes réseau HP (Compaq) ProLiant échange entre les cartes d’une équipe.',
        usage: 'Visible sur les serveurs qui utilisent le pilote d’agrégation d’HP ; ces battements vérifient que chaque port de l’équipe joint encore les autres. Leur absence signale un chemin en panne.',
      },
    },
  },
  {
    id: 'windows-ndiswan-recv',
    first: '20:52:45:43:56:00',
    last: '20:52:45:43:56:FF',
    references: ['Microsoft NDISWAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Windows NDISWAN receive pseudo-address',
        summary: 'Pseudo-address Windows NDISWAN writes in frames it receives on WAN links; its first five octets spell " RECV" in ASCII.',
        usage: 'Only in captures taken on a Windows host with dial-up, PPP or VPN connections, where NDISWAN presents those links as Ethernet. It never appears on a real wire.',
      },
      fr: {
        title: 'Pseudo-adresse de réception NDISWAN de Windows',
        summary: 'Pseudo-adresse que NDISWAN de Windows inscrit dans les trames reçues sur les liens WAN ; ses cinq premiers octets forment « RECV », précédé d’une espace, en ASCII.',
        usage: 'Uniquement dans des captures faites sur un hôte Windows avec des connexions PPP, commutées ou VPN, que NDISWAN présente comme de l’Ethernet. Elle n’apparaît jamais sur un vrai câble.',
      },
    },
  },
  {
    id: 'windows-ndiswan-send',
    first: '20:53:45:4E:44:00',
    last: '20:53:45:4E:44:FF',
    references: ['Microsoft NDISWAN documentation', 'Wireshark wka list'],
    text: {
      en: {
        title: 'Windows NDISWAN send pseudo-address',
        summary: 'Pseudo-address Windows NDISWAN writes in frames it sends on WAN links; its first five octets spell " SEND" in ASCII.',
        usage: 'Only in captures taken on a Windows host with dial-up, PPP or VPN connections, where NDISWAN presents those links as Ethernet. It never appears on a real wire.',
      },
      fr: {
        title: 'Pseudo-adresse d’émission NDISWAN de Windows',
        summary: 'Pseudo-adresse que NDISWAN de Windows inscrit dans les trames émises sur les liens WAN ; ses cinq premiers octets forment « SEND », précédé d’une espace, en ASCII.',
        usage: 'Uniquement dans des captures faites sur un hôte Windows avec des connexions PPP, commutées ou VPN, que NDISWAN présente comme de l’Ethernet. Elle n’apparaît jamais sur un vrai câble.',
      },
    },
  },
];
