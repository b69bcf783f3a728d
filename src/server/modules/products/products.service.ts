import type { DatabaseHandle, Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { pageFrom, type Page } from '../../lib/listing.ts';
import { prepareAnswer, type PreparedAnswer } from '../../lib/prepared-answer.ts';
import { SHOWS_NO_STOCK, showing, type ReadCache, type StockShown } from '../../lib/read-cache.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { messages } from '../../../shared/messages.ts';
import {
  SEARCH_PAGE_DEFAULT,
  SEARCH_PAGE_MAX,
  productEditSchema,
  type CatalogueProduct,
  type Product,
  type ProductEdit,
  type ProductEditAnswer,
  type ProductInput,
  type ProductQuery,
} from '../../../shared/schemas/product.schema.ts';
import type { ProductSort } from '../../../shared/constants.ts';
import type { Cursors } from '../../lib/cursor.ts';
import { categoryIdOf } from '../categories/categories.service.ts';
import * as repository from './products.repository.ts';
import type { BengaliTexts, NewProduct } from './products.repository.ts';
import * as search from './search.repository.ts';
import { countHolding, indexNewestWords, isNewestWords, type LexemeTerm } from './newest-words.ts';
import { CSV_BOM, IMPORT_MAX_ROWS, cellValue, csvLines, parseCsv } from './products-csv.ts';
import { idSchema } from '../../../shared/schemas/common.schema.ts';

// Catalogue rules (spec sections 2, 5 and 7). Who may call is decided by the routes
// (product writes are admin-only); what a product may hold is decided here.
//
// This is also the one place that caches catalogue reads and drops that cache
// (docs/decisions/008-catalogue-read-cache.md): the reads answer from it, and every write
// here drops it; a change of stock by the orders service drops what shows those products
// (its context's `stockChanged`, given by app.ts). Routes never touch it.

/** What the catalogue functions work on: the database and this instance's read cache. */
export interface Catalogue {
  db: Db;
  /** Prepared answers: serialized and compressed once per change (lib/prepared-answer.ts). */
  cache: ReadCache<PreparedAnswer>;
  /**
   * How search words stand against the catalogue's words (`wordMatch`), dropped with `cache`.
   * Apart from it because searches asked once fill `cache` within seconds, pushing out the few
   * thousand words that dealers' searches share.
   */
  words: ReadCache;
  /**
   * The newest products' lexemes (newest-words.ts), which tell a search whether its first walk
   * would fall short (`rareAmongNewest`); dropped with `words`.
   */
  newest: ReadCache;
  /** Signs and checks the keyset cursors of product searches. */
  cursors: Cursors;
}

/** A catalogue read's language (`?lang=`): English unless Bengali is asked for. */
export type Language = 'en' | 'bn';

/**
 * A product's name and description in `language`: Bengali pages show the Bengali texts where
 * the product has them, else the English (docs/decisions/028). The Bengali fields themselves
 * leave only with GET /api/product/{id}.
 */
function inLanguage<T extends BengaliTexts & { name: string; description: string }>(
  { nameBn, descriptionBn, ...product }: T,
  language: Language,
): Omit<T, keyof BengaliTexts> {
  if (language === 'en') return product;
  return { ...product, name: nameBn || product.name, description: descriptionBn || product.description };
}

/**
 * Where the read cache keeps a page of the spec's list and one product. The cached-read server
 * (lib/cached-read-server.ts) looks answers up by the same keys.
 */
export const productPageKey = (language: Language, page: Pick<Page, 'limit' | 'offset'>) =>
  `products:${language}:${page.limit}:${page.offset}`;
export const productKey = (language: Language, id: string) => `product:${language}:${id}`;

const ONE_PRODUCT = /^\/api\/product\/([0-9a-fA-F-]{36})(?:\?lang=(en|bn))?$/;
const SPEC_LIST = /^\/api\/products(?:\?lang=(en|bn))?$/;

/**
 * The read-cache key of the answer to a GET of `url` when it asks for one product or the spec's
 * list (its first page), in a language or not, and nothing else; otherwise nothing. Only answers
 * that routes stored after validating their request are found under these keys, so an address
 * that matches here but names no product finds nothing and is left to the route.
 */
export function cachedReadKey(url: string): string | undefined {
  const product = ONE_PRODUCT.exec(url);
  if (product) return productKey((product[2] as Language | undefined) ?? 'en', product[1]!);
  const list = SPEC_LIST.exec(url);
  if (list) return productPageKey((list[1] as Language | undefined) ?? 'en', pageFrom({}));
  return undefined;
}

/**
 * A page of products as a serialized answer. `readPage` turns the rows into the page and its
 * Link header (lib/listing.ts); the answer is cached per page shape.
 */
export function productPageAnswer(
  catalogue: Catalogue,
  page: Page,
  language: Language,
  readPage: (read: (page: Page) => Promise<Product[]>) => Promise<{ rows: Product[]; next?: string }>,
): Promise<PreparedAnswer> {
  return catalogue.cache.get(productPageKey(language, page), async () => {
    const { rows, next } = await readPage(async (p) =>
      (await repository.listProducts(catalogue.db, p)).map((row) => inLanguage(row, language)),
    );
    return { ...prepareAnswer(JSON.stringify(rows), next), shows: listing(rows, false) };
  });
}

/** One product as a serialized answer; a missing product is a 404 every time (never cached). */
export function productAnswer(catalogue: Catalogue, id: string, language: Language): Promise<PreparedAnswer> {
  return catalogue.cache.get(productKey(language, id), async () => {
    const { categoryName: _name, categoryNameBn: _nameBn, ...product } = await getProduct(catalogue.db, id);
    const { nameBn, descriptionBn } = product;
    return {
      ...prepareAnswer(JSON.stringify({ ...inLanguage(product, language), nameBn, descriptionBn })),
      shows: listing([product], false),
    };
  });
}

export async function getProduct(
  db: Db,
  id: string,
): Promise<CatalogueProduct & BengaliTexts & { categoryName: string; categoryNameBn: string | null }> {
  const product = await repository.findProduct(db, id);
  if (!product) throw notFound('Product');
  return product;
}

/** What an answer listing `products` shows of stock (`byAvailability`: under the in-stock filter). */
function listing(products: ReadonlyArray<{ _id: string }>, byAvailability: boolean): StockShown {
  return showing(
    products.map((product) => product._id),
    byAvailability,
  );
}

/**
 * The payload of a `catalogue_changed` notification for a change to products that left every
 * text as it was: price, rating (migration 0011). Any other payload, or none (a notification
 * that may have been missed), means the catalogue's words may have changed.
 */
export const SAME_WORDS = 'same words';

/**
 * The payload of a `catalogue_changed` notification for an UPDATE that changed nothing but the
 * stock of a few products (migration 0013): `stock <1 if one ran out or came back, else 0>
 * <id>,<id>…`.
 */
const STOCK_ONLY = /^stock ([01]) (\S+)$/;

/** What a `catalogue_changed` notification from the database drops (app.ts listens). */
export function catalogueNotified(catalogue: Pick<Catalogue, 'cache'>, payload?: string): void {
  const stock = payload ? STOCK_ONLY.exec(payload) : null;
  if (stock) catalogue.cache.stockChanged({ products: stock[2]!.split(','), availability: stock[1] === '1' });
  else catalogue.cache.invalidate({ dependents: payload !== SAME_WORDS });
}

/**
 * The stored row for the fields of the add and edit forms: the price as integer cents, an empty
 * Bengali text as none, and the category only when one is named (an update then keeps the old one,
 * an insert takes the default).
 */
async function productRow(catalogue: Catalogue, input: ProductInput): Promise<NewProduct> {
  return {
    name: input.name,
    priceCents: dollarsToCents(input.price),
    stock: input.stock,
    minOrder: input.minOrder,
    rating: input.rating,
    img: input.img,
    description: input.description,
    nameBn: input.nameBn || null,
    descriptionBn: input.descriptionBn || null,
    categoryId: input.category ? await categoryIdOf(catalogue, input.category, 'body.category') : undefined,
  };
}

/** All seven fields are required (section 5). */
export async function addProduct(catalogue: Catalogue, input: ProductInput): Promise<{ insertedId: string }> {
  try {
    return { insertedId: await repository.insertProduct(catalogue.db, await productRow(catalogue, input)) };
  } finally {
    catalogue.cache.invalidate();
  }
}

/**
 * Every field of the add form, stock included (restocking). Given the stock the edit began from,
 * the stock moves by the admin's change instead of being overwritten, so an edit never hands
 * out again units that an order took while the form was open (docs/decisions/003).
 */
export async function editProduct(
  catalogue: Catalogue,
  id: string,
  input: ProductEdit,
): Promise<ProductEditAnswer> {
  try {
    const stockChange = input.stockWas === undefined ? undefined : input.stock - input.stockWas;
    const written = await repository.updateProduct(
      catalogue.db,
      id,
      await productRow(catalogue, input),
      stockChange,
    );
    if (written) return { modifiedCount: 1, stock: written.stock };
    if (!(await repository.existingIds(catalogue.db, [id])).has(id)) throw notFound('Product');
    throw new AppError('CONFLICT', messages.stockTakenMeanwhile, { rule: 'stock' });
  } finally {
    catalogue.cache.invalidate();
  }
}

/** Existing orders survive: they hold their own copy of name, image and price. */
export async function removeProduct(catalogue: Catalogue, id: string): Promise<{ deletedCount: number }> {
  try {
    const deletedCount = await repository.deleteProduct(catalogue.db, id);
    if (deletedCount === 0) throw notFound('Product');
    return { deletedCount };
  } finally {
    catalogue.cache.invalidate();
  }
}

// --- Finding products (docs/decisions/020-catalogue-search.md) ---

/** Words of a search: letters and digits (Bengali digits read as ASCII), at most this many. */
const SEARCH_WORDS_MAX = 8;
const SEARCH_WORD_LENGTH_MAX = 40;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `querystring.${field}: ${message}`, [
    { path: `querystring.${field}`, message },
  ]);

/**
 * The words of a search text: lowercase letters (with their combining marks: Bengali vowel signs
 * are marks) and digits, nothing a query language could read.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6))
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, SEARCH_WORDS_MAX)
    .map((word) => word.slice(0, SEARCH_WORD_LENGTH_MAX));
}

/** True when the query holds any of the parameters that make GET /api/products a search. */
export const isSearch = (query: ProductQuery) =>
  query.q !== undefined ||
  query.category !== undefined ||
  query.inStock !== undefined ||
  query.minPrice !== undefined ||
  query.maxPrice !== undefined ||
  query.sort !== undefined ||
  query.cursor !== undefined;

interface CheckedSearch {
  words: string[];
  category?: string;
  inStock?: boolean;
  minCents?: number;
  maxCents?: number;
  sort: ProductSort;
  limit: number;
}

function checkSearch(query: ProductQuery): CheckedSearch {
  if (query.offset !== undefined)
    throw invalid('offset', 'Search pages follow the cursor of the Link header, not an offset');
  if (query.limit !== undefined && query.limit > SEARCH_PAGE_MAX)
    throw invalid('limit', `At most ${SEARCH_PAGE_MAX}`);
  let words: string[] = [];
  if (query.q !== undefined) {
    if (query.q.trim() === '') throw invalid('q', messages.searchTextEmpty);
    words = searchWords(query.q);
    if (words.length === 0) throw invalid('q', messages.searchNeedsLetter);
  }
  const sort = query.sort ?? (words.length > 0 ? 'relevance' : 'newest');
  if (sort === 'relevance' && words.length === 0) throw invalid('sort', messages.relevanceNeedsSearch);
  const minCents = query.minPrice === undefined ? undefined : dollarsToCents(query.minPrice);
  const maxCents = query.maxPrice === undefined ? undefined : dollarsToCents(query.maxPrice);
  if (minCents !== undefined && maxCents !== undefined && minCents > maxCents)
    throw invalid('minPrice', messages.minPriceAboveMax);
  if (query.category !== undefined && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(query.category))
    throw invalid('category', messages.unknownCategory);
  return {
    words,
    category: query.category,
    inStock: query.inStock,
    minCents,
    maxCents,
    sort,
    limit: query.limit ?? SEARCH_PAGE_DEFAULT,
  };
}

/**
 * What the catalogue says of each search word, by `lookup` (which answers for every word it is
 * given, in one query). Searches share their words ("16 l sprayer", "steel sprayer"), so each
 * word's answer is kept in the catalogue's word cache under `kind` and dropped with the read
 * cache when the catalogue changes. The words no fresh entry holds are looked up in one query,
 * not one each: on the embedded database, which answers one query at a time, each query's own
 * cost is paid by every search waiting behind it.
 */
async function learnedOfEach<T extends { word: string }>(
  catalogue: Catalogue,
  kind: string,
  words: string[],
  lookup: (db: Db, words: string[]) => Promise<T[]>,
): Promise<T[]> {
  const unlearned = [...new Set(words)].filter((word) => !catalogue.words.peek(`${kind}:${word}`));
  let together: Promise<T[]> | undefined;
  const learn = async (word: string) => {
    // A word whose entry went stale since it was looked at is looked up on its own.
    const answers = unlearned.includes(word)
      ? await (together ??= lookup(catalogue.db, unlearned))
      : await lookup(catalogue.db, [word]);
    return answers.find((answer) => answer.word === word);
  };
  return Promise.all(
    words.map(async (word) => {
      const cached = await catalogue.words.get(`${kind}:${word}`, async () => ({
        body: Buffer.from(JSON.stringify(await learn(word))),
      }));
      return JSON.parse(cached.body.toString()) as T;
    }),
  );
}

/**
 * The search terms of checked words: each word as a prefix (whole when that finds the same); a
 * word that begins no catalogue word may also be any of the catalogue words nearest to it (a typo).
 * The words are rare when one of them, searched as typed alone, is in few products: every
 * product found holds it (`rare`, to be asked only when nothing cheaper tells: it counts rows).
 * `lexemes` are the terms as the full-text query reads them (each word's spellings stemmed),
 * when no spelling stems to more than one lexeme and one at least has one.
 */
async function termsOf(
  catalogue: Catalogue,
  words: string[],
): Promise<{ terms: search.SearchTerm[]; rare: () => Promise<boolean>; lexemes?: LexemeTerm[] }> {
  const matches = await learnedOfEach(catalogue, 'word', words, search.matchWords);
  const terms = matches.map(({ word, nearest, whole }) => [
    { text: word, prefix: word.length >= search.PREFIX_FROM_LENGTH && !whole },
    // matchWords gives near words only to a word that begins no catalogue word and may be a typo.
    ...nearest.map((text) => ({ text, prefix: false })),
  ]);
  // A term of the typed word alone (no near words stand in for it) finds only its products.
  const alone = words.filter((_, index) => terms[index]!.length === 1);
  const rare = async () =>
    (await learnedOfEach(catalogue, 'rare', alone, search.rareWords)).some((word) => word.rare);
  // Each spelling's lexemes, in the order of its term's spellings: the typed word's, then its near words'.
  const spellingLexemes = matches.map((match) => [match.lexemes, ...match.nearestLexemes]);
  const readable = spellingLexemes.flat().every((lexemes) => lexemes.length <= 1);
  // A stop word has no lexeme, and a term of stop words alone none: the query leaves them out.
  const lexemes = spellingLexemes
    .map((spellings, index) =>
      spellings.flatMap(([lexeme], spelling) =>
        lexeme === undefined ? [] : [{ lexeme, prefix: terms[index]![spelling]!.prefix }],
      ),
    )
    .filter((spellings) => spellings.length > 0);
  return { terms, rare, ...(readable && lexemes.length > 0 ? { lexemes } : {}) };
}

/**
 * The size of the cache of the newest products' lexemes (`Catalogue.newest`): tens of kilobytes
 * for short descriptions, a few hundred for descriptions of 150 words. A cache keeps no entry of
 * more than a quarter of its size (read-cache.ts), the key and the entry's overhead included.
 */
export const NEWEST_WORDS_CACHE_BYTES = 2 * 1024 * 1024;
const NEWEST_WORDS_MAX_BYTES = NEWEST_WORDS_CACHE_BYTES / 4 - 1024;

/**
 * Whether words searched with no filter are rare together: the newest products, which a search's
 * first walk reads, hold too few of them for that walk to fill a page or walk on, so it would
 * walk in vain before the GIN index answers (decision 020).
 */
async function rareAmongNewest(
  catalogue: Catalogue,
  lexemes: LexemeTerm[],
  wanted: number,
): Promise<boolean> {
  const newest = await catalogue.newest.get('newest', async () => {
    const indexed = indexNewestWords(await search.newestLexemes(catalogue.db));
    // More would never be kept, and be read again for every search: those walk as before.
    return indexed.body.length <= NEWEST_WORDS_MAX_BYTES ? indexed : { body: '' };
  });
  return isNewestWords(newest) && search.walkFallsShort(countHolding(newest, lexemes), wanted);
}

/**
 * One page of a product search as a serialized answer, with `Link: <…>; rel="next"` carrying a
 * signed cursor when more follow. Cached like every catalogue read, per search and page.
 */
export async function productSearchAnswer(
  catalogue: Catalogue,
  query: ProductQuery,
  path: string,
  /** Where the search's steps are written down (tests). */
  steps?: search.SearchStep[],
): Promise<PreparedAnswer> {
  const checked = checkSearch(query);
  const filters = [
    checked.category ?? null,
    checked.inStock ?? null,
    checked.minCents ?? null,
    checked.maxCents ?? null,
  ];
  const canonical = JSON.stringify([checked.words, ...filters, checked.sort, checked.limit]);
  const after = query.cursor ? catalogue.cursors.decode(query.cursor, canonical) : undefined;
  const categoryId = checked.category
    ? await categoryIdOf(catalogue, checked.category, 'querystring.category')
    : undefined;
  return catalogue.cache.get(`search:${query.lang ?? 'en'}:${canonical}:${query.cursor ?? ''}`, async () => {
    let resume: search.After | undefined;
    if (after) {
      const [tier, ...rest] = after.key.split('|');
      resume = { tier: Number(tier), key: rest.join('|'), id: after.id };
      if (!Number.isInteger(resume.tier) || resume.tier < 0 || resume.tier > 2)
        throw invalid('cursor', 'Invalid cursor');
    }
    const words = checked.words.length > 0 ? await termsOf(catalogue, checked.words) : undefined;
    // Words common one by one but rare together ("20 l sprayer") cost a walk in vain before the
    // GIN index answers; once one search has found that out, the same words and filters in any
    // other sort, language or page go to the GIN index at once (decision 020). Every word must be
    // in each product found, so the words are a set: "sprayer 20 l" is the same search.
    const wordSet = [...new Set(checked.words)].sort();
    const rareTogether = `together:${JSON.stringify([wordSet, ...filters])}`;
    const unfiltered = filters.every((filter) => filter === null);
    // One more than the page, to learn whether another follows; the newest products are counted
    // against the same number the walk would have to find.
    const wanted = checked.limit + 1;
    const rows = await search.searchProducts(catalogue.db, {
      terms: words?.terms,
      // The cheapest tests first: what an earlier search found out, then the count among the
      // newest products, then the words' own counts, which read rows.
      rare:
        catalogue.words.peek(rareTogether) !== undefined ||
        (unfiltered &&
          words?.lexemes !== undefined &&
          (await rareAmongNewest(catalogue, words.lexemes, wanted))) ||
        (words !== undefined && (await words.rare())),
      foundRare: () => void catalogue.words.get(rareTogether, async () => ({ body: '' })),
      steps,
      categoryId,
      inStock: checked.inStock,
      minCents: checked.minCents,
      maxCents: checked.maxCents,
      sort: checked.sort,
      after: resume,
      limit: wanted,
    });
    const page = rows.slice(0, checked.limit);
    const body = JSON.stringify(
      page.map(({ sortKey: _key, tier: _tier, ...product }) => inLanguage(product, query.lang ?? 'en')),
    );
    const shows = listing(page, checked.inStock !== undefined);
    const last = page.at(-1);
    if (rows.length <= checked.limit || !last) return { ...prepareAnswer(body), shows };
    const cursor = catalogue.cursors.encode({
      search: canonical,
      key: `${last.tier}|${last.sortKey}`,
      id: last._id,
    });
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && name !== 'cursor') params.set(name, String(value));
    params.set('cursor', cursor);
    return { ...prepareAnswer(body, `<${path}?${params}>; rel="next"`), shows };
  });
}

// --- Pages the server draws from the catalogue (src/server/modules/pages) ---

/**
 * The HTML of a page about one product (`page` names which: its own page, the place-order
 * page), drawn by `draw` and cached like the product's JSON.
 */
export function productHtmlAnswer(
  catalogue: Catalogue,
  page: 'product' | 'placeorder',
  id: string,
  language: Language,
  draw: (product: Awaited<ReturnType<typeof getProduct>>) => string,
): Promise<PreparedAnswer> {
  return catalogue.cache.get(`page:${page}:${language}:${id}`, async () => {
    const product = await getProduct(catalogue.db, id);
    return { ...prepareAnswer(draw(product)), shows: listing([product], false) };
  });
}

/**
 * The HTML of the products page: the first page of the newest products (the search the page
 * makes first), drawn by `draw` and cached like that search.
 */
export function productsHtmlAnswer(
  catalogue: Catalogue,
  language: Language,
  draw: (products: CatalogueProduct[]) => string,
): Promise<PreparedAnswer> {
  return catalogue.cache.get(`page:products:${language}`, async () => {
    const first = await productSearchAnswer(catalogue, { sort: 'newest', lang: language }, '/api/products');
    return {
      ...prepareAnswer(draw(JSON.parse(first.body.toString()) as CatalogueProduct[])),
      shows: first.shows,
    };
  });
}

/** Product addresses per sitemap file (the protocol allows 50,000). */
export const SITEMAP_PRODUCTS = 40_000;

/** How many sitemap files the products need. */
export async function sitemapFileCount(catalogue: Catalogue): Promise<number> {
  const answer = await catalogue.cache.get('sitemap:count', async () => ({
    body: Buffer.from(String(await repository.countProducts(catalogue.db))),
    shows: SHOWS_NO_STOCK,
  }));
  return Math.max(1, Math.ceil(Number(answer.body.toString()) / SITEMAP_PRODUCTS));
}

/** The product ids of sitemap file `index` (0-based), in id order (the primary key's index). */
export function sitemapProductIds(catalogue: Catalogue, index: number): Promise<string[]> {
  return repository.productIds(catalogue.db, index * SITEMAP_PRODUCTS, SITEMAP_PRODUCTS);
}

/** The products CSV, produced a batch at a time so a large catalogue never sits in memory whole. */
export async function* productsCsv(catalogue: Catalogue): AsyncGenerator<string> {
  yield CSV_BOM;
  let afterId: string | null = null;
  for (let first = true; ; first = false) {
    const rows = await repository.exportRows(catalogue.db, afterId, 1000);
    if (rows.length === 0 && !first) return;
    yield csvLines(rows, first);
    if (rows.length < 1000) return;
    afterId = rows.at(-1)!._id;
  }
}

/** What an import did: rows created and updated, and each refused row with its reasons. */
export interface ImportReport {
  created: number;
  updated: number;
  refused: Array<{ line: number; id?: string; errors: string[] }>;
}

const STOCK_TAKEN_SINCE_EXPORT =
  'stock: Orders have taken units of this product since the file was exported, so its stock cannot go that low. Export the products again and set its stock there';

const number = (cell: string | undefined) =>
  cell === undefined || cell.trim() === '' ? undefined : Number(cell);

/**
 * Creates the rows without an id and updates those with one, each checked by the same schema
 * and category rule as Add a Product. An update that gives `stock_was` (the stock its export
 * showed) moves the stock by its change, as an edit given stockWas does. Refused rows are
 * reported with their line and reasons; the valid rows are written together, in one transaction
 * (docs/decisions/030).
 */
export async function importProducts(catalogue: Catalogue, text: string): Promise<ImportReport> {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', `body: ${(error as Error).message}`);
  }
  if (records.length > IMPORT_MAX_ROWS)
    throw new AppError('PAYLOAD_TOO_LARGE', `At most ${IMPORT_MAX_ROWS} products per import`);
  const known = await repository.existingIds(
    catalogue.db,
    records.flatMap(({ record }) => (record.id && idSchema.safeParse(record.id).success ? [record.id] : [])),
  );
  const report: ImportReport = { created: 0, updated: 0, refused: [] };
  const creates: NewProduct[] = [];
  const updates: Array<{ id: string; line: number; product: NewProduct; stockChange?: number }> = [];
  const seen = new Set<string>();
  for (const { line, record } of records) {
    const errors: string[] = [];
    const cells = Object.fromEntries(
      Object.entries(record).map(([column, value]) => {
        const cell = cellValue(value);
        if (cell === null) errors.push(`${column}: A formula is not accepted`);
        return [column, cell ?? undefined];
      }),
    ) as typeof record;
    const id = cells.id?.trim() || undefined;
    if (id && !idSchema.safeParse(id).success) errors.push('id: Invalid id');
    else if (id && !known.has(id)) errors.push('id: No product has this id');
    else if (id && seen.has(id)) errors.push('id: This product is already in the file');
    if (id) seen.add(id);
    // Every reason at once, so the admin fixes a row in one go; a cell already refused as a
    // formula is not reported a second time as missing.
    const parsed = productEditSchema.safeParse({
      name: cells.name,
      description: cells.description,
      nameBn: cells.name_bn,
      descriptionBn: cells.description_bn,
      category: cells.category?.trim() || undefined,
      price: number(cells.price),
      stock: number(cells.stock),
      // Only an update moves stock from what its file showed; a new product's stock is as given.
      stockWas: id ? number(cells.stock_was) : undefined,
      minOrder: number(cells.min_order),
      rating: number(cells.rating),
      img: cells.img?.trim(),
    });
    if (!parsed.success) {
      const refusedCells = new Set(
        errors.map((error) => error.split(':')[0]!.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())),
      );
      for (const issue of parsed.error.issues)
        if (!refusedCells.has(String(issue.path[0])))
          errors.push(`${issue.path.join('.')}: ${issue.message}`);
    }
    let product: NewProduct | undefined;
    if (parsed.success && errors.length === 0) {
      try {
        product = await productRow(catalogue, parsed.data);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        errors.push(error.message.replace(/^body\./, ''));
      }
    }
    if (errors.length > 0 || !product) {
      report.refused.push({ line, ...(id ? { id } : {}), errors });
      continue;
    }
    const stockWas = parsed.data?.stockWas;
    if (!id) creates.push(product);
    else
      updates.push({
        id,
        line,
        product,
        ...(stockWas === undefined ? {} : { stockChange: product.stock - stockWas }),
      });
  }
  let notWritten: typeof updates = [];
  if (creates.length + updates.length > 0) {
    try {
      notWritten = await repository.applyImport(catalogue.db, creates, updates);
    } finally {
      catalogue.cache.invalidate();
    }
    for (const { id, line } of notWritten)
      report.refused.push({ line, id, errors: [STOCK_TAKEN_SINCE_EXPORT] });
    report.refused.sort((a, b) => a.line - b.line);
    // An import may change the catalogue wholesale: its statistics follow at once, not when
    // autovacuum comes round (on PGlite, never). They only guide plans, so the import, already
    // written, is reported whatever becomes of them.
    await repository.analyzeCatalogue(catalogue.db).catch(() => undefined);
  }
  return { ...report, created: creates.length, updated: updates.length - notWritten.length };
}

/**
 * On the embedded database, which has no autovacuum, the catalogue's statistics are brought up
 * to date each time the shop opens it (ANALYZE reads a sample of rows, not the whole table); on
 * PostgreSQL autovacuum keeps them.
 */
export async function catalogueOpened(db: Db, kind: DatabaseHandle['kind']): Promise<void> {
  if (kind === 'pglite') await repository.analyzeCatalogue(db);
}
