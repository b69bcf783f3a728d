import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MEDIA_CACHE_CONTROL, mediaFolder } from './storage.ts';

/**
 * Serves the pictures stored under DATA_DIR/media at /media/… (local storage only; S3 serves its
 * own). The names hold a content hash, so a stored file never changes: cached for a year.
 */
export const mediaRoutes = fp(async (app: FastifyInstance, options: { dataDir: string }) => {
  const root = mediaFolder(options.dataDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    wildcard: true,
    etag: true,
    lastModified: false,
    cacheControl: false,
    setHeaders(res) {
      res.header('cache-control', MEDIA_CACHE_CONTROL);
    },
  });
});
