import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema.ts';
import { createCategory, createProduct, emptyCatalogue } from '../../../../tests/factories/products.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';

const t = useApiTest();

beforeEach(() => emptyCatalogue(t.app));

const jsonLdOf = (html: string) => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
};

describe('GET /product/{id}', () => {
  it('sends real HTML with the product, its title, description, Open Graph tags and JSON-LD', async () => {
    const category = await createCategory(t.app, `Spraying ${Date.now()}`);
    const product = await createProduct(t.app, {
      name: '16 L Knapsack Sprayer',
      priceCents: 4599,
      stock: 12,
      minOrder: 2,
      categoryId: category.id,
      img: '/images/products/knapsack-sprayer.svg',
      description: 'Brass lance & adjustable nozzle, for <paddy> fields.',
    });
    const response = await t.app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>16 L Knapsack Sprayer | AgriTools</title>');
    expect(html).toContain(
      '<meta name="description" content="Brass lance &amp; adjustable nozzle, for &lt;paddy&gt; fields." />',
    );
    expect(html).toContain('<meta property="og:title" content="16 L Knapsack Sprayer" />');
    expect(html).toContain(
      `<meta property="og:image" content="${t.app.publicUrl}/images/products/knapsack-sprayer.svg" />`,
    );
    expect(html).toContain(`<link rel="canonical" href="${t.app.publicUrl}/product/${product.id}" />`);
    expect(html).toContain('<h1 id="product-name" class="text-3xl font-bold">16 L Knapsack Sprayer</h1>');
    expect(html).toContain('$45.99');
    expect(html).not.toContain('<paddy>');
    // Place Order, and Add to cart as the app draws it before its code runs (disabled).
    expect(html).toContain(
      `<a href="/placeorder/${product.id}" class="btn btn-primary btn-block">Place Order</a>`,
    );
    expect(html).toMatch(
      /<button type="button" class="[^"]*" disabled aria-label="Add to cart: 16 L Knapsack Sprayer">/,
    );
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Product',
      name: '16 L Knapsack Sprayer',
      sku: product.id,
      category: category.name,
      offers: {
        '@type': 'Offer',
        price: '45.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('marks a product without stock as out of stock, and a name cannot break out of the script', async () => {
    const product = await createProduct(t.app, { name: 'Hoe </script><script>alert(1)</script>', stock: 0 });
    const html = (await t.app.inject({ method: 'GET', url: `/product/${product.id}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(jsonLdOf(html)).toMatchObject({
      name: 'Hoe </script><script>alert(1)</script>',
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('answers 404 with the app for an unknown or malformed id', async () => {
    for (const id of ['0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d', 'not-an-id']) {
      const response = await t.app.inject({ method: 'GET', url: `/product/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('application/ld+json');
    }
  });
});

describe('GET /bn/product/{id}', () => {
  it('sends the page in Bengali: the Bengali name and details, words and digits, and links between the languages', async () => {
    const category = await createCategory(t.app, `Spraying ${Date.now()}`);
    await t.app.db.update(categories).set({ nameBn: 'স্প্রে' }).where(eq(categories.id, category.id));
    const product = await createProduct(t.app, {
      priceCents: 123450,
      stock: 1250,
      minOrder: 3,
      categoryId: category.id,
    });
    await t.app.db
      .update(products)
      .set({ nameBn: '১৬ লিটার ন্যাপস্যাক স্প্রেয়ার', descriptionBn: 'পিতলের নল ও নজল, <ধান> ক্ষেতের জন্য।' })
      .where(eq(products.id, product.id));
    t.app.catalogue.cache.invalidate();

    const response = await t.app.inject({ method: 'GET', url: `/bn/product/${product.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<html lang="bn"/);
    expect(html).toContain('<title>১৬ লিটার ন্যাপস্যাক স্প্রেয়ার | AgriTools</title>');
    expect(html).toContain('<h1 id="product-name" class="text-3xl font-bold">১৬ লিটার ন্যাপস্যাক স্প্রেয়ার</h1>');
    expect(html).toContain('পিতলের নল ও নজল, &lt;ধান&gt; ক্ষেতের জন্য।');
    expect(html).toContain('$১,২৩৪.৫০');
    expect(html).toContain('১,২৫০');
    expect(html).toContain('স্প্রে</a>');
    expect(html).toContain('<nav aria-label="পথনির্দেশ"');
    expect(html).toContain(`href="/bn/placeorder/${product.id}"`);
    expect(html).toContain(`<link rel="canonical" href="${t.app.publicUrl}/bn/product/${product.id}" />`);
    expect(html).toContain(`hreflang="en" href="${t.app.publicUrl}/product/${product.id}"`);
    expect(html).toContain(`hreflang="bn" href="${t.app.publicUrl}/bn/product/${product.id}"`);
    expect(jsonLdOf(html)).toMatchObject({ name: '১৬ লিটার ন্যাপস্যাক স্প্রেয়ার', offers: { price: '1234.50' } });

    // The English page stays English and names its Bengali twin.
    const english = (await t.app.inject({ method: 'GET', url: `/product/${product.id}` })).body;
    expect(english).toMatch(/<html lang="en"/);
    expect(english).not.toContain('ন্যাপস্যাক');
    expect(english).toContain(`hreflang="bn" href="${t.app.publicUrl}/bn/product/${product.id}"`);
  });

  it('shows the English name where no Bengali one was given, and says out of stock in Bengali', async () => {
    const product = await createProduct(t.app, { name: 'Forged Garden Hoe', stock: 0 });
    const html = (await t.app.inject({ method: 'GET', url: `/bn/product/${product.id}` })).body;
    expect(html).toContain('<h1 id="product-name" class="text-3xl font-bold">Forged Garden Hoe</h1>');
    expect(html).toContain('স্টকে নেই');
    expect(html).not.toContain('Out of Stock');
  });

  it('answers 404 with the Bengali app for an unknown or malformed id', async () => {
    for (const id of ['0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d', 'not-an-id']) {
      const response = await t.app.inject({ method: 'GET', url: `/bn/product/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.body).not.toContain('application/ld+json');
    }
  });
});

describe('GET /placeorder/{id}', () => {
  it("sends the product as the place-order page's summary draws it, kept out of search engines", async () => {
    const product = await createProduct(t.app, {
      name: 'Sprayer <16 L>',
      priceCents: 4599,
      stock: 1200,
      minOrder: 2,
      img: '/images/products/knapsack-sprayer.svg',
      description: 'Brass lance & adjustable nozzle.',
    });
    const response = await t.app.inject({ method: 'GET', url: `/placeorder/${product.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Place Order: Sprayer &lt;16 L&gt; | AgriTools</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('<h1 class="mb-6 text-3xl font-bold text-primary">Place Order</h1>');
    expect(html).toContain(
      '<h2 id="order-product-name" class="card-title text-2xl">Sprayer &lt;16 L&gt;</h2>',
    );
    expect(html).toContain('src="/images/products/knapsack-sprayer.svg"');
    expect(html).toContain('<dt class="font-semibold">Price per unit</dt><dd>$45.99</dd>');
    expect(html).toContain('<dt class="font-semibold">Stock</dt><dd>1,200</dd>');
    expect(html).toContain('<dt class="font-semibold">Minimum order</dt><dd>2</dd>');
    expect(html).toContain('Brass lance &amp; adjustable nozzle.');
    expect(html).not.toContain('<16 L>');
    expect(html).not.toContain('application/ld+json');

    // The page follows the product: a restock shows at once.
    await t.app.db.update(products).set({ stock: 7 }).where(eq(products.id, product.id));
    t.app.catalogue.cache.invalidate();
    const restocked = (await t.app.inject({ method: 'GET', url: `/placeorder/${product.id}` })).body;
    expect(restocked).toContain('<dt class="font-semibold">Stock</dt><dd>7</dd>');
  });

  it('sends the Bengali page under /bn/, and a reader who chose Bengali there', async () => {
    const product = await createProduct(t.app, {
      name: 'Forged Garden Hoe',
      priceCents: 123450,
      stock: 1250,
    });
    await t.app.db.update(products).set({ nameBn: 'কোদাল' }).where(eq(products.id, product.id));
    t.app.catalogue.cache.invalidate();
    const html = (await t.app.inject({ method: 'GET', url: `/bn/placeorder/${product.id}` })).body;
    expect(html).toMatch(/<html lang="bn"/);
    expect(html).toContain('<h2 id="order-product-name" class="card-title text-2xl">কোদাল</h2>');
    expect(html).toContain('$১,২৩৪.৫০');
    expect(html).toContain('১,২৫০');
    const redirected = await t.app.inject({
      method: 'GET',
      url: `/placeorder/${product.id}`,
      headers: { cookie: 'lang=bn' },
    });
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe(`/bn/placeorder/${product.id}`);
  });

  it('answers 404 with the app for an unknown or malformed id', async () => {
    for (const id of ['0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d', 'not-an-id']) {
      const response = await t.app.inject({ method: 'GET', url: `/placeorder/${id}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('order-product-name');
    }
  });
});

describe('a drawn page, compressed', () => {
  it('is sent in the form the browser asks for, once compressed, the same page either way', async () => {
    const product = await createProduct(t.app, {
      name: 'Brass Sprayer Lance',
      description: 'Long. '.repeat(50),
    });
    for (const url of [`/product/${product.id}`, `/placeorder/${product.id}`, '/products', '/bn/products']) {
      const get = (encoding: string) =>
        t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      const plain = await get('identity');
      expect(plain.statusCode, url).toBe(200);
      expect(plain.body, url).toContain('</html>');
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      // Asked again, the forms kept from the first time are sent.
      for (let round = 0; round < 2; round += 1) {
        const br = await get('gzip, deflate, br');
        expect(br.headers['content-encoding'], url).toBe('br');
        expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
        const gzip = await get('gzip, deflate');
        expect(gzip.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
        for (const response of [plain, br, gzip]) {
          expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
          expect(response.headers['cache-control'], url).toBe('no-cache');
          expect(response.headers.vary, url).toBe('Cookie, accept-encoding');
          expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
        }
      }
    }
  });
});

describe('GET /products', () => {
  it('sends the catalogue as HTML: the newest products first as cards, a search form that works without the app', async () => {
    const older = await createProduct(t.app, { name: 'Forged Hoe & Rake', priceCents: 1250, stock: 40 });
    const newer = await createProduct(t.app, {
      name: 'Sprayer <16 L>',
      priceCents: 4599,
      stock: 1200,
      minOrder: 2,
      description: 'Brass lance and adjustable nozzle. '.repeat(5),
    });
    const response = await t.app.inject({ method: 'GET', url: '/products' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers.vary).toContain('Cookie');
    const html = response.body;
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain('<title>Products | AgriTools</title>');
    expect(html).toContain(`<link rel="canonical" href="${t.app.publicUrl}/products" />`);
    expect(html).toContain(`hreflang="bn" href="${t.app.publicUrl}/bn/products"`);
    expect(html).toContain('<h1 class="text-3xl font-bold">Products</h1>');
    // Newest first, names escaped, each card leading to the product and to ordering it.
    const newerAt = html.indexOf(`href="/product/${newer.id}"`);
    const olderAt = html.indexOf(`href="/product/${older.id}"`);
    expect(newerAt).toBeGreaterThan(0);
    expect(olderAt).toBeGreaterThan(newerAt);
    expect(html).toContain('>Sprayer &lt;16 L&gt;</a>');
    expect(html).not.toContain('<16 L>');
    expect(html).toContain('>Forged Hoe &amp; Rake</a>');
    expect(html).toContain('$45.99');
    expect(html).toContain('1,200');
    expect(html).toContain(`href="/placeorder/${newer.id}" class="btn btn-primary btn-block"`);
    // The description's first 100 characters, cut with an ellipsis.
    expect(html).toContain(`${'Brass lance and adjustable nozzle. '.repeat(5).slice(0, 100)}…`);
    expect(html).toMatch(/<form role="search" action="\/products" method="get"/);
    expect(html).toContain('name="q" type="search"');
  });

  it('draws one page of twelve cards, the page the app shows first, and leaves the rest to Load more', async () => {
    const made: Array<Awaited<ReturnType<typeof createProduct>>> = [];
    for (let i = 0; i < 13; i += 1) made.push(await createProduct(t.app, { name: `Paged Sickle ${i}` }));
    const html = (await t.app.inject({ method: 'GET', url: '/products' })).body;
    expect(html.match(/<article /g)).toHaveLength(12);
    for (const product of made.slice(1)) expect(html).toContain(`href="/product/${product.id}"`);
    expect(html).not.toContain(made[0]!.id);
    // The app's first page is the same search: the same twelve, and a link to the next page.
    const first = await t.app.inject({ method: 'GET', url: '/api/products?sort=newest' });
    expect((JSON.parse(first.body) as Array<{ _id: string }>).map((product) => product._id)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((product) => product.id),
    );
    expect(first.headers.link).toContain('rel="next"');
  });

  it('draws the Bengali catalogue in Bengali: names, words and digits, prices in dollars', async () => {
    const product = await createProduct(t.app, { name: 'Knapsack Sprayer', priceCents: 123450, stock: 1250 });
    await t.app.db.update(products).set({ nameBn: 'ন্যাপস্যাক স্প্রেয়ার' }).where(eq(products.id, product.id));
    t.app.catalogue.cache.invalidate();
    const html = (await t.app.inject({ method: 'GET', url: '/bn/products' })).body;
    expect(html).toMatch(/<html lang="bn"/);
    expect(html).toContain('<title>পণ্যসমূহ | AgriTools</title>');
    expect(html).toContain('>ন্যাপস্যাক স্প্রেয়ার</a>');
    expect(html).toContain('$১,২৩৪.৫০');
    expect(html).toContain('১,২৫০');
    expect(html).toContain(`href="/bn/product/${product.id}"`);
    expect(html).toMatch(/<form role="search" action="\/bn\/products"/);
  });

  it('shows a product added since the last visit, and leaves a search in the address to the app', async () => {
    await t.app.inject({ method: 'GET', url: '/products' });
    const added = await createProduct(t.app, { name: 'Added Later Sickle' });
    expect((await t.app.inject({ method: 'GET', url: '/products' })).body).toContain('Added Later Sickle');
    const searched = await t.app.inject({ method: 'GET', url: '/products?q=sickle' });
    expect(searched.statusCode).toBe(200);
    expect(searched.body).toContain('<div id="root">');
    expect(searched.body).not.toContain(added.id);
  });

  it('sends a reader who chose Bengali to the Bengali catalogue and product pages', async () => {
    const product = await createProduct(t.app);
    for (const [path, bengali] of [
      ['/products', '/bn/products'],
      [`/product/${product.id}`, `/bn/product/${product.id}`],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: { cookie: 'lang=bn' } });
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location).toBe(bengali);
    }
    // Not when they come from a Bengali page: they just chose English there.
    const chosen = await t.app.inject({
      method: 'GET',
      url: `/product/${product.id}`,
      headers: { cookie: 'lang=bn', host: 'shop.test', referer: `http://shop.test/bn/product/${product.id}` },
    });
    expect(chosen.statusCode).toBe(200);
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists every product page and the public pages; robots.txt points to it', async () => {
    const a = await createProduct(t.app);
    const b = await createProduct(t.app);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of ['/products', `/product/${a.id}`, `/product/${b.id}`])
      expect(sitemap.body).toContain(`<loc>${t.app.publicUrl}${path}</loc>`);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${t.app.publicUrl}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /dashboard');
  });
});
