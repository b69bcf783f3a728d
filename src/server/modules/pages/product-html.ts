import type { CatalogueProduct } from '../../../shared/schemas/product.schema.ts';
import { COMPANY_NAME, type ProductSort } from '../../../shared/constants.ts';
import { descriptionPreview, previewNeedsEllipsis } from '../../../shared/rules.ts';
import {
  CARD_PICTURE_SIZES,
  PAGE_PICTURE_SIZES,
  SUMMARY_PICTURE_SIZES,
  imageSrcSet,
} from '../../../shared/media.ts';
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

/** One figure of a product (stock, minimum order) as its card and its page show it. */
const figureHtml = (label: string, value: string) =>
  `<div class="rounded-field bg-base-200 px-3 py-2"><dt class="text-base-content/70">${escapeHtml(label)}</dt><dd class="font-semibold">${escapeHtml(value)}</dd></div>`;

/**
 * The app's Add to cart button (src/web/features/cart/add-to-cart-button.tsx) as it stands
 * before the page's code runs: disabled, with the room for its message, so that nothing moves
 * when the app draws its own.
 */
const addToCartHtml = (words: ReturnType<typeof dictionaryFor>, productName: string) =>
  `<div class="grid w-full gap-1"><button type="button" class="btn btn-outline btn-primary btn-block" disabled aria-label="${escapeHtml(`${words.addToCart}: ${productName}`)}">${escapeHtml(words.addToCart)}</button><p class="min-h-5 text-center text-sm"></p></div>`;

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

/** The product's texts in `locale`: the Bengali ones where an admin gave them, else the English. */
function inLanguage(shown: PageProduct, locale: Locale): PageProduct {
  if (locale !== 'bn') return shown;
  return {
    ...shown,
    name: shown.nameBn || shown.name,
    description: shown.descriptionBn || shown.description,
    categoryName: shown.categoryNameBn || shown.categoryName,
  };
}

/** The page shell of `locale` with a page's head, its meta description (when given) and its main. */
function fillShell(
  template: string,
  locale: Locale,
  { head, description, main }: { head: string; description?: string; main: string },
): string {
  const withHead = template.replace(HTML_LANG, `<html lang="${htmlLang[locale]}"`).replace(TITLE, () => head);
  const withDescription =
    description === undefined
      ? withHead
      : withHead.replace(
          DESCRIPTION,
          () => `<meta name="description" content="${escapeHtml(description)}" />`,
        );
  return withDescription.replace(MAIN, () => main);
}

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
  const product = inLanguage(shown, locale);
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
            <figure class="self-start overflow-hidden rounded-box bg-base-200">
              <img src="${escapeHtml(product.img)}"${srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${PAGE_PICTURE_SIZES}"` : ''} alt="${escapeHtml(product.name)}" width="800" height="600" fetchpriority="high" class="aspect-[4/3] h-auto w-full object-contain" />
            </figure>
            <div class="flex flex-col gap-4">
              <nav aria-label="${escapeHtml(words.breadcrumb)}" class="text-sm text-base-content/70"><a href="${address('/products')}" class="link-hover inline-block py-1">${escapeHtml(words.allProducts)}</a> / <a href="${address('/products')}?category=${encodeURIComponent(product.category)}" class="link-hover inline-block py-1">${escapeHtml(product.categoryName)}</a></nav>
              <h1 id="product-name" class="text-3xl font-bold">${escapeHtml(product.name)}</h1>
              <p class="text-3xl font-bold text-primary">${escapeHtml(formatPrice(dollarsToCents(product.price), locale))}<span class="ml-1 text-base font-medium text-base-content/70">${escapeHtml(words.perUnit)}</span></p>
              <dl class="grid grid-cols-2 gap-2 text-sm sm:max-w-sm">
                ${figureHtml(words.stock, inStock ? formatNumber(product.stock, locale) : words.outOfStock)}
                ${figureHtml(words.minimumOrder, formatNumber(product.minOrder, locale))}
              </dl>
              <p class="leading-relaxed whitespace-pre-line text-base-content/80">${escapeHtml(product.description)}</p>
              <div class="grid gap-3 sm:max-w-sm"><a href="${address(`/placeorder/${product._id}`)}" class="btn btn-primary btn-block">${escapeHtml(words.placeOrder)}</a>${addToCartHtml(words, product.name)}</div>
            </div>
          </article>
        </main>`;
  return fillShell(template, locale, { head, description, main: body });
}

/**
 * /placeorder/{id} (and /bn/placeorder/{id}) as the server sends it: the page's heading and the
 * product as the place-order page's summary card draws it (same classes), so its picture, the
 * page's largest paint, arrives with the HTML instead of after the page's code, the session
 * check and the product request. The app draws the whole page over it, order form included,
 * or sends a visitor who is not signed in to the login page. Not for search engines: the
 * product's own page is the one to index.
 */
export function placeOrderPageHtml(template: string, shown: PageProduct, locale: Locale): string {
  const words = dictionaryFor(locale);
  const { name, description } = inLanguage(shown, locale);
  const srcSet = imageSrcSet(shown.img);
  const figure = (label: string, value: string) =>
    `<dt class="font-semibold">${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
  const head = [
    `<title>${escapeHtml(`${words.placeOrder}: ${name} | ${COMPANY_NAME}`)}</title>`,
    `<meta name="robots" content="noindex" />`,
  ].join('\n    ');
  const body = `<main class="flex-1">
          <section class="mx-auto max-w-6xl px-4 py-8 sm:py-12">
            <h1 class="mb-6 text-3xl font-bold text-primary">${escapeHtml(words.placeOrder)}</h1>
            <div class="grid gap-6 lg:grid-cols-2">
              <div class="grid content-start gap-4">
                <article class="card bg-base-100 shadow-sm" aria-labelledby="order-product-name">
                  <figure class="bg-base-200 p-4"><img src="${escapeHtml(shown.img)}"${srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${SUMMARY_PICTURE_SIZES}"` : ''} alt="${escapeHtml(name)}" width="320" height="240" fetchpriority="high" decoding="async" class="h-56 w-full max-w-sm object-contain" /></figure>
                  <div class="card-body gap-3">
                    <h2 id="order-product-name" class="card-title text-2xl">${escapeHtml(name)}</h2>
                    <dl class="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">${figure(words.pricePerUnit, formatPrice(dollarsToCents(shown.price), locale))}${figure(words.stock, formatNumber(shown.stock, locale))}${figure(words.minimumOrder, formatNumber(shown.minOrder, locale))}</dl>
                    <p class="leading-relaxed text-base-content/80">${escapeHtml(description)}</p>
                  </div>
                </article>
              </div>
            </div>
          </section>
        </main>`;
  return fillShell(template, locale, { head, main: body });
}

/**
 * /products (and /bn/products) as the server sends it: the catalogue's heading and the first
 * page of the newest products as the app's cards draw them (same classes, so the app's own
 * cards take their place without moving anything), with a title, description, canonical
 * address and the other language's address in the head. Like the product page, the app draws
 * over it; a phone sees the products before the page's code has arrived.
 */
export function productsPageHtml(
  template: string,
  products: CatalogueProduct[],
  publicUrl: string,
  locale: Locale,
): string {
  const words = dictionaryFor(locale);
  const address = (path: string, language: Locale = locale) => localizePath(path, language);
  const url = `${publicUrl}${address('/products')}`;
  const head = [
    `<title>${escapeHtml(`${words.catalogueTitle} | ${COMPANY_NAME}`)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...locales.map(
      (language) =>
        `<link rel="alternate" hreflang="${htmlLang[language]}" href="${escapeHtml(`${publicUrl}${address('/products', language)}`)}" />`,
    ),
  ].join('\n    ');
  const cards = products.map((product, index) => {
    const id = escapeHtml(product._id);
    const name = escapeHtml(product.name);
    const order = address(`/placeorder/${product._id}`);
    const srcSet = imageSrcSet(product.img);
    const preview = descriptionPreview(product.description);
    const ellipsis = previewNeedsEllipsis(product.description);
    // The first picture is the largest thing a phone shows first: fetched at once.
    const loading = index === 0 ? 'fetchpriority="high"' : 'loading="lazy"';
    return `<article aria-labelledby="product-${id}" class="card h-full border border-base-300 bg-base-100 shadow-sm [contain-intrinsic-block-size:auto_41rem] [content-visibility:auto]">
              <figure class="aspect-[4/3] bg-base-200"><img src="${escapeHtml(product.img)}"${srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${CARD_PICTURE_SIZES}"` : ''} alt="${name}" width="400" height="300" ${loading} decoding="async" class="h-full w-full object-cover" /></figure>
              <div class="card-body gap-3 p-5 *:grow-0">
                <h3 id="product-${id}" class="card-title text-lg leading-snug"><a href="${address(`/product/${product._id}`)}" class="link-hover">${name}</a></h3>
                <p class="text-2xl font-bold text-primary">${escapeHtml(formatPrice(dollarsToCents(product.price), locale))}<span class="ml-1 text-sm font-medium text-base-content/70">${escapeHtml(words.perUnit)}</span></p>
                <dl class="grid grid-cols-2 gap-2 text-sm">${figureHtml(words.stock, formatNumber(product.stock, locale))}${figureHtml(words.minimumOrder, formatNumber(product.minOrder, locale))}</dl>
                <p class="text-sm leading-relaxed text-base-content/80">${escapeHtml(preview)}${ellipsis ? '…' : ''} <a href="${order}" class="link link-primary font-semibold whitespace-nowrap">${escapeHtml(words.seeMore)}<span class="sr-only">${escapeHtml(words.aboutProduct(product.name))}</span></a></p>
                <div class="card-actions mt-auto pt-1"><a href="${order}" class="btn btn-primary btn-block">${escapeHtml(words.placeOrder)}<span class="sr-only">: ${name}</span></a>${addToCartHtml(words, product.name)}</div>
              </div>
            </article>`;
  });
  // The app's search form, as a plain GET form: it works before (or without) the page's code,
  // and takes the same room as the app's, so the cards do not move when the app draws.
  const label = (id: string, text: string) =>
    `<label for="products-${id}" class="mb-1 block text-sm font-medium">${escapeHtml(text)}</label>`;
  // Relevance needs a search text, which the plain catalogue has not.
  const sortLabels: Record<Exclude<ProductSort, 'relevance'>, string> = {
    newest: words.sortNewest,
    'price-asc': words.sortPriceAsc,
    'price-desc': words.sortPriceDesc,
    rating: words.sortRating,
  };
  const priceBox = (name: 'minPrice' | 'maxPrice', text: string) =>
    `<div class="lg:col-span-2">${label(name, text)}<input id="products-${name}" name="${name}" type="number" min="0" step="0.01" inputmode="decimal" class="input w-full" /></div>`;
  const searchForm = `<form role="search" action="${address('/products')}" method="get" class="mt-6 grid grid-cols-2 gap-x-3 gap-y-4 rounded-box bg-base-200 p-4 lg:grid-cols-12 lg:gap-x-4">
              <div class="col-span-2 flex gap-2 lg:col-span-12"><label for="products-q" class="sr-only">${escapeHtml(words.searchLabel)}</label><input id="products-q" name="q" type="search" maxlength="200" placeholder="${escapeHtml(words.searchPlaceholder)}" class="input input-bordered w-full" /><button type="submit" class="btn btn-primary">${escapeHtml(words.searchButton)}</button></div>
              <div class="lg:col-span-3">${label('category', words.categoryLabel)}<select id="products-category" name="category" class="select w-full"><option value="">${escapeHtml(words.allCategories)}</option></select></div>
              <div class="lg:col-span-3">${label('sort', words.sortLabel)}<select id="products-sort" name="sort" class="select w-full">${Object.entries(
                sortLabels,
              )
                .map(([value, text]) => `<option value="${value}">${escapeHtml(text)}</option>`)
                .join('')}</select></div>
              ${priceBox('minPrice', words.minPriceLabel)}
              ${priceBox('maxPrice', words.maxPriceLabel)}
              <label class="col-span-2 flex min-h-11 cursor-pointer items-center gap-2 self-end lg:col-span-2 lg:pb-2"><input type="checkbox" name="inStock" value="true" class="size-5 accent-primary" /><span>${escapeHtml(words.inStockOnly)}</span></label>
            </form>`;
  const body = `<main class="flex-1">
          <div class="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
            <h1 class="text-3xl font-bold">${escapeHtml(words.catalogueTitle)}</h1>
            <p class="mt-2 text-base-content/70">${escapeHtml(words.catalogueIntro)}</p>
            ${searchForm}
            <div class="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-list">
            ${cards.join('\n            ')}
            </div>
          </div>
        </main>`;
  return fillShell(template, locale, { head, description: words.catalogueIntro, main: body });
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
