/**
 * A request copied out of the engine's (which is valid only during its handler), for a handler
 * that runs later: its path, method, query string and header lines. Routes with `:parameter`
 * segments are never deferred, so it has no parameters.
 */
import type { EngineRequest } from './engine.js';
import { SplitTargetRequest } from './query.js';

/** What a deferred handler reads of its request, copied while the engine's request was valid. */
export class CopiedRequest extends SplitTargetRequest implements EngineRequest {
  /** Header lines as name/value pairs, names in lower case, in order. */
  private readonly headers: string[] = [];

  /** Copies `req` (call it inside the engine's handler). */
  constructor(req: EngineRequest) {
    super(req.getUrl(), req.getMethod(), req.getQuery() ?? '');
    req.forEach((key, value) => this.headers.push(key, value));
  }

  /** The first header line of that lower-case name, '' when absent (as uWS answers). */
  getHeader(lowerCaseName: string): string {
    for (let i = 0; i < this.headers.length; i += 2) if (this.headers[i] === lowerCaseName) return this.headers[i + 1];
    return '';
  }

  /** None: deferred routes have no `:parameter` segments. */
  getParameter(): string | undefined {
    return undefined;
  }

  /** Every header line, in order. */
  forEach(callback: (key: string, value: string) => void): void {
    for (let i = 0; i < this.headers.length; i += 2) callback(this.headers[i], this.headers[i + 1]);
  }
}
