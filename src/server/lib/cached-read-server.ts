import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { compressedForm, preferredEncoding, type PreparedAnswer } from './prepared-answer.ts';

/** What the server needs of the app to answer a cached read (app.ts gives it once built). */
export interface CachedReads {
  /** The answer a GET of `url` has in the read cache now, or nothing (Fastify answers then). */
  answerFor(url: string): PreparedAnswer | undefined;
  /** The headers every API answer gets (plugins/response-headers.ts). */
  headers: Record<string, string>;
  /** Writes the request's line, as the request log does for what Fastify answers. */
  log(request: IncomingMessage, ms: number): void;
}

/**
 * The headers of each form of an answer's body, made when the form is first sent; keyed by the
 * form itself, since a form made quickly is later made again (lib/prepared-answer.ts).
 */
const headersOfForms = new WeakMap<Buffer, string[]>();

function headersFor(answer: PreparedAnswer, reads: CachedReads, encoding: string | undefined, body: Buffer) {
  let headers = headersOfForms.get(body);
  if (!headers) {
    // As sendPrepared (prepared-answer.ts) sends it through Fastify.
    headers = [...Object.entries(reads.headers).flat(), 'content-type', 'application/json; charset=utf-8'];
    if (answer.link) headers.push('link', answer.link);
    if (answer.compressible) headers.push('vary', 'accept-encoding');
    if (encoding) headers.push('content-encoding', encoding);
    headers.push('content-length', String(body.length));
    headersOfForms.set(body, headers);
  }
  return headers;
}

/** Answers `request` from the read cache if it holds its answer; false when Fastify must. */
function answeredFromCache(reads: CachedReads, request: IncomingMessage, response: ServerResponse): boolean {
  const startedAt = performance.now();
  const answer = request.method === 'GET' && request.url ? reads.answerFor(request.url) : undefined;
  if (!answer) return false;
  const encoding = answer.compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  const body = encoding ? compressedForm(answer, encoding) : answer.body;
  response.writeHead(200, headersFor(answer, reads, encoding, body));
  response.end(body);
  reads.log(request, performance.now() - startedAt);
  return true;
}

/**
 * The shop's HTTP server, given to Fastify as its `serverFactory`: a GET of the catalogue whose
 * answer the read cache holds is answered here, with the same bytes and headers, and everything
 * else is handed to Fastify. Fastify's routing, hooks, request objects and validation were most of
 * what such a read cost beyond Node's own work (docs/decisions/041-cached-reads-before-fastify.md).
 * `reads` is empty until the app is ready and again once it starts closing.
 */
export function cachedReadServer(reads: () => CachedReads | undefined) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: Record<string, unknown>,
  ): Server => {
    const server = createServer((request, response) => {
      const cached = reads();
      if (!cached || !answeredFromCache(cached, request, response)) handler(request, response);
    });
    // Fastify sets these (its options, defaults filled in) on a server it makes itself, not on
    // one made by a serverFactory.
    const setting = (name: string) => Number(options[name] ?? 0);
    server.keepAliveTimeout = setting('keepAliveTimeout');
    server.requestTimeout = setting('requestTimeout');
    server.setTimeout(setting('connectionTimeout'));
    if (setting('maxRequestsPerSocket') > 0) server.maxRequestsPerSocket = setting('maxRequestsPerSocket');
    return server;
  };
}
