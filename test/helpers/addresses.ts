/** Addresses as people hold them, for the data-engine joins (test/data-engines.test.ts, test/postgres.test.ts). */
import { blockFirst, type Catalog } from '../../src/catalog/catalog.js';
import { BLOCK_SIZES } from '../../src/registry/kinds.js';

const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');

/** A 48-bit address in one of the shapes people write (the join strips the separators). */
export function shaped(mac: number, i: number): string {
  const h = hex(mac, 12);
  const pairs = h.match(/../g)!;
  switch (i % 4) {
    case 0:
      return pairs.join(':');
    case 1:
      return pairs.join('-').toUpperCase();
    case 2:
      return `${h.slice(0, 4)}.${h.slice(4, 8)}.${h.slice(8)}`;
    default:
      return h.toUpperCase();
  }
}

/**
 * 100,000 realistic addresses from the snapshot's own blocks: inside MA-L, MA-M, MA-S and IAB
 * blocks (MA-S inside the IEEE RA's MA-L among them), the IEEE RA's own rows between its MA-S,
 * unassigned gaps, group addresses of assigned blocks, other multicast, and local addresses
 * (historical local blocks among them).
 */
export function realisticAddresses(catalog: Catalog, count: number): string[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const blocks: number[] = [];
  for (let i = 0; i < catalog.blockCount; i++) if (catalog.block(i).registry !== 'CID') blocks.push(i);
  const inBlock = (i: number) => {
    const b = catalog.block(i);
    return blockFirst(b) + Math.floor(random() * BLOCK_SIZES[b.width][0]);
  };
  const out: string[] = [];
  const add = (mac: number) => out.push(shaped(mac, out.length));
  const ra = [0x001bc5, 0x0050c2, 0x70b3d5, 0x8c1f64];
  while (out.length < count) {
    const kind = random();
    if (kind < 0.55) add(inBlock(blocks[Math.floor(random() * blocks.length)])); // any block
    else if (kind < 0.7) add(ra[Math.floor(random() * ra.length)] * 2 ** 24 + Math.floor(random() * 2 ** 24)); // under an IEEE RA MA-L
    else if (kind < 0.8) add(Math.floor(random() * 2 ** 24) * 2 ** 24 + Math.floor(random() * 2 ** 24)); // anywhere: gaps, local, group
    else if (kind < 0.87) add(inBlock(blocks[Math.floor(random() * blocks.length)]) + 2 ** 40); // a group address of a block
    else if (kind < 0.92) add((random() < 0.5 ? 0x01005e : 0x333300 + Math.floor(random() * 256)) * 2 ** 24 + Math.floor(random() * 2 ** 24)); // multicast
    else if (kind < 0.97) add((Math.floor(random() * 2 ** 22) * 4 + 2) * 2 ** 24 + Math.floor(random() * 2 ** 24)); // local unicast
    else add((random() < 0.5 ? 0x02608c : 0xaa0004) * 2 ** 24 + Math.floor(random() * 2 ** 24)); // historical local blocks
  }
  return out;
}

