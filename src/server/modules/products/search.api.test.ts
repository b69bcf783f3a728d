import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { categories, products, UNCATEGORISED_ID } from '../../db/schema.ts';
import {
  catalogueProductListSchema,
  catalogueProductSchema,
  SEARCH_PAGE_DEFAULT,
  type ProductQuery,
} from '../../../shared/schemas/product.schema.ts';
import { categoryListSchema } from '../../../shared/schemas/category.schema.ts';
import {
  createCategory,
  catalogueChangesHeard,
  createProduct,
  productInput,
  emptyCatalogue,
  insertSeedDrills,
  wordOfThisRun,
} from '../../../../tests/factories/products.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';
import { placeOrder } from '../../../../tests/factories/orders.ts';
import { messages } from '../../../shared/messages.ts';
import { rowsOf } from '../../db/client.ts';
import { matchWords, RARE_MATCHES, rareWords, type SearchStep } from './search.repository.ts';
import { productSearchAnswer } from './products.service.ts';

const t = useApiTest();

beforeEach(() => emptyCatalogue(t.app, { categories: true }));

const get = (url: string) => t.app.inject({ method: 'GET', url });
const list = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return catalogueProductListSchema.parse(response.json());
};
const names = async (url: string) => (await list(url)).map((p) => p.name);
/** Follows the Link headers from `url` to the end; every page's names, in order. */
async function allPages(url: string): Promise<string[][]> {
  const pages: string[][] = [];
  let next: string | undefined = url;
  while (next) {
    const response = await get(next);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    pages.push(catalogueProductListSchema.parse(response.json()).map((p) => p.name));
    const link = response.headers.link as string | undefined;
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

async function catalogue() {
  const spraying = await createCategory(t.app, 'Spraying');
  const handTools = await createCategory(t.app, 'Hand tools');
  const knapsack = await createProduct(t.app, {
    name: '16 L Knapsack Sprayer',
    priceCents: 4599,
    stock: 12,
    rating: 4.6,
    categoryId: spraying.id,
    description: 'Brass lance and adjustable nozzle.',
  });
  const mist = await createProduct(t.app, {
    name: 'Motorised Mist Blower',
    priceCents: 21900,
    stock: 0,
    rating: 4.1,
    categoryId: spraying.id,
    description: 'Throws a fine spray over tall crops; pairs with any knapsack tank.',
  });
  const hoe = await createProduct(t.app, {
    name: 'Forged Steel Garden Hoe',
    priceCents: 2450,
    stock: 340,
    rating: 4.5,
    categoryId: handTools.id,
    description: 'Drop-forged carbon steel hoe for weeding.',
  });
  const shears = await createProduct(t.app, {
    name: 'Bypass Pruning Shears',
    priceCents: 1890,
    stock: 520,
    rating: 4.7,
    categoryId: handTools.id,
    description: 'Clean cuts on live branches.',
  });
  const trowel = await createProduct(t.app, {
    name: 'Hand Trowel',
    priceCents: 900,
    stock: 30,
    rating: 3.9,
    description: 'Stainless blade.',
  });
  return { spraying, handTools, knapsack, mist, hoe, shears, trowel };
}

describe('GET /api/categories', () => {
  it('lists every category with its product count, Uncategorised included', async () => {
    const { spraying } = await catalogue();
    const response = await get('/api/categories');
    expect(response.statusCode).toBe(200);
    const body = categoryListSchema.parse(response.json());
    expect(body.map((c) => [c.slug, c.name, c.productCount])).toEqual([
      ['hand-tools', 'Hand tools', 2],
      ['spraying', 'Spraying', 2],
      ['uncategorised', 'Uncategorised', 1],
    ]);
    expect(body.find((c) => c.slug === 'spraying')?._id).toBe(spraying.id);
    // The fixed category has its Bengali name from the start (migration 0014).
    expect(body.find((c) => c.slug === 'uncategorised')?.nameBn).toBe('শ্রেণিহীন');
  });
});

describe('category management', () => {
  const as = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: t.callers.admin.headers, payload });

  it('lets an admin add, rename and remove an empty category; the slug stays', async () => {
    const added = await as('POST', '/api/categories', { name: 'Irrigation & Pumps' });
    expect(added.statusCode).toBe(201);
    const { insertedId } = added.json() as { insertedId: string };
    expect((await as('PUT', `/api/categories/${insertedId}`, { name: 'Irrigation' })).json()).toEqual({
      modifiedCount: 1,
    });
    const listed = categoryListSchema.parse((await get('/api/categories')).json());
    expect(listed.find((c) => c._id === insertedId)).toMatchObject({
      slug: 'irrigation-pumps',
      name: 'Irrigation',
    });
    expect((await as('DELETE', `/api/categories/${insertedId}`)).json()).toEqual({ deletedCount: 1 });
    expect((await as('DELETE', `/api/categories/${insertedId}`)).statusCode).toBe(404);
  });

  it('refuses a second category of the same name with 409', async () => {
    expect((await as('POST', '/api/categories', { name: 'Storage' })).statusCode).toBe(201);
    const again = await as('POST', '/api/categories', { name: 'storage' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['a name without letters or digits', { name: '!!! ***' }],
    ['a name of 61 characters', { name: 'x'.repeat(61) }],
    ['no name', {}],
  ])('refuses %s with 400 and stores nothing', async (_label, payload) => {
    const before = (await t.app.db.select().from(categories)).length;
    const response = await as('POST', '/api/categories', payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect((await t.app.db.select().from(categories)).length).toBe(before);
  });

  it('keeps a category that holds products, and Uncategorised, with 409', async () => {
    const { spraying } = await catalogue();
    const inUse = await as('DELETE', `/api/categories/${spraying.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse).code).toBe('CONFLICT');
    expect((await as('DELETE', `/api/categories/${UNCATEGORISED_ID}`)).statusCode).toBe(409);
    expect(categoryListSchema.parse((await get('/api/categories')).json())).toHaveLength(3);
  });
});

describe('POST and PUT /api/product with a category', () => {
  it('adds a product to the category named by slug, and to Uncategorised without one', async () => {
    const { spraying } = await catalogue();
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/product', headers: t.callers.admin.headers, payload });
    const inSpraying = (await post(productInput({ category: 'spraying' } as never))).json() as {
      insertedId: string;
    };
    const plain = (await post(productInput())).json() as { insertedId: string };
    expect(
      catalogueProductSchema.parse((await get(`/api/product/${inSpraying.insertedId}`)).json()).category,
    ).toBe('spraying');
    expect(
      catalogueProductSchema.parse((await get(`/api/product/${plain.insertedId}`)).json()).category,
    ).toBe('uncategorised');
    expect(spraying.slug).toBe('spraying');
  });

  it('refuses an unknown category with 400 and stores nothing', async () => {
    await catalogue();
    const before = (await t.app.db.select().from(products)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: t.callers.admin.headers,
      payload: { ...productInput(), category: 'no-such-category' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect((await t.app.db.select().from(products)).length).toBe(before);
  });

  it('edits every field, restocks, moves the category; searches see it at once', async () => {
    const { hoe } = await catalogue();
    expect(await names('/api/products?q=hoe')).toEqual(['Forged Steel Garden Hoe']);
    const edited = {
      name: 'Forged Steel Field Hoe',
      price: 26,
      stock: 1000,
      minOrder: 5,
      rating: 4.8,
      img: '/images/products/garden-hoe.svg',
      description: 'Now with a longer ash handle.',
      category: 'spraying',
    };
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${hoe.id}`,
      headers: t.callers.admin.headers,
      payload: edited,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ modifiedCount: 1, stock: 1000 });
    const { category, ...fields } = edited;
    expect((await get(`/api/product/${hoe.id}`)).json()).toEqual({
      _id: hoe.id,
      ...fields,
      category,
      nameBn: null,
      descriptionBn: null,
    });
    expect(await names('/api/products?q=field%20hoe')).toEqual(['Forged Steel Field Hoe']);
    expect(await names('/api/products?category=spraying&sort=price-asc')).toContain('Forged Steel Field Hoe');
  });

  it('moves the stock by what the edit changed, keeping the units that orders took while it was open', async () => {
    const { hoe } = await catalogue(); // 340 in stock, orders of at least 1
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product/${hoe.id}`,
        headers: t.callers.admin.headers,
        payload,
      });
    const stockNow = async () =>
      (await t.app.db.select().from(products).where(eq(products.id, hoe.id)))[0]!.stock;
    const edit = (stock: number, stockWas: number) =>
      put({ ...productInput({ name: 'Forged Steel Garden Hoe' }), stock, stockWas });

    // The edit page opens at 340; meanwhile an order takes 15.
    await placeOrder(t.app, t.callers.customerA, hoe.id, { quantity: 15 });
    expect(await stockNow()).toBe(325);
    // Saving with the stock left as it showed (a change of the description) keeps the order's take;
    const unchanged = await edit(340, 340);
    expect(unchanged.json()).toEqual({ modifiedCount: 1, stock: 325 });
    // restocking 100 on top of what the form showed adds 100 to what is there now.
    expect((await edit(425, 325)).json()).toEqual({ modifiedCount: 1, stock: 425 });
    await placeOrder(t.app, t.callers.customerA, hoe.id, { quantity: 20 });
    expect((await edit(525, 425)).json()).toEqual({ modifiedCount: 1, stock: 505 });

    // Taking away more than is left is refused, and nothing of the edit is written.
    const tooMuch = await put({ ...productInput({ name: 'Renamed' }), stock: 0, stockWas: 600 });
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toMatchObject({ code: 'CONFLICT', message: messages.stockTakenMeanwhile });
    const [row] = await t.app.db.select().from(products).where(eq(products.id, hoe.id));
    expect(row).toMatchObject({ name: 'Forged Steel Garden Hoe', stock: 505 });
    // Without stockWas (a client of the API that knows the stock it wants) the stock is set as sent.
    expect((await put({ ...productInput({ name: 'Forged Steel Garden Hoe' }), stock: 7 })).json()).toEqual({
      modifiedCount: 1,
      stock: 7,
    });
    // An unknown product is still a 404, with or without stockWas; a bad stockWas a 400.
    const unknown = '0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d';
    const putUnknown = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${unknown}`,
      headers: t.callers.admin.headers,
      payload: { ...productInput(), stockWas: 1 },
    });
    expect(putUnknown.statusCode).toBe(404);
    for (const stockWas of [-1, 1.5, '3', 2_000_000]) {
      const bad = await put({ ...productInput(), stockWas });
      expect(bad.statusCode, JSON.stringify(stockWas)).toBe(400);
      expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    }
  });

  it('refuses bad edits with 400 (nothing changes), strangers with 401/403, unknown products with 404', async () => {
    const { hoe } = await catalogue();
    const put = (payload: object, headers: Record<string, string> = t.callers.admin.headers, id = hoe.id) =>
      t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers, payload });
    const valid = productInput({ name: 'Changed' });
    for (const bad of [
      { price: -1 },
      { stock: -5 },
      { name: ' ' },
      { img: 'javascript:alert(1)' },
      { category: 'nope' },
    ]) {
      const response = await put({ ...valid, ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    const { stock: _stock, ...withoutStock } = valid;
    expect((await put(withoutStock)).statusCode).toBe(400);
    expect((await put(valid, t.callers.visitor.headers)).statusCode).toBe(401);
    expect((await put(valid, t.callers.customerA.headers)).statusCode).toBe(403);
    expect(
      (await put(valid, t.callers.admin.headers, '0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d')).statusCode,
    ).toBe(404);
    const [row] = await t.app.db.select().from(products).where(eq(products.id, hoe.id));
    expect(row).toMatchObject({ name: 'Forged Steel Garden Hoe', priceCents: 2450, stock: 340 });
  });
});

describe('GET /api/products: search that forgives', () => {
  it.each([
    ['a whole word', 'sprayer', ['16 L Knapsack Sprayer']],
    ['a prefix', 'knap', ['16 L Knapsack Sprayer', 'Motorised Mist Blower']],
    ['small typos', 'knapsak sprayer', ['16 L Knapsack Sprayer']],
    ['another word order', 'sprayer knapsack', ['16 L Knapsack Sprayer']],
    [
      'upper case and plural, near words included',
      'SPRAYERS',
      ['16 L Knapsack Sprayer', 'Motorised Mist Blower'],
    ],
    ['a size', 'sprayer 16 l', ['16 L Knapsack Sprayer']],
    ['a typo in one word of two', 'prunning shears', ['Bypass Pruning Shears']],
    ['a word of the description', 'nozzle', ['16 L Knapsack Sprayer']],
  ])('finds by %s (%s)', async (_label, q, expected) => {
    await catalogue();
    expect(await names(`/api/products?q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it('lists name matches before description matches, each newest first, with categories', async () => {
    await catalogue();
    const found = await list('/api/products?q=knapsack');
    expect(found.map((p) => [p.name, p.category])).toEqual([
      ['16 L Knapsack Sprayer', 'spraying'],
      ['Motorised Mist Blower', 'spraying'],
    ]);
  });

  it('answers an empty page for words nothing holds, and takes no word for a distant one', async () => {
    await catalogue();
    await createProduct(t.app, { name: 'Egg Tray' });
    expect(await names('/api/products?q=tractor')).toEqual([]);
  });

  it('forgives a typo of a word that came into the catalogue after the typo was first searched', async () => {
    // Each word's match is cached (the catalogue's words, the typos near them): a new product
    // brings new words, and the same typo must find it at once.
    await createProduct(t.app, { name: 'Garden Hoe' });
    expect(await names('/api/products?q=knapsak')).toEqual([]);
    expect(await names('/api/products?q=knapsak%20hoe')).toEqual([]);
    await createProduct(t.app, { name: '16 L Knapsack Sprayer' });
    expect(await names('/api/products?q=knapsak')).toEqual(['16 L Knapsack Sprayer']);
    await createProduct(t.app, { name: 'Knapsack Hoe' });
    expect(await names('/api/products?q=knapsak%20hoe')).toEqual(['Knapsack Hoe']);
  });

  it('looks for near words only for a word of four letters or more that begins no catalogue word', async () => {
    const root = wordOfThisRun();
    // Two numbers of this run, the second the first with its last two digits swapped.
    const digits = String(100_000 + randomInt(899_999));
    const [number, nearNumber] = [`${digits}47`, `${digits}74`];
    await createProduct(t.app, { name: `Garden ${root}`, description: `Fits pump ${number}.` });
    const typo = root.slice(0, 3) + root.slice(4);
    const matches = await matchWords(t.app.db, [root, typo, nearNumber]);
    expect(matches.map(({ word, known, nearest }) => ({ word, known, nearest }))).toEqual([
      { word: root, known: true, nearest: [] },
      { word: typo, known: false, nearest: [root] },
      // A number is taken as typed: a different number is not a misspelling of it.
      { word: nearNumber, known: false, nearest: [] },
    ]);
    // Stemmed as the search's query reads them (the stemmer leaves these words as they are).
    expect(matches.map(({ lexemes, nearestLexemes }) => [lexemes, nearestLexemes])).toEqual([
      [[root], []],
      [[typo], [[root]]],
      [[nearNumber], []],
    ]);
    expect(await names(`/api/products?q=${typo}`)).toEqual([`Garden ${root}`]);
    expect(await names(`/api/products?q=${nearNumber}`)).toEqual([]);
  });

  it('searches a typed word whole only while no catalogue word begins with it', async () => {
    const root = wordOfThisRun();
    const longer = `${root}tr`;
    const whole = async (word: string) => (await matchWords(t.app.db, [word]))[0]!.whole;
    await createProduct(t.app, { name: `Garden ${root}` });
    expect(await whole(root)).toBe(true);
    expect(await whole(root.slice(0, -1))).toBe(false);
    expect(await names(`/api/products?q=${root}`)).toEqual([`Garden ${root}`]);

    // An edit brings a longer word: the typed word is a prefix again and finds it too.
    const rake = await createProduct(t.app, { name: 'Bow Rake' });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${rake.id}`,
      headers: t.callers.admin.headers,
      payload: productInput({ name: 'Bow Rake', description: `Fits the ${longer} frame.` }),
    });
    expect(response.statusCode).toBe(200);
    expect(await whole(root)).toBe(false);
    expect(await names(`/api/products?q=${root}`)).toEqual([`Garden ${root}`, 'Bow Rake']);

    // A number that begins a longer one (a model number) stays a prefix.
    await createProduct(t.app, { name: 'Water Pump AT-18504' });
    expect(await whole('1850')).toBe(false);
    expect(await names('/api/products?q=1850')).toEqual(['Water Pump AT-18504']);
  });

  it('calls a word rare while fewer than RARE_MATCHES products hold it, and finds them all', async () => {
    const [root, other] = [wordOfThisRun(), wordOfThisRun()];
    const rare = async (word: string) => (await rareWords(t.app.db, [word]))[0]!.rare;
    const add = (count: number, from: number, name = root) => insertSeedDrills(t.app.db, name, count, from);
    await add(RARE_MATCHES - 1, 0);
    t.app.catalogue.cache.invalidate();
    expect(await rare(root)).toBe(true);
    // A word begun by the typed one counts too: the search reads it as a prefix.
    expect(await rare(root.slice(0, -1))).toBe(true);
    const found = await allPages(`/api/products?q=${root}&sort=price-asc&limit=100`);
    expect(found.flat()).toHaveLength(RARE_MATCHES - 1);

    await add(1, RARE_MATCHES);
    t.app.catalogue.cache.invalidate();
    expect(await rare(root)).toBe(false);
    expect((await allPages(`/api/products?q=${root}&limit=100`)).flat()).toHaveLength(RARE_MATCHES);
    // Never a stop word, nor a word too short to be a prefix, which the search leaves out or
    // reads whole; a word in no product is rare (its term holds the words near it as well).
    expect(await rare('the')).toBe(false);
    expect(await rare('zq')).toBe(false);
    expect(await rare(`${root}zzz`)).toBe(true);

    // A word the table's statistics list among its most common is not counted: common.
    await add(150, 0, other);
    expect(await rare(other)).toBe(true);
    await t.app.db.execute(sql`analyze products`);
    expect(await rare(other)).toBe(false);
  });

  it('sends words found rare together to the GIN index at once, in every order, until the catalogue changes', async () => {
    await catalogue();
    // What a search learns goes with the next change heard: the setup's must have been heard.
    await catalogueChangesHeard(t.app);
    // "16" and "l" are too short ever to be rare one by one; together one product holds them.
    const search = async (query: ProductQuery) => {
      const steps: SearchStep[] = [];
      const answer = await productSearchAnswer(t.app.catalogue, query, '/api/products', steps);
      const found = catalogueProductListSchema.parse(JSON.parse(answer.body.toString()));
      return { steps, names: found.map((product) => product.name) };
    };
    const afterAWalk = { steps: ['index'], names: ['16 L Knapsack Sprayer'] };
    const atOnce = { steps: ['index only'], names: ['16 L Knapsack Sprayer'] };
    // With no filter the newest products' words tell it before any walk (the test below). A
    // filter makes the walk read other rows, and only a walk can tell.
    const inStock = { q: '16 l', inStock: true } as const;
    // A walk by price or rating teaches nothing: that order may put all the matches far along.
    expect(await search({ ...inStock, sort: 'price-asc' })).toEqual(afterAWalk);
    expect(await search({ ...inStock, sort: 'rating' })).toEqual(afterAWalk);
    // A walk newest first (relevance walks so) that fell short of a page does.
    expect(await search(inStock)).toEqual(afterAWalk);
    expect(await search({ ...inStock, sort: 'price-desc' })).toEqual(atOnce);
    expect(await search({ ...inStock, sort: 'newest', lang: 'bn' })).toEqual(atOnce);
    // Every word must be in each product found: the same words in another order, or one of
    // them twice, are the same search.
    expect(await search({ ...inStock, q: 'L 16', sort: 'rating' })).toEqual(atOnce);
    expect(await search({ ...inStock, q: '16 l 16' })).toEqual(atOnce);
    // Other filters make another search.
    expect(await search({ ...inStock, sort: 'price-desc', maxPrice: 100 })).toEqual(afterAWalk);
    // A change to the catalogue's words drops what was learnt.
    await createProduct(t.app, { name: 'Brass Lance', description: 'For any sprayer.' });
    expect(await search({ ...inStock, sort: 'price-desc' })).toEqual(afterAWalk);
  });

  it('skips the walk for words too few of the newest products hold together, in every order', async () => {
    // Each word alone is in RARE_MATCHES products, too many to be rare; three hold both.
    const [first, second] = [wordOfThisRun(), wordOfThisRun()];
    await insertSeedDrills(t.app.db, first, RARE_MATCHES);
    await insertSeedDrills(t.app.db, second, RARE_MATCHES);
    await insertSeedDrills(t.app.db, `${first} ${second}`, 3);
    t.app.catalogue.cache.invalidate();
    const search = async (query: ProductQuery) => {
      const steps: SearchStep[] = [];
      const answer = await productSearchAnswer(t.app.catalogue, query, '/api/products', steps);
      return { steps, found: catalogueProductListSchema.parse(JSON.parse(answer.body.toString())).length };
    };
    const atOnce = { steps: ['index only'], found: 3 };
    expect(await search({ q: `${first} ${second}` })).toEqual(atOnce);
    expect(await search({ q: `${second} ${first}`, sort: 'price-asc' })).toEqual(atOnce);
    expect(await search({ q: `${first} ${second}`, sort: 'rating', lang: 'bn' })).toEqual(atOnce);
    // A stop word is left out, as the query leaves it; a typo counts with its near words.
    expect(await search({ q: `the ${first} ${second}` })).toEqual(atOnce);
    const typo = first.slice(0, 3) + first.slice(4);
    expect(await search({ q: `${typo} ${second}` })).toEqual(atOnce);
    // Common together: the first walk fills the page.
    const filled = { steps: [], found: SEARCH_PAGE_DEFAULT };
    expect(await search({ q: first })).toEqual(filled);
    expect(await search({ q: typo })).toEqual(filled);
    // A filter makes the walk read other rows than the newest: it walks, and falls short.
    expect(await search({ q: `${first} ${second}`, inStock: true })).toEqual({ steps: ['index'], found: 3 });
  });

  it('learns the words of a product whose text changed, and writes none for a stock or price change', async () => {
    // Words of this run alone, forgotten by hand after each write so that what the next write
    // brings back shows.
    const root = wordOfThisRun();
    const known = async () =>
      rowsOf<{ words: number; lexemes: number }>(
        await t.app.db.execute(sql`select
          (select count(*)::int from search_words where word = ${root}) as words,
          (select count(*)::int from search_lexemes where lexeme = ${root}) as lexemes`),
      )[0];
    const forget = () =>
      t.app.db.execute(sql`with w as (delete from search_words where word = ${root})
        delete from search_lexemes where lexeme = ${root}`);
    const edit = async (id: string, changes: Parameters<typeof productInput>[0]) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/product/${id}`,
        headers: t.callers.admin.headers,
        payload: productInput({ name: `Garden ${root}`, ...changes }),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const product = await createProduct(t.app, { name: `Garden ${root}` });
    expect(await known()).toEqual({ words: 1, lexemes: 1 });
    // The admin form's text (productInput's), then a restock and a new price with the same text.
    await edit(product.id, { stock: 5 });
    await forget();
    await edit(product.id, { stock: 7, price: 21.5 });
    expect(await known()).toEqual({ words: 0, lexemes: 0 });

    await edit(product.id, { stock: 7, price: 21.5, description: 'Now with a longer handle.' });
    expect(await known()).toEqual({ words: 1, lexemes: 1 });
    // The search still finds it by the word either way.
    expect(await names(`/api/products?q=${root}`)).toEqual([`Garden ${root}`]);
  });

  it('finds a model number written with or without its hyphen', async () => {
    await createProduct(t.app, { name: 'Water Pump AT-12345' });
    await createProduct(t.app, { name: 'Water Pump AT-99999' });
    expect(await names('/api/products?q=AT-12345')).toEqual(['Water Pump AT-12345']);
    expect(await names('/api/products?q=at%2012345')).toEqual(['Water Pump AT-12345']);
    expect(await names('/api/products?q=pump%2012345')).toEqual(['Water Pump AT-12345']);
  });

  it('filters by category, stock and price, and sorts by price, rating and age', async () => {
    await catalogue();
    expect(await names('/api/products?category=hand-tools')).toEqual([
      'Bypass Pruning Shears',
      'Forged Steel Garden Hoe',
    ]);
    expect(await names('/api/products?category=spraying&inStock=true')).toEqual(['16 L Knapsack Sprayer']);
    expect(await names('/api/products?inStock=false')).toEqual(['Motorised Mist Blower']);
    expect(await names('/api/products?minPrice=10&maxPrice=50&sort=price-asc')).toEqual([
      'Bypass Pruning Shears',
      'Forged Steel Garden Hoe',
      '16 L Knapsack Sprayer',
    ]);
    expect(await names('/api/products?sort=price-desc&limit=2')).toEqual([
      'Motorised Mist Blower',
      '16 L Knapsack Sprayer',
    ]);
    expect(await names('/api/products?sort=rating&limit=2')).toEqual([
      'Bypass Pruning Shears',
      '16 L Knapsack Sprayer',
    ]);
    expect(await names('/api/products?sort=newest&limit=2')).toEqual([
      'Hand Trowel',
      'Bypass Pruning Shears',
    ]);
    expect(await names('/api/products?q=steel&category=hand-tools&sort=price-asc')).toEqual([
      'Forged Steel Garden Hoe',
    ]);
  });

  it.each(['newest', 'price-asc', 'price-desc', 'rating', 'relevance'])(
    'pages with signed cursors in the Link header, each product once, in order (sort=%s)',
    async (sort) => {
      const kinds = ['Sprayer', 'Hoe', 'Rake'];
      for (let i = 0; i < 11; i += 1)
        await createProduct(t.app, {
          name: `Tool ${kinds[i % 3]} ${i}`,
          priceCents: 1000 + ((i * 7) % 5) * 100, // repeated prices: ties break on the id
          rating: (i % 4) + 1,
          description: i % 2 ? 'A tool for the field.' : 'A tool for the garden.',
        });
      const query = sort === 'relevance' ? 'q=tool&sort=relevance' : `sort=${sort}`;
      const whole = await names(`/api/products?${query}&limit=100`);
      expect(whole).toHaveLength(11);
      const pages = await allPages(`/api/products?${query}&limit=3`);
      expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 2]);
      expect(pages.flat()).toEqual(whole);
    },
  );

  it('pages through both relevance tiers', async () => {
    for (let i = 0; i < 4; i += 1)
      await createProduct(t.app, { name: `Brass Nozzle ${i}`, description: 'Fits any lance.' });
    for (let i = 0; i < 3; i += 1)
      await createProduct(t.app, { name: `Spray Lance ${i}`, description: 'With a brass nozzle.' });
    const pages = await allPages('/api/products?q=nozzle&limit=3');
    expect(pages.flat()).toEqual([
      'Brass Nozzle 3',
      'Brass Nozzle 2',
      'Brass Nozzle 1',
      'Brass Nozzle 0',
      'Spray Lance 2',
      'Spray Lance 1',
      'Spray Lance 0',
    ]);
  });

  it('treats SQL and pattern characters as plain text', async () => {
    await catalogue();
    for (const q of [
      "hoe'",
      "'hoe' --",
      'hoe%',
      'hoe_*',
      "hoe'); --",
      'hoe\\',
      '(hoe|)',
      'hoe:*',
      '!hoe',
      '<hoe>',
    ]) {
      expect(await names(`/api/products?q=${encodeURIComponent(q)}`), q).toEqual(['Forged Steel Garden Hoe']);
    }
    // Every word counts as a word: an injection attempt finds what holds "or" and "1", nothing.
    expect(await names(`/api/products?q=${encodeURIComponent("hoe' or '1'='1")}`)).toEqual([]);
    expect((await t.app.db.select().from(products)).length).toBe(5);
  });

  it.each([
    ['10 KB of text', `q=${'sprayer '.repeat(1300)}`, 'q'],
    ['only spaces', 'q=%20%20%20', 'q'],
    ['only punctuation', `q=${encodeURIComponent(".*[(%'\\")}`, 'q'],
    ['an unknown category', 'category=tractors', 'category'],
    ['a malformed category', 'category=..%2F..%2Fetc', 'category'],
    ['an unknown sort', 'sort=cheapest', 'sort'],
    ['relevance without search text', 'sort=relevance', 'sort'],
    ['a negative price', 'minPrice=-1', 'minPrice'],
    ['a price that is not a number', 'maxPrice=abc', 'maxPrice'],
    ['a lowest price above the highest', 'minPrice=50&maxPrice=10', 'minPrice'],
    ['an unknown stock flag', 'inStock=maybe', 'inStock'],
    ['an offset with a search', 'q=hoe&offset=10', 'offset'],
    ['a page above 100', 'q=hoe&limit=101', 'limit'],
    ['a cursor that is not one', 'cursor=abc', 'cursor'],
  ])('answers 400 in the error shape for %s', async (_label, query, field) => {
    await catalogue();
    const response = await get(`/api/products?${query}`);
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain(field);
  });

  it('refuses a cursor that was tampered with or taken to another search', async () => {
    for (let i = 0; i < 5; i += 1) await createProduct(t.app, { name: `Rake ${i}` });
    const first = await get('/api/products?q=rake&limit=2');
    const next = /^<([^>]+)>/.exec(first.headers.link as string)![1]!;
    expect((await get(next)).statusCode).toBe(200);
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const [body, signature] = cursor.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify(['x', '1|2020-01-01', '0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d']),
    ).toString('base64url');
    for (const bad of [
      // One character of the signature changed (never its last, whose low bits base64 ignores).
      `${body}.${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`,
      `${forged}.${signature}`,
      `${body}x.${signature}`,
      body,
      `${body}.${signature}.${signature}`,
    ]) {
      const response = await get(`/api/products?q=rake&limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    for (const other of ['q=hoe&limit=2', 'q=rake&limit=3', 'q=rake&limit=2&sort=newest']) {
      const response = await get(`/api/products?${other}&cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, other).toBe(400);
    }
  });

  it('still answers the spec list, oldest first, without search parameters', async () => {
    await catalogue();
    const response = await get('/api/products');
    expect(response.headers.link).toBeUndefined();
    expect(
      (response.json() as { name: string; category?: string }[]).map((p) => [p.name, p.category]),
    ).toEqual([
      ['16 L Knapsack Sprayer', undefined],
      ['Motorised Mist Blower', undefined],
      ['Forged Steel Garden Hoe', undefined],
      ['Bypass Pruning Shears', undefined],
      ['Hand Trowel', undefined],
    ]);
  });
});
