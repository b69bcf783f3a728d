import type { CatalogueProduct } from '../../../shared/schemas/product.schema.ts';
import { COMPANY_NAME } from '../../../shared/constants.ts';
import { imageSrcSet } from '../../../shared/media.ts';

// The HTML of /product/{id} as the server sends it (docs/decisions/021-server-drawn-product-pages.md):
// the built index.html with the product's <title>, description, canonical address, Open Graph
// tags and JSON-LD Product in the head, and the product itself in the page where the spinner
// would be. The app then draws the same page over it (it is not hydrated: nothing here has to
// match React's output to the byte).

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
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/>/;
const MAIN = /<main class="flex-1">[\s\S]*?<\/main>/;

/** Checks at start that index.html still has the parts this file replaces. */
export function checkTemplate(template: string): void {
  for (const [name, pattern] of [
    ['<title>', TITLE],
    ['<meta name="description">', DESCRIPTION],
    ['<main class="flex-1">', MAIN],
  ] as const)
    if (!pattern.test(template)) throw new Error(`index.html: ${name} not found for the product page`);
}

export function productPageHtml(
  template: string,
  product: CatalogueProduct & { categoryName: string },
  publicUrl: string,
): string {
  const url = `${publicUrl}/product/${product._id}`;
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
              <nav aria-label="Breadcrumb" class="text-sm text-base-content/70"><a href="/products" class="link-hover">All products</a> / <a href="/products?category=${encodeURIComponent(product.category)}" class="link-hover">${escapeHtml(product.categoryName)}</a></nav>
              <h1 id="product-name" class="text-3xl font-bold">${escapeHtml(product.name)}</h1>
              <p class="text-3xl font-bold text-primary">$${price}<span class="ml-1 text-base font-medium text-base-content/70">per unit</span></p>
              <dl class="grid grid-cols-2 gap-2 text-sm sm:max-w-sm">
                <div class="rounded-field bg-base-200 px-3 py-2"><dt class="text-base-content/70">Stock</dt><dd class="font-semibold">${inStock ? product.stock.toLocaleString('en-US') : 'Out of Stock'}</dd></div>
                <div class="rounded-field bg-base-200 px-3 py-2"><dt class="text-base-content/70">Minimum order</dt><dd class="font-semibold">${product.minOrder.toLocaleString('en-US')}</dd></div>
              </dl>
              <p class="leading-relaxed whitespace-pre-line text-base-content/80">${escapeHtml(product.description)}</p>
              <div><a href="/placeorder/${product._id}" class="btn btn-primary btn-wide">Place Order</a></div>
            </div>
          </article>
        </main>`;
  return template
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
