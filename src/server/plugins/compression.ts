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
  // A GET or HEAD carries no body to decompress: no decompression hook on every read.
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    if (reads && route.decompress === undefined) route.decompress = false;
  });
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
});

/**
 * Route options for answers sent by `sendPrepared` (lib/prepared-answer.ts), which come
 * compressed already: the plugin's hooks stay out of those routes.
 */
export const ALREADY_COMPRESSED = { compress: false } as const;
