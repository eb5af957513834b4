/** Broadcast and all-zero addresses. */
import type { SpecialEntry } from '../entry.js';

/** The two addresses every tool must recognise. */
export const CORE: readonly SpecialEntry[] = [
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
];
