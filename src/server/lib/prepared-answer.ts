import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_FROM_BYTES } from '../plugins/compression.ts';
import type { CachedAnswer } from './read-cache.ts';

/**
 * A JSON answer made ready to send many times: its UTF-8 bytes and, when it is big enough to
 * be worth it, its Brotli and gzip forms, each made once (docs/decisions/015). Sending it then
 * costs no serialization, no encoding and no compression.
 */
export interface PreparedAnswer extends CachedAnswer {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export function prepareJson(json: string, link?: string): PreparedAnswer {
  const body = Buffer.from(json);
  const answer: PreparedAnswer = { body, ...(link ? { link } : {}) };
  if (body.length >= COMPRESS_FROM_BYTES) {
    answer.br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    answer.gzip = gzipSync(body, { level: 6 });
  }
  return answer;
}

type Encoding = 'br' | 'gzip';
let lastHeader: string | undefined;
let lastChoice: Encoding | undefined;

/**
 * Which of br and gzip the client takes, by Accept-Encoding's quality values (br when both
 * are equal); none when it accepts neither. Browsers send the same header on every request,
 * so the last answer is remembered.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (header === lastHeader) return lastChoice;
  const quality: Partial<Record<Encoding | '*', number>> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (name !== 'br' && name !== 'gzip' && name !== '*') continue;
    const q = params.map((param) => /^q=([01](?:\.\d{0,3})?)$/.exec(param)?.[1]).find(Boolean);
    quality[name] = q === undefined ? 1 : Number(q);
  }
  const br = quality.br ?? quality['*'] ?? 0;
  const gzip = quality.gzip ?? quality['*'] ?? 0;
  const choice = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : undefined;
  lastHeader = header;
  lastChoice = choice;
  return choice;
}

/** Sends a prepared JSON answer, compressed the way the client prefers when it has that form. */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  reply.type('application/json; charset=utf-8');
  if (answer.link) reply.header('link', answer.link);
  if (!answer.br && !answer.gzip) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding && answer[encoding];
  if (!compressed) return reply.send(answer.body);
  // Marked as encoded, so the compression plugin leaves it as it is.
  return reply.header('content-encoding', encoding).send(compressed);
}
