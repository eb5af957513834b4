/** Registry files as a builder might send them, good or bad: made from the project's file by rewriting its header. */
import { Packr } from 'msgpackr';

const packr = new Packr({ useRecords: false });

/** The file with its header's metadata changed by `change` (the rest byte for byte). */
export function withMeta(file: Uint8Array, change: (meta: Record<string, unknown>) => void): Buffer {
  const length = new DataView(file.buffer, file.byteOffset).getUint32(1);
  const header = packr.unpack(file.subarray(5, 5 + length)) as { meta: Record<string, unknown> };
  change(header.meta);
  const packed = packr.pack(header);
  const head = Buffer.alloc(5);
  head[0] = 0xce;
  head.writeUInt32BE(packed.byteLength, 1);
  return Buffer.concat([head, packed, file.subarray(5 + length)]);
}

/** Another version of the same content: its label is `label`, its content hash the file's (a valid snapshot). */
export function relabelled(file: Uint8Array, label: string): Buffer {
  return withMeta(file, (meta) => (meta.version = (meta.version as string).replace(/^.*-/, `${label}-`)));
}

/** The version a file made by relabelled() has. */
export function versionOf(file: Uint8Array): string {
  const length = new DataView(file.buffer, file.byteOffset).getUint32(1);
  return (packr.unpack(file.subarray(5, 5 + length)) as { meta: { version: string } }).meta.version;
}

/** The file with the byte at `at` (from the end when negative) changed. */
export function flipped(file: Uint8Array, at: number): Buffer {
  const out = Buffer.from(file);
  out[at < 0 ? out.length + at : at] ^= 0x20;
  return out;
}
