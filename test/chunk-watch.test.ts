/** The node engine's reading of chunk-size lines (src/server/engines/chunk-watch.ts). */
import { describe, expect, it } from 'vitest';
import { ChunkWatch, type WatchResult } from '../src/server/engines/chunk-watch.js';

const bytes = (s: string) => Buffer.from(s, 'latin1');

/** Feeds `body` in pieces of `step` bytes; the first result that is not 'more', or 'more'. */
function feed(body: string, max: number, step = body.length): WatchResult {
  const watch = new ChunkWatch(max);
  for (let i = 0; i < body.length; i += step) {
    const r = watch.feed(bytes(body.slice(i, i + step)));
    if (r !== 'more') return r;
  }
  return 'more';
}

describe('ChunkWatch', () => {
  const body = '5\r\nhello\r\n3;name="v"\r\nabc\r\n0\r\nX-Trailer: 1\r\n\r\n';

  it('reads a whole body with extensions and a trailer to its end, however it is split', () => {
    for (const step of [1, 2, 3, 7, body.length]) expect(feed(body, 8, step)).toBe('stop');
    expect(feed('0\r\n\r\n', 0)).toBe('stop');
  });

  it('waits for more while the body is not over', () => {
    expect(feed('5\r\nhel', 100)).toBe('more');
    expect(feed('5\r\nhello\r\n', 100)).toBe('more');
    expect(feed('A \t;x\r\n', 100)).toBe('more');
  });

  it('refuses as soon as the announced sizes pass the limit, before the line ends', () => {
    expect(feed(body, 7)).toBe('too_large');
    expect(feed('ffffffffffffffff', 1 << 26)).toBe('too_large');
    expect(feed('4000001', 1 << 26, 1)).toBe('too_large');
    expect(feed('4000000\r\n', 1 << 26)).toBe('more');
    expect(feed('0000000000000000000001\r\n', 10)).toBe('stop'); // 22 digits: llhttp's to refuse
  });

  it('stops watching at what it does not expect, and never refuses it', () => {
    for (const odd of ['zz\r\n', '\r\n', '5\nhello', '5\r\nhelloX', '5;x\nab', '0\r\nX\r\r']) expect(feed(odd, 100)).toBe('stop');
  });
});
