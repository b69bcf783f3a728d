import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * Compresses answers of 1 KiB or more with Brotli or gzip, whichever the client prefers of
 * those it accepts. Smaller answers gain less than the work costs.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
});
