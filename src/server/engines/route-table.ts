/**
 * Routes of the node:http engine, matched as uWebSockets.js matches them, so both engines
 * send a request to the same handler: a route registered for the request's method wins over
 * an `any` route; among routes of one kind, a static path wins over a pattern with
 * `:parameter` segments, which wins over a `/*` prefix. Patterns of one kind are tried in
 * the order they were registered. A parameter matches one whole segment (no `/`).
 */
import type { Handler, RouteApp } from '../../http/engine.js';

/** A handler found for a path, with the values of its `:parameter` segments. */
export interface RouteMatch {
  readonly handler: Handler;
  readonly params: readonly string[];
}

interface Pattern {
  /** The pattern's segments (the first is the empty one before its leading `/`); null where a parameter stands. */
  readonly segments: ReadonlyArray<string | null>;
  readonly handler: Handler;
}

const NO_PARAMS: readonly string[] = [];

/**
 * The values of the parameters when `path`, cut at every `/`, has the pattern's `segments`
 * (as many, each static one equal), else null. Read in place: `split` cost a runtime call and
 * an array of substrings per request, the largest part of the node engine's own work per GET.
 */
function matchSegments(segments: ReadonlyArray<string | null>, path: string): string[] | null {
  const last = segments.length - 1;
  let params: string[] | null = null;
  let at = 0;
  for (let i = 0; i <= last; i++) {
    const slash = path.indexOf('/', at);
    // A slash after every segment but the last, none after the last.
    if (slash < 0 !== (i === last)) return null;
    const end = slash < 0 ? path.length : slash;
    const want = segments[i];
    if (want === null) (params ??= []).push(path.slice(at, end));
    else if (end - at !== want.length || !path.startsWith(want, at)) return null;
    at = end + 1;
  }
  return params ?? [];
}

// The routes of one method (or of `any`).
class MethodRoutes {
  readonly exact = new Map<string, RouteMatch>();
  readonly patterns: Pattern[] = [];
  /** `/*` patterns: the path they cover (`/x/`), and that path without its slash (`/x`), which they cover too. */
  readonly prefixes: Array<{ readonly prefix: string; readonly bare: string; readonly handler: Handler }> = [];

  add(pattern: string, handler: Handler): void {
    if (pattern.endsWith('/*')) this.prefixes.push({ prefix: pattern.slice(0, -1), bare: pattern.slice(0, -2), handler });
    else if (pattern.includes('/:')) this.patterns.push({ segments: pattern.split('/').map((s) => (s.startsWith(':') ? null : s)), handler });
    else if (!this.exact.has(pattern)) this.exact.set(pattern, { handler, params: NO_PARAMS });
  }

  match(path: string): RouteMatch | null {
    const exact = this.exact.get(path);
    if (exact !== undefined) return exact;
    for (const p of this.patterns) {
      const params = matchSegments(p.segments, path);
      if (params !== null) return { handler: p.handler, params };
    }
    for (const { prefix, bare, handler } of this.prefixes) if (path.startsWith(prefix) || path === bare) return { handler, params: NO_PARAMS };
    return null;
  }
}

/** Every route of one app, registered through the RouteApp calls. */
export class RouteTable implements RouteApp {
  private readonly byMethod = new Map<string, MethodRoutes>();
  private readonly anyMethod = new MethodRoutes();

  private routes(method: string): MethodRoutes {
    let r = this.byMethod.get(method);
    if (r === undefined) this.byMethod.set(method, (r = new MethodRoutes()));
    return r;
  }

  // One registration call per method, as uWS's app has them (RouteApp).
  private on(method: string): (pattern: string, handler: Handler) => this {
    return (pattern, handler) => {
      (method === 'any' ? this.anyMethod : this.routes(method)).add(pattern, handler);
      return this;
    };
  }

  /** Registers a GET route. */
  readonly get = this.on('get');
  /** Registers a HEAD route. */
  readonly head = this.on('head');
  /** Registers a POST route. */
  readonly post = this.on('post');
  /** Registers an OPTIONS route. */
  readonly options = this.on('options');
  /** Registers a route for every method. */
  readonly any = this.on('any');

  /** The handler for `method` (lower case) and `path`, or null when no route matches. */
  match(method: string, path: string): RouteMatch | null {
    return this.byMethod.get(method)?.match(path) ?? this.anyMethod.match(path);
  }
}
