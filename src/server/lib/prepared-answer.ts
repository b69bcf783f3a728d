import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_FROM_BYTES } from '../plugins/compression.ts';
import { answerGrew, type CachedAnswer } from './read-cache.ts';

/**
 * An answer (JSON, or a server-drawn page) made ready to send many times: its UTF-8 bytes and,
 * when it is big enough to be worth it, its Brotli and gzip forms, each made when a client asks
 * for it (quickly for the first, at full strength for the second) and kept with the answer
 * (docs/decisions/015 and 042). Sending it again then costs no serialization, no encoding and no
 * compression, and no form is made that no client asked for: browsers on https take Brotli, on
 * plain http gzip, and most programs neither.
 */
export interface PreparedAnswer extends CachedAnswer {
  body: Buffer;
  /** At least COMPRESS_FROM_BYTES long: sent compressed to a client that accepts it. */
  compressible?: boolean;
  br?: Buffer;
  gzip?: Buffer;
  /** Forms made quickly for their first client, made again at full strength for the next. */
  quick?: Partial<Record<Encoding, true>>;
}

type Encoding = 'br' | 'gzip';

export function prepareAnswer(text: string, link?: string): PreparedAnswer {
  const body = Buffer.from(text);
  return { body, compressible: body.length >= COMPRESS_FROM_BYTES, ...(link ? { link } : {}) };
}

/**
 * The levels each form is made at: quick for the first client, full once a second asks
 * (docs/decisions/042-answers-compressed-twice.md). Full-strength compression works through
 * tables of up to a megabyte that other work has pushed out of the processor's caches by the
 * time the next answer is made: in the server a product page took longer to compress at Brotli
 * 5 than everything else its request cost. Most answers made on a miss (a search, a product page)
 * are sent once; those asked again are sent many times, and get the smaller form.
 */
const LEVELS: Record<Encoding, { quick: number; full: number }> = {
  br: { quick: 1, full: 5 },
  gzip: { quick: 1, full: 6 },
};

function compress(body: Buffer, encoding: Encoding, level: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level });
}

/**
 * The answer's body in `encoding`: made quickly on the first call, made again at full strength
 * on the second, then kept; the cache that holds the answer counts each change.
 */
export function compressedForm(answer: PreparedAnswer, encoding: Encoding): Buffer {
  const kept = answer[encoding];
  if (kept && !answer.quick?.[encoding]) return kept;
  const form = compress(answer.body, encoding, kept ? LEVELS[encoding].full : LEVELS[encoding].quick);
  answer[encoding] = form;
  if (kept) delete answer.quick![encoding];
  else answer.quick = { ...answer.quick, [encoding]: true };
  answerGrew(answer, form.length - (kept?.length ?? 0));
  return form;
}

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

/** Sends a prepared answer, compressed the way the client prefers. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  type = 'application/json; charset=utf-8',
) {
  reply.type(type);
  if (answer.link) reply.header('link', answer.link);
  if (!answer.compressible) return reply.send(answer.body);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  // Marked as encoded, so the compression plugin leaves it as it is.
  return reply.header('content-encoding', encoding).send(compressedForm(answer, encoding));
}
