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
  need(1);
  const header = body[at++];
  let count: number;
  if (header >= 0x90 && header <= 0x9f) count = header & 0x0f;
  else if (header === 0xdc) {
    need(2);
    count = view.getUint16(at);
    at += 2;
  } else if (header === 0xdd) {
    need(4);
    count = view.getUint32(at);
    at += 4;
  } else throw new BodyError('detail.body.shape');
  // Each item takes at least one byte: a count beyond the bytes left is a lie, not a batch.
  need(count);
  if (count > maxItems) throw new TooManyItems(count);
  const items = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    need(1);
    const b = body[at++];
    let length: number;
    if (b >= 0xa0 && b <= 0xbf) length = b & 0x1f;
    else if (b === 0xd9) {
      need(1);
      length = body[at++];
    } else if (b === 0xda) {
      need(2);
      length = view.getUint16(at);
      at += 2;
    } else if (b === 0xdb) {
      need(4);
      length = view.getUint32(at);
      at += 4;
    } else throw new BodyError('detail.body.item', { where: `${where}/${i}` });
    need(length);
    items[i] = utf8.decode(body.subarray(at, at + length));
    at += length;
  }
  if (at !== body.length) throw new BodyError('detail.body.msgpack', { reason: `${body.length - at} bytes after the end of the data` });
  return items;
}
