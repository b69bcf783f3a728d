import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors.ts';

/**
 * Serves the built SPA from dist/web with history fallback (design.md "One process").
 * Unknown /api paths get the JSON 404; a missing asset (*.js, *.css, ...) gets a 404,
 * never index.html, or a stale tab would get a MIME error and a blank page (stack-notes.md).
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasBuild = existsSync(join(options.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: true,
      // '/' is the SPA's own page.
      index: ['index.html'],
      setHeaders(res, path) {
        // Vite fingerprints everything under /assets; the rest must be revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api') &&
      !/\.[a-z0-9]{1,8}$/i.test(path);
    if (!wantsPage || !hasBuild) {
      return reply.status(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${path} not found`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
