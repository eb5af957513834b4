/**
 * The node:http engine: the routes of the HTTP layer on node:http (llhttp, maintained and
 * patched with Node.js itself), for the Node.js versions that have no uWS binary. Each HTTP
 * thread has its own server; threads share the port with `reusePort` (Node 22.12+).
 *
 * It follows RFC 9112 where uWS 20.30 cannot: HTTP/1.0 is served (closed after the answer
 * unless it asks for keep-alive), an absolute-form target is served as its path. It answers at
 * once, with the connection closed, another major HTTP version (505), a target that is neither
 * (`*`, authority-form: 400), no Host in HTTP/1.1 (400), and a head or chunked body that node's
 * parser refuses (400; 431 when too large; 408 when too slow). node's parser itself refuses two
 * Content-Length lines, Transfer-Encoding with Content-Length and a Content-Length that is not
 * a number; the HTTP layer's framing guard refuses the rest, as on uWS.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Handler } from '../../http/engine.js';
import { refusalReply, type RequestFault } from '../../http/framing.js';
import { facts, detached } from '../../http/request-facts.js';
import type { Reply } from '../../http/respond.js';
import type { EngineApp } from './engine-app.js';
import { bodyReaders, NodeRequest, NodeResponse } from './node-exchange.js';
import { RouteTable } from './route-table.js';

/** How long a connection may take to send a request head, and stay idle between requests (uWS: 10 s). */
const IDLE_MS = 10_000;

/**
 * What node:http's parser errors mean for the reply. llhttp's codes are shared between
 * faults (HPE_UNEXPECTED_CONTENT_LENGTH is both a second Content-Length and one after
 * Transfer-Encoding), so its reason text decides where the code does not.
 */
function faultOf(err: NodeJS.ErrnoException & { reason?: string }): RequestFault {
  const reason = err.reason ?? err.message;
  if (/Transfer-Encoding/i.test(reason) && /Content-Length/i.test(reason)) return 'both_lengths';
  switch (err.code) {
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return /Duplicate/i.test(reason) ? 'duplicate_length' : 'transfer_encoding';
    case 'HPE_INVALID_CONTENT_LENGTH':
      return 'bad_length';
    case 'HPE_INVALID_VERSION':
      return 'http_version';
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_STRICT':
      return /chunk/i.test(reason) || err.code === 'HPE_INVALID_CHUNK_SIZE' ? 'bad_chunk' : 'malformed';
    case 'HPE_HEADER_OVERFLOW':
      return 'headers_too_large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADER_TIMEOUT':
      return 'header_timeout';
    default:
      return 'malformed';
  }
}

/**
 * The origin-form path of a request target: itself, or the path of an absolute-form target
 * (RFC 9112 §3.2.2: a server MUST accept it), or null for what is neither (`*`, authority-form).
 */
function originPath(target: string): string | null {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  if (scheme === null) return null;
  const rest = target.slice(scheme[0].length);
  return rest.length === 0 || rest[0] === '?' ? `/${rest}` : rest[0] === '/' ? rest : null;
}

/**
 * What uWS never answers and node:http would serve wrongly: another major version than 1
 * (505), no Host in HTTP/1.1 (RFC 9112 §3.2: a 400). HTTP/1.0 is served, with its own
 * keep-alive rule (node closes unless `Connection: keep-alive`).
 */
function requestLineFault(message: IncomingMessage): RequestFault | null {
  if (message.httpVersionMajor !== 1) return 'http_version';
  if (message.httpVersionMinor === 1 && message.headers.host === undefined) return 'missing_host';
  return null;
}

/** A method's name in lower case, as routes are registered; the usual ones without a new string per request. */
function lowerMethod(method: string): string {
  switch (method) {
    case 'GET':
      return 'get';
    case 'HEAD':
      return 'head';
    case 'POST':
      return 'post';
    case 'OPTIONS':
      return 'options';
    default:
      return method.toLowerCase();
  }
}

/** A reply as raw HTTP/1.1 bytes, for a socket node:http gave up on. */
function rawResponse(reply: Reply): string {
  const body = typeof reply.body === 'string' ? reply.body : Buffer.from(reply.body).toString('latin1');
  let head = `HTTP/1.1 ${reply.status}\r\n`;
  for (let i = 0; i < reply.headers.length; i += 2) head += `${reply.headers[i]}: ${reply.headers[i + 1]}\r\n`;
  return `${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

// A request known only from its first line (what node's parser read before it gave up).
function lineRequest(raw: string): NodeRequest {
  const target = /^[A-Z]+ (\S+)/.exec(raw)?.[1] ?? '';
  const q = target.indexOf('?');
  const fake = { headers: {}, rawHeaders: [] } as unknown as IncomingMessage;
  return new NodeRequest(fake, q < 0 ? target : target.slice(0, q), q < 0 ? '' : target.slice(q + 1), [], '?');
}

/** One HTTP thread's node:http server with uWS-style routes. */
export class NodeApp extends RouteTable implements EngineApp {
  private readonly server: Server;
  // Each connection's latest request's response: what a parser error on that connection
  // concerns (through node's documented 'request' event; an ended one is told by writableEnded).
  private readonly latest = new WeakMap<Socket, ServerResponse>();

  /** Creates the server; routes are added with get/post/… before listen. */
  constructor() {
    super();
    this.server = createServer({ requireHostHeader: false, keepAliveTimeout: IDLE_MS, headersTimeout: IDLE_MS, requestTimeout: 0, connectionsCheckingInterval: 1000 }, (message, res) => this.dispatch(message, res));
    this.server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => this.refuseHead(err, socket));
  }

  private dispatch(message: IncomingMessage, res: ServerResponse): void {
    this.latest.set(message.socket, res);
    const target = message.url ?? '';
    const method = lowerMethod(message.method ?? '');
    const url = originPath(target);
    const q = url === null ? -1 : url.indexOf('?');
    const path = url === null ? target : q < 0 ? url : url.slice(0, q);
    const search = url === null || q < 0 ? '' : url.slice(q + 1);
    const fault = url === null ? 'request_target' : requestLineFault(message);
    if (fault !== null) {
      this.refuse(new NodeRequest(message, path, search, [], method), new NodeResponse(res, message), fault, { version: `HTTP/${message.httpVersion}` });
      return;
    }
    const route = this.match(method, path);
    const req = new NodeRequest(message, path, search, route?.params ?? [], method);
    const out = new NodeResponse(res, message);
    (route?.handler ?? notFound)(out, req);
  }

  // A refusal the HTTP layer words; the connection closes after it.
  private refuse(req: NodeRequest, res: NodeResponse, fault: RequestFault, params: Readonly<Record<string, string>>): void {
    const reply = refusalReply(fault, detached(facts(req, false, null)), params);
    res.writeStatus(reply.status).writeHeaders(reply.headers).end(reply.body, true);
  }

  // node's parser refused the head: answer when the socket can still take it, then close.
  private refuseHead(err: NodeJS.ErrnoException & { rawPacket?: Buffer; reason?: string }, socket: Socket): void {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // A request before the bad bytes is still being answered (a framing refusal, which closes
    // the connection): its answer goes out, then the socket closes.
    const pending = this.latest.get(socket);
    // A request whose body was being read when the parser gave up (a bad chunk): its route
    // lets go of the body, and the refusal is its answer.
    const reader = pending ? bodyReaders.get(pending) : undefined;
    if (pending && reader !== undefined && !pending.headersSent) {
      const target = originPath(pending.req.url ?? '') ?? '';
      const q = target.indexOf('?');
      const req = new NodeRequest(pending.req, q < 0 ? target : target.slice(0, q), q < 0 ? '' : target.slice(q + 1), [], lowerMethod(pending.req.method ?? ''));
      reader.fail(refusalReply(faultOf(err), detached(facts(req, false, null)), { reason: (err.reason ?? err.message).replace(/[^\x20-\x7e]/g, '') }));
      return;
    }
    if (pending && !pending.writableEnded) {
      pending.once('finish', () => socket.destroySoon());
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    const req = lineRequest(err.rawPacket?.toString('latin1') ?? '');
    const reason = (err.reason ?? err.message).replace(/[^\x20-\x7e]/g, '');
    socket.end(rawResponse(refusalReply(faultOf(err), detached(facts(req, false, null)), { reason })));
  }

  /** Listens on `host`:`port`, sharing it with the other threads' servers when `reusePort`. */
  listen(host: string, port: number, reusePort: boolean): Promise<boolean> {
    return new Promise((resolve) => {
      const failed = () => resolve(false);
      this.server.once('error', failed);
      this.server.listen({ host, port, reusePort }, () => {
        this.server.off('error', failed);
        resolve(true);
      });
    });
  }

  /** Stops accepting connections; idle keep-alive connections close, busy ones finish. */
  stopListening(): void {
    this.server.close();
    this.server.closeIdleConnections();
  }

  /** Closes every connection. */
  closeAll(): void {
    this.server.close();
    this.server.closeAllConnections();
  }
}

// Only reached when no catch-all route was registered.
const notFound: Handler = (res) => {
  res.writeHead('404 Not Found', []);
  res.end('', true);
};
