/**
 * Reads a msgpack batch body, an array of strings or a map `{"macs": array of strings}`,
 * without a general decoder: every count is checked against the bytes left before anything
 * is allocated, and anything but a string item is refused where it stands. A general decoder
 * allocates what a header claims (an array32 header of four billion items, or eight million
 * nested arrays in eight megabytes), which no heap limit can stop cleanly.
 */
import { BodyError, TooManyItems } from './body-error.js';

const utf8 = new TextDecoder('utf-8');
const MACS = [0xa4, 0x6d, 0x61, 0x63, 0x73]; // fixstr "macs"
const ARRAY = { 0xdc: 2, 0xdd: 4 } as const; // array16, array32
const STRING = { 0xd9: 1, 0xda: 2, 0xdb: 4 } as const; // str8, str16, str32

/**
 * The strings of a msgpack batch body; throws BodyError saying what is wrong and where, or
 * TooManyItems when the array holds more than `maxItems` (before reading them).
 */
export function readMsgpackStrings(body: Uint8Array, maxItems: number): string[] {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > body.length) throw new BodyError('detail.body.msgpack', { reason: `unexpected end of data at byte ${at}` });
  };
  let where = '';
  if (body[0] === 0x81 && MACS.every((b, i) => body[1 + i] === b)) {
    at = 1 + MACS.length;
    where = '/macs';
  }
  // A length a header announces: in its low bits (fix forms), or in 1, 2 or 4 bytes after it.
  const length = (fixFirst: number, fixLast: number, wide: Readonly<Record<number, 1 | 2 | 4>>): number | null => {
    need(1);
    const tag = body[at++];
    if (tag >= fixFirst && tag <= fixLast) return tag - fixFirst;
    const width = wide[tag];
    if (width === undefined) return null;
    need(width);
    const n = width === 1 ? body[at] : width === 2 ? view.getUint16(at) : view.getUint32(at);
    at += width;
    return n;
  };
  const count = length(0x90, 0x9f, ARRAY);
  if (count === null) throw new BodyError('detail.body.shape');
  // Each item takes at least one byte: a count beyond the bytes left is a lie, not a batch.
  need(count);
  if (count > maxItems) throw new TooManyItems(count);
  const items = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    const size = length(0xa0, 0xbf, STRING);
    if (size === null) throw new BodyError('detail.body.item', { where: `${where}/${i}` });
    need(size);
    items[i] = utf8.decode(body.subarray(at, at + size));
    at += size;
  }
  if (at !== body.length) throw new BodyError('detail.body.msgpack', { reason: `${body.length - at} bytes after the end of the data` });
  return items;
}
