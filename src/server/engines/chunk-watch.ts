/**
 * Reads a chunked body's framing (RFC 9112 §7.1) beside node's parser, to refuse at once a body
 * whose chunk-size lines announce more than the route takes. llhttp accepts any size of up to 16
 * hex digits and hands the service only the bytes that arrive, so without this a client that
 * announces `ffffffffffffffff` and goes silent is answered only when the body-idle timer fires.
 *
 * The watch never refuses what it does not understand: on any byte its strict reading does not
 * expect (which llhttp refuses or reads leniently) it stops watching, and the other bounds (the
 * body size as bytes arrive, the idle and whole-body timers) apply as before.
 */

const enum State {
  Size,
  SizeWhite,
  Extension,
  SizeLf,
  Data,
  DataCr,
  DataLf,
  Trailer,
  TrailerLf,
  TrailerLine,
  TrailerLineLf,
  Done,
  Stopped,
}

/** What `feed` reports: go on, the body is whole (or unreadable here), or it announced too much. */
export type WatchResult = 'more' | 'stop' | 'too_large';

/** A chunked body's framing, read byte by byte across packets. */
export class ChunkWatch {
  private state = State.Size;
  private digits = 0;
  private size = 0;
  private left = 0;
  private announced = 0;

  /** Watches a body that may announce at most `maxBytes` in all. */
  constructor(private readonly maxBytes: number) {}

  /** Reads the next bytes of the body (from its first chunk-size line on). */
  feed(bytes: Uint8Array): WatchResult {
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      switch (this.state) {
        case State.Data: {
          const take = Math.min(this.left, bytes.length - i);
          this.left -= take;
          i += take - 1;
          if (this.left === 0) this.state = State.DataCr;
          break;
        }
        case State.Size: {
          const v = hexValue(c);
          if (v >= 0) {
            if (++this.digits > 16) return this.stop();
            this.size = this.size * 16 + v; // exact up to 2^53; anything larger is refused anyway
            if (this.announced + this.size > this.maxBytes) return 'too_large';
          } else if (this.digits === 0) {
            return this.stop();
          } else if (c === 0x0d) {
            this.state = State.SizeLf;
          } else if (c === 0x3b /* ; */) {
            this.state = State.Extension;
          } else if (c === 0x20 || c === 0x09) {
            this.state = State.SizeWhite;
          } else {
            return this.stop();
          }
          break;
        }
        case State.SizeWhite:
          if (c === 0x3b) this.state = State.Extension;
          else if (c === 0x0d) this.state = State.SizeLf;
          else if (c !== 0x20 && c !== 0x09) return this.stop();
          break;
        case State.Extension:
          if (c === 0x0d) this.state = State.SizeLf;
          else if (c === 0x0a) return this.stop();
          break;
        case State.SizeLf:
          if (c !== 0x0a) return this.stop();
          this.announced += this.size;
          this.left = this.size;
          this.state = this.size === 0 ? State.Trailer : State.Data;
          this.size = 0;
          this.digits = 0;
          break;
        case State.DataCr:
          if (c !== 0x0d) return this.stop();
          this.state = State.DataLf;
          break;
        case State.DataLf:
          if (c !== 0x0a) return this.stop();
          this.state = State.Size;
          break;
        case State.Trailer:
          // The empty line that ends the body, or a trailer field's line.
          this.state = c === 0x0d ? State.TrailerLf : State.TrailerLine;
          break;
        case State.TrailerLf:
          if (c !== 0x0a) return this.stop();
          this.state = State.Done;
          return 'stop';
        case State.TrailerLine:
          if (c === 0x0d) this.state = State.TrailerLineLf;
          break;
        case State.TrailerLineLf:
          if (c !== 0x0a) return this.stop();
          this.state = State.Trailer;
          break;
        default:
          return 'stop';
      }
    }
    return 'more';
  }

  private stop(): WatchResult {
    this.state = State.Stopped;
    return 'stop';
  }
}

// The value of a hex digit's byte, or -1.
function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
