import type { CatalogueProduct } from '../../../shared/schemas/product.schema.ts';
import { COMPANY_NAME } from '../../../shared/constants.ts';
import { imageSrcSet } from '../../../shared/media.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { formatNumber, formatPrice } from '../../../shared/i18n/format.ts';
import { htmlLang, localizePath, locales, type Locale } from '../../../shared/i18n/locale.ts';
import { dictionaryFor } from '../../lib/locale.ts';
import type { BengaliTexts } from '../products/products.repository.ts';

// The HTML of /product/{id} as the server sends it (docs/decisions/021-server-drawn-product-pages.md):
// the built index.html with the product's <title>, description, canonical address, Open Graph
// tags and JSON-LD Product in the head, and the product itself in the page where the spinner
// would be. The app then draws the same page over it (it is not hydrated: nothing here has to
// match React's output to the byte). /bn/product/{id} is the same page in Bengali: the Bengali
// name and details where an admin gave them (else the English ones), the Bengali words and
// digits, and links between the two languages (hreflang).

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON for a <script> data block: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const DESCRIPTION_LENGTH = 155;

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 80))}…`;
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const HTML_LANG = /<html lang="[^"]*"/;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/>/;
const MAIN = /<main class="flex-1">[\s\S]*?<\/main>/;

/** Checks at start that index.html still has the parts this file replaces. */
export function checkTemplate(template: string): void {
  for (const [name, pattern] of [
    ['<title>', TITLE],
    ['<meta name="description">', DESCRIPTION],
    ['<main class="flex-1">', MAIN],
    ['<html lang>', HTML_LANG],
  ] as const)
    if (!pattern.test(template)) throw new Error(`index.html: ${name} not found for the product page`);
}

/** What the product page shows: the catalogue's product with both languages' texts. */
export type PageProduct = CatalogueProduct &
  BengaliTexts & { categoryName: string; categoryNameBn: string | null };

/**
 * The product page in `locale`. `template` is the page shell of that language (for Bengali the
 * build's Bengali shell, which brings the Bengali font; its <html lang> is set here either way).
 */
export function productPageHtml(
  template: string,
  shown: PageProduct,
  publicUrl: string,
  locale: Locale,
): string {
  const words = dictionaryFor(locale);
  const bengali = locale === 'bn';
  const product = {
    ...shown,
    name: (bengali && shown.nameBn) || shown.name,
    description: (bengali && shown.descriptionBn) || shown.description,
    categoryName: (bengali && shown.categoryNameBn) || shown.categoryName,
  };
  const address = (path: string, language: Locale = locale) => localizePath(path, language);
  const url = `${publicUrl}${address(`/product/${product._id}`)}`;
  const image = product.img.startsWith('/') ? `${publicUrl}${product.img}` : product.img;
  const srcSet = imageSrcSet(product.img);
  const description = summary(product.description);
  const title = `${product.name} | ${COMPANY_NAME}`;
  const price = product.price.toFixed(2);
  const inStock = product.stock > 0;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: [image],
    sku: product._id,
    category: product.categoryName,
    brand: { '@type': 'Brand', name: COMPANY_NAME },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.minOrder },
    },
  };
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...locales.map(
      (language) =>
        `<link rel="alternate" hreflang="${htmlLang[language]}" href="${escapeHtml(`${publicUrl}${address(`/product/${product._id}`, language)}`)}" />`,
    ),
    `<meta property="og:locale" content="${bengali ? 'bn_BD' : 'en_US'}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="${COMPANY_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(product.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="product:price:amount" content="${price}" />`,
    `<meta property="product:price:currency" content="USD" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join('\n    ');
  const body = `<main class="flex-1">
          <article class="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-2 lg:py-12" aria-labelledby="product-name">
            <figure class="overflow-hidden rounded-box bg-base-200">
              <img src="${escapeHtml(product.img)}"${srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="(min-width: 768px) 560px, 100vw"` : ''} alt="${escapeHtml(product.name)}" width="800" height="600" fetchpriority="high" class="aspect-[4/3] h-auto w-full object-contain" />
            </figure>
            <div class="flex flex-col gap-4">
              <nav aria-label="Breadcrumb" class="text-sm text-base-content/70"><a href="${address('/products')}" class="link-hover">${escapeHtml(words.allProducts)}</a> / <a href="${address('/products')}?category=${encodeURIComponent(product.category)}" class="link-hover">${escapeHtml(product.categoryName)}</a></nav>
              <h1 id="product-name" class="text-3xl font-bold">${escapeHtml(product.name)}</h1>
              <p class="text-3xl font-bold text-primary">${escapeHtml(formatPrice(dollarsToCents(product.price), locale))}<span class="ml-1 text-base font-medium text-base-content/70">${escapeHtml(words.perUnit)}</span></p>
              <dl class="grid grid-cols-2 gap-2 text-sm sm:max-w-sm">
                <div class="rounded-field bg-base-200 px-3 py-2"><dt class="text-base-content/70">${escapeHtml(words.stock)}</dt><dd class="font-semibold">${escapeHtml(inStock ? formatNumber(product.stock, locale) : words.outOfStock)}</dd></div>
                <div class="rounded-field bg-base-200 px-3 py-2"><dt class="text-base-content/70">${escapeHtml(words.minimumOrder)}</dt><dd class="font-semibold">${escapeHtml(formatNumber(product.minOrder, locale))}</dd></div>
              </dl>
              <p class="leading-relaxed whitespace-pre-line text-base-content/80">${escapeHtml(product.description)}</p>
              <div><a href="${address(`/placeorder/${product._id}`)}" class="btn btn-primary btn-wide">${escapeHtml(words.placeOrder)}</a></div>
            </div>
          </article>
        </main>`;
  return template
    .replace(HTML_LANG, `<html lang="${htmlLang[locale]}"`)
    .replace(TITLE, () => head)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace(MAIN, () => body);
}

/** sitemap.xml: a sitemap of `urls`, or an index of sitemaps. */
export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function sitemapIndexXml(urls: string[]): string {
  const entries = urls.map((url) => `  <sitemap><loc>${escapeHtml(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
