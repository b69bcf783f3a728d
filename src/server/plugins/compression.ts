import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Answers smaller than this gain less from compression than the work costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Compresses answers of 1 KiB or more with Brotli or gzip, whichever the client prefers of
 * those it accepts. Answers that come already compressed (the catalogue's prepared answers,
 * lib/prepared-answer.ts) are left as they are.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
});
