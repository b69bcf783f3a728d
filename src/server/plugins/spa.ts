import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors.ts';
import { LOCALE_COOKIE, localeOfPath, localizePath, stripLocale } from '../../shared/i18n/locale.ts';
import { isAppPage } from '../../shared/paths.ts';

/**
 * The public pages the build drew in advance (src/web/prerender.tsx): path -> file under the
 * build's root, from prerendered/manifest.json. None without a build or with an older one.
 */
function readPrerendered(root: string): Map<string, string> {
  const manifestFile = join(root, 'prerendered', 'manifest.json');
  if (!existsSync(manifestFile)) return new Map();
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  return new Map(
    Object.entries(manifest).filter(
      (entry): entry is [string, string] =>
        entry[0].startsWith('/') &&
        typeof entry[1] === 'string' &&
        /^prerendered\/[\w-]+\.html$/.test(entry[1]),
    ),
  );
}

/**
 * Serves the built SPA from dist/web with history fallback (docs/decisions/009-prerendered-public-pages.md).
 * A prerendered public page gets its own HTML (docs/decisions/009); every other page gets
 * index.html, whose spinner the app replaces. Unknown /api paths get the JSON 404; a missing
 * asset (*.js, *.css, ...) gets a 404, never index.html, or a stale tab would get a MIME
 * error and a blank page.
 */
/** A page of the SPA: always revalidated, as it names the current build's assets. */
const sendPage = (reply: FastifyReply, file: string) =>
  reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(file);

/** The manifest's key for the Bengali spinner shell (index.html with lang="bn"), for /bn/… pages not drawn in advance. */
export const BENGALI_SHELL_KEY = '/bn/*';

/**
 * Where an English page sends a reader who chose Bengali (the `lang` cookie the language switch
 * and every page set, docs/decisions/023): the same page under /bn/. Not when they come from a
 * Bengali page (they just followed the switch to English, perhaps before its script ran).
 */
export function bengaliAddress(request: FastifyRequest): string | null {
  const [path = '/', query] = request.url.split('?');
  if (localeOfPath(path) === 'bn') return null;
  const cookie = request.headers.cookie ?? '';
  if (!new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=bn(?:;|$)`).test(cookie)) return null;
  const referer = request.headers.referer;
  if (referer) {
    try {
      const from = new URL(referer);
      if (from.host === request.headers.host && localeOfPath(from.pathname) === 'bn') return null;
    } catch {
      // not a URL: ignore it
    }
  }
  return `${localizePath(path, 'bn')}${query === undefined ? '' : `?${query}`}`;
}

/** Sends a page, or the reader who chose Bengali to its Bengali address. */
function answerPage(request: FastifyRequest, reply: FastifyReply, file: string) {
  const bengali = bengaliAddress(request);
  if (bengali)
    return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').redirect(bengali, 302);
  return sendPage(reply, file);
}

export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const hasBuild = existsSync(join(options.root, 'index.html'));
  const pages = hasBuild ? readPrerendered(options.root) : new Map<string, string>();
  if (hasBuild) {
    // '/' is the SPA's own page, not a directory for the static files below to list.
    if (!pages.has('/')) pages.set('/', 'index.html');
    // The router writes the Bengali start page as /bn (its basename), the build as /bn/.
    const bengaliHome = pages.get('/bn/');
    if (bengaliHome && !pages.has('/bn')) pages.set('/bn', bengaliHome);
    for (const [path, file] of pages) {
      if (path !== BENGALI_SHELL_KEY) app.get(path, (request, reply) => answerPage(request, reply, file));
    }
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: true,
      index: false,
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
    const bengaliShell = localeOfPath(path) === 'bn' ? pages.get(BENGALI_SHELL_KEY) : undefined;
    // An address the app has no page for still gets the app, which shows its not-found page,
    // but with a 404, so a search engine drops it instead of keeping an empty page.
    if (!isAppPage(stripLocale(path))) reply.status(404);
    return answerPage(request, reply, bengaliShell ?? 'index.html');
  });
});
