import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { projectRoot } from '../../lib/project-root.ts';
import { sendPrepared, type PreparedAnswer } from '../../lib/prepared-answer.ts';
import { idSchema } from '../../../shared/schemas/common.schema.ts';
import { localizePath, locales, type Locale } from '../../../shared/i18n/locale.ts';
import * as catalogue from '../products/products.service.ts';
import { bengaliAddress } from '../../plugins/spa.ts';
import {
  checkTemplate,
  placeOrderPageHtml,
  productPageHtml,
  productsPageHtml,
  robotsTxt,
  sitemapIndexXml,
  sitemapXml,
  type PageProduct,
} from './product-html.ts';

// Pages for search engines and link previews (docs/decisions/021-server-drawn-product-pages.md):
// /product/{id} (and /bn/product/{id}) as real HTML, /products (and /bn/products) with the
// first page of the catalogue, /sitemap.xml listing every product page, /robots.txt naming it.

/** The public pages a sitemap lists besides the products. */
const PUBLIC_PAGES = ['/', '/products', '/blogs', '/myportfolio'];

const HTML = 'text/html; charset=utf-8';

/** What every page answer carries: checked again on each visit; the `lang` cookie may redirect it. */
const asPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').header('vary', 'Cookie');

const html = (reply: FastifyReply, status: number, body: string | Buffer) =>
  asPage(reply).status(status).type(HTML).send(body);

/** A drawn page kept in the catalogue's cache, with its compressed forms (lib/prepared-answer.ts). */
const preparedHtml = (request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) =>
  sendPrepared(request, asPage(reply).status(200), answer, HTML);

/** A reader who chose Bengali goes to the page's Bengali address, as from every other page. */
const redirectTo = (reply: FastifyReply, address: string) => asPage(reply).redirect(address, 302);

/**
 * The page shell of each language: the built index.html and the build's Bengali shell (which
 * brings the Bengali font, docs/decisions/023); without a build (API tests, `npm run dev`) the
 * source index.html for both, whose script only the Vite dev server serves, which is all those
 * need.
 */
function readTemplates(root: string): Record<Locale, string> {
  const built = join(root, 'index.html');
  const english = readFileSync(existsSync(built) ? built : join(projectRoot(), 'src/web/index.html'), 'utf8');
  const bengaliShell = join(root, 'prerendered/bn-shell.html');
  const templates = {
    en: english,
    bn: existsSync(bengaliShell) ? readFileSync(bengaliShell, 'utf8') : english,
  };
  Object.values(templates).forEach(checkTemplate);
  return templates;
}

export async function pagesRoutes(app: FastifyInstance, options: { root: string }) {
  const templates = readTemplates(options.root);
  const base = app.publicUrl;

  /** A page about one product, drawn by `draw`; an unknown id gets the app's not-found page. */
  const productPage = (
    path: string,
    page: 'product' | 'placeorder',
    draw: (template: string, product: PageProduct, locale: Locale) => string,
  ) => {
    for (const locale of locales)
      app.get(localizePath(path, locale), async (request, reply) => {
        const bengali = bengaliAddress(request);
        if (bengali) return redirectTo(reply, bengali);
        const { id } = request.params as { id: string };
        // Not a product: the app's not-found page, with the status search engines need.
        if (!idSchema.safeParse(id).success) return html(reply, 404, templates[locale]);
        try {
          const answer = await catalogue.productHtmlAnswer(app.catalogue, page, id, locale, (product) =>
            draw(templates[locale], product, locale),
          );
          return preparedHtml(request, reply, answer);
        } catch (error) {
          if ((error as { code?: string }).code === 'NOT_FOUND') return html(reply, 404, templates[locale]);
          throw error;
        }
      });
  };
  productPage('/product/:id', 'product', (template, product, locale) =>
    productPageHtml(template, product, base, locale),
  );
  // Signed in or not: a visitor is sent on to the login page by the app.
  productPage('/placeorder/:id', 'placeorder', placeOrderPageHtml);

  for (const locale of locales)
    app.get(localizePath('/products', locale), async (request, reply) => {
      const bengali = bengaliAddress(request);
      if (bengali) return redirectTo(reply, bengali);
      // A search or filter in the address is the app's to draw; the plain catalogue is drawn here.
      if (request.url.includes('?')) return html(reply, 200, templates[locale]);
      const answer = await catalogue.productsHtmlAnswer(app.catalogue, locale, (products) =>
        productsPageHtml(templates[locale], products, base, locale),
      );
      return preparedHtml(request, reply, answer);
    });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(base)),
  );

  // One sitemap while the products fit one file; past that an index of numbered files.
  app.get('/sitemap.xml', async (_request, reply) => {
    const files = await catalogue.sitemapFileCount(app.catalogue);
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    if (files === 1) {
      const ids = await catalogue.sitemapProductIds(app.catalogue, 0);
      return reply.send(
        sitemapXml([
          ...PUBLIC_PAGES.map((path) => `${base}${path}`),
          ...ids.map((id) => `${base}/product/${id}`),
        ]),
      );
    }
    return reply.send(
      sitemapIndexXml([
        `${base}/sitemap-pages.xml`,
        ...Array.from({ length: files }, (_, i) => `${base}/sitemap-products-${i + 1}.xml`),
      ]),
    );
  });
  app.get('/sitemap-pages.xml', async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(PUBLIC_PAGES.map((path) => `${base}${path}`))),
  );
  app.get('/sitemap-products-:n.xml', async (request, reply) => {
    const n = Number((request.params as { n: string }).n);
    const files = await catalogue.sitemapFileCount(app.catalogue);
    if (!Number.isInteger(n) || n < 1 || n > files)
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const ids = await catalogue.sitemapProductIds(app.catalogue, n - 1);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(ids.map((id) => `${base}/product/${id}`)));
  });
}
