import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, rowsOf, type Db } from '../../db/client.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { CatalogueProduct } from '../../../shared/schemas/product.schema.ts';
import type { ProductSort } from '../../../shared/constants.ts';
import type { BengaliTexts } from './products.repository.ts';

// Finding products: GET /api/products with search parameters (docs/decisions/020-catalogue-search.md).
// Every query here is shaped for an index, so no query computes anything over every row:
// - the sort orders are B-tree indexes: (created_at, id), (price_cents, id), (rating, id), and
//   (category_id, created_at, id) for a category's newest;
// - words are a full-text query on the GIN indexes of the stored tsvectors `search_name` (the
//   name) and `search` (name and description);
// - misspelt words are corrected against the small `search_words` table (trigram GIN index).
// A search is answered in up to three steps: first the next WALK_LIMIT rows in sort order are
// read off the sort index and checked against the words (cheap, and enough whenever matches are
// common); when they hold a fair share of a page but not all of it, a walk newest first goes on
// as far as that share says the page needs (up to twice as far); only when that does not
// fill the page are all matches taken from the GIN index and sorted (cheap, because then matches
// are rare). A search holding a word known to be rare (RARE_MATCHES) skips the walks and asks
// the GIN index at once. Relevance has two tiers (the name, then the description): when both
// are rare, one pass over the GIN index serves both. PostgreSQL's planner guesses the share of
// matches badly for prefix and AND queries, so the code decides, not the planner.

/**
 * How alike (trigram similarity, 0–1) a catalogue word must be to stand in for a misspelt
 * search word: "knapsak" and "knapsack" score 0.55, "prunning" and "pruning" 0.7, while
 * "tractor" and "tray" (0.3, pg_trgm's own threshold) are not taken for each other.
 */
const NEAR_WORD_SIMILARITY = 0.45;

/** Rows read off the sort index before falling back to the GIN index. */
const WALK_LIMIT = 2000;

/**
 * A word found in fewer products than this is rare: a search holding it goes to the GIN index
 * at once, for at most this many rows, without first walking WALK_LIMIT rows in sort order that
 * would hold a few of them at best. Walking 2,000 rows by price or rating reads about as many
 * heap blocks, more than the index reads for a model number ("AT-18504") or an uncommon word
 * (docs/benchmarks.md).
 */
export const RARE_MATCHES = 200;

/**
 * Words shorter than this ("l" in "16 l") are searched whole, never as prefixes: as prefixes they
 * match half the dictionary and make the query slow for nothing. Hence they are never rare either.
 */
export const PREFIX_FROM_LENGTH = 3;

/**
 * A walk goes on, rather than ask the GIN index, when it found a share of the page that promises
 * the rest within this many times its length (with SAFETY to spare). Words common one by one
 * but rare together ("heavy duty weeder": 22 of 25 in the newest 2,000 of 100,000 products) have
 * a thousand matches, whose rows the GIN step reads one by one, while walking on reads a few
 * thousand rows in order: the whole search took 4 ms instead of 11 on PostgreSQL and 9 instead of
 * 20 on PGlite (docs/benchmarks.md). A walk that found fewer (a page needs more than twice as
 * far: 19 of 25) leaves for the GIN index. Twice, not four times: in the load bench's first
 * searches at 100,000 products, three in four walks on from fewer than 19 still fell short and
 * paid the GIN step after them, 10–15 ms a search on PGlite where the walk and the GIN step
 * alone take 4–5 (docs/benchmarks.md).
 */
const LONGEST_WALK = 2;
const SAFETY = 1.5;

/** The fewest matches a walk must find of `wanted` to go on rather than ask the GIN index. */
const fewestToWalkOn = (wanted: number) => Math.ceil((wanted * SAFETY) / LONGEST_WALK);

/**
 * Whether a first walk (WALK_LIMIT rows, no filter) that holds `found` matches leaves for the
 * GIN index: the words are rare together, and a search of them may skip the walk (`rare`).
 */
export const walkFallsShort = (found: number, wanted: number) => found < fewestToWalkOn(wanted);

/** How far to walk when `found` matches in `walked` rows fell short of `wanted`. */
const longerWalk = (walked: number, found: number, wanted: number) =>
  Math.ceil((walked * wanted * SAFETY) / found);

/**
 * Which steps answered a search beyond the first walk, for tests that check the steps a shape
 * of search takes: a longer walk, the GIN index after the walk, the GIN index alone (rare words).
 */
export type SearchStep = 'walk on' | 'index' | 'index only';

/**
 * One word of a search: any of its spellings may match (the typed word, as a prefix, and the
 * catalogue words near it). Spellings hold letters and digits only (checked by the service),
 * so the to_tsquery text built from them holds no operator a person typed.
 */
export type SearchTerm = { text: string; prefix: boolean }[];

/** The to_tsquery text of the terms, every one required. */
export function tsqueryText(terms: SearchTerm[]): string {
  return terms
    .map((spellings) => {
      const parts = spellings.map(({ text, prefix }) => (prefix ? `${text}:*` : text));
      return parts.length === 1 ? parts[0] : `(${parts.join(' | ')})`;
    })
    .join(' & ');
}

export interface SearchFilters {
  /** Words every product found holds (in name or description). */
  terms?: SearchTerm[];
  /** One of the terms is in fewer than RARE_MATCHES products (`WordMatch.rare`): no walk. */
  rare?: boolean;
  categoryId?: string;
  inStock?: boolean;
  minCents?: number;
  maxCents?: number;
}

/** Where the previous page ended: the sort key as text, and the id. */
export interface After {
  tier: number;
  key: string;
  id: string;
}

export interface SearchRequest extends SearchFilters {
  sort: ProductSort;
  after?: After;
  /** Rows wanted (the service asks one more than the page to learn whether another follows). */
  limit: number;
  /** Rows read off the sort index before the GIN index is asked (WALK_LIMIT unless a test says). */
  walkLimit?: number;
  /** Where the steps taken beyond the first walk are written down (tests). */
  steps?: SearchStep[];
  /**
   * Called when a walk found too few matches to fill the page and the GIN index answered: the
   * words (with these filters) are rare together, and the caller may say so (`rare`) when they
   * are searched again in another order, language or page.
   */
  foundRare?: () => void;
}

export interface FoundProduct extends CatalogueProduct, BengaliTexts {
  /** The sort key as text, for the next cursor. */
  sortKey: string;
  tier: number;
}

interface SortSpec {
  /** The sort expression (a column of products). */
  key: SQL;
  /** Its exact text form for a cursor. */
  keyText: SQL;
  /** The SQL type a cursor's text is read back as. */
  cast: SQL;
  descending: boolean;
  /**
   * Rows in this order lie about in the order they were stored (the newest last), so a walk
   * reads consecutive heap blocks: about 70 for 2,000 rows, where a walk by price or rating
   * reads a block per row. Only such a walk is worth walking on; in another order the GIN pass
   * reads fewer blocks than a second walk would (docs/benchmarks.md).
   */
  storedOrder: boolean;
}

const sorts: Record<Exclude<ProductSort, 'relevance'>, SortSpec> = {
  newest: {
    key: sql`p.created_at`,
    keyText: sql`p.created_at::text`,
    cast: sql`timestamptz`,
    descending: true,
    storedOrder: true,
  },
  'price-asc': {
    key: sql`p.price_cents`,
    keyText: sql`p.price_cents::text`,
    cast: sql`integer`,
    descending: false,
    storedOrder: false,
  },
  'price-desc': {
    key: sql`p.price_cents`,
    keyText: sql`p.price_cents::text`,
    cast: sql`integer`,
    descending: true,
    storedOrder: false,
  },
  rating: {
    key: sql`p.rating`,
    keyText: sql`p.rating::text`,
    cast: sql`real`,
    descending: true,
    storedOrder: false,
  },
};

interface Row extends Record<string, unknown> {
  id: string;
  name: string;
  price_cents: number;
  description: string;
  min_order: number;
  stock: number;
  img: string;
  rating: number;
  category: string;
  name_bn: string | null;
  description_bn: string | null;
  sort_key: string;
}

function filterConditions(filters: SearchFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.categoryId) conditions.push(sql`p.category_id = ${filters.categoryId}::uuid`);
  if (filters.inStock === true) conditions.push(sql`p.stock > 0`);
  if (filters.inStock === false) conditions.push(sql`p.stock = 0`);
  if (filters.minCents !== undefined) conditions.push(sql`p.price_cents >= ${filters.minCents}`);
  if (filters.maxCents !== undefined) conditions.push(sql`p.price_cents <= ${filters.maxCents}`);
  return conditions;
}

const and = (conditions: SQL[]) =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` and `,
      );

const columns = (spec: SortSpec) => sql`
    p.id, p.name, p.price_cents, p.description, p.min_order, p.stock, p.img, p.rating,
    p.name_bn, p.description_bn, c.slug as category, ${spec.keyText} as sort_key`;

/** Rows after the cursor in `spec`'s order (descending keys come before the cursor's). */
function afterCondition(spec: SortSpec, after: { key: string; id: string }): SQL {
  const op = spec.descending ? sql`<` : sql`>`;
  return sql`(${spec.key}, p.id) ${op} (${after.key}::${spec.cast}, ${after.id}::uuid)`;
}

interface Page {
  spec: SortSpec;
  /** The filters, and the cursor's condition when there is one. */
  conditions: SQL[];
  limit: number;
  /** Rows read off the sort index by `walk` (WALK_LIMIT; tests make it small). */
  walkLimit: number;
  /** The words are rare: the GIN index answers without a walk. */
  rare: boolean;
  steps: SearchStep[];
  /** `SearchRequest.foundRare`. */
  foundRare: () => void;
}

const directionOf = (spec: SortSpec) => (spec.descending ? sql`desc` : sql`asc`);
const orderOf = (spec: SortSpec) => sql`${spec.key} ${directionOf(spec)}, p.id ${directionOf(spec)}`;

/** Step 1: the next `walkLimit` rows in sort order, checked against the words. */
async function walk(run: Statements, page: Page, match: SQL): Promise<Row[]> {
  const order = orderOf(page.spec);
  return rowsOf<Row>(
    await run.execute(sql`
      select ${columns(page.spec)}
      from (select * from products p where ${and(page.conditions)}
            order by ${order} limit ${page.walkLimit}) p
      join categories c on c.id = p.category_id
      where ${match}
      order by ${order}
      limit ${page.limit}`),
  );
}

/**
 * Step 2, for matches too rare for the walk: all of them from the GIN index, then sorted. Only
 * their ids and sort keys are sorted; the page's rows are read afterwards.
 */
async function everyMatch(run: Statements, page: Page, match: SQL): Promise<Row[]> {
  const direction = directionOf(page.spec);
  return rowsOf<Row>(
    await run.execute(sql`
      with matched as materialized (
        select p.id, ${page.spec.key} as sort_value from products p where ${match} and ${and(page.conditions)}),
      chosen as (
        select id from matched order by sort_value ${direction}, id ${direction} limit ${page.limit})
      select ${columns(page.spec)}
      from chosen join products p using (id) join categories c on c.id = p.category_id
      order by ${orderOf(page.spec)}`),
  );
}

/** One page in `spec`'s order of the products `match` finds, or of all when there are no words. */
async function readMatches(run: Statements, page: Page, match: SQL | undefined): Promise<Row[]> {
  if (!match)
    return rowsOf<Row>(
      await run.execute(sql`
        select ${columns(page.spec)}
        from products p join categories c on c.id = p.category_id
        where ${and(page.conditions)}
        order by ${orderOf(page.spec)}
        limit ${page.limit}`),
    );
  if (page.rare) {
    page.steps.push('index only');
    return everyMatch(run, page, match);
  }
  const walked = await walkOn(run, page, match);
  if (walked.length >= page.limit) return walked;
  page.steps.push('index');
  // Only a walk in the stored order says how rare the words are: by price or rating they may
  // all lie far along (sprayers are dear), and the same words walked newest first fill a page.
  if (page.spec.storedOrder) page.foundRare();
  return everyMatch(run, page, match);
}

/**
 * The page to walk again, further, when a walk of `page` found `found` matches: a fair share of
 * the page but not all of it. Undefined when the walk filled the page or found too few, or when
 * its order is not the stored one.
 */
function furtherWalk(page: Page, found: number): Page | undefined {
  if (!page.spec.storedOrder) return undefined;
  if (found >= page.limit || found < fewestToWalkOn(page.limit)) return undefined;
  page.steps.push('walk on');
  return { ...page, walkLimit: longerWalk(page.walkLimit, found, page.limit) };
}

/** `walk`, and a longer walk when the first found a fair share of the page but not all of it. */
async function walkOn(run: Statements, page: Page, match: SQL): Promise<Row[]> {
  const walked = await walk(run, page, match);
  const further = furtherWalk(page, walked.length);
  return further ? walk(run, further, match) : walked;
}

type TieredRow = Row & { tier: number };

/**
 * Both relevance tiers at once, for words whose matches are rare: the ids (with tier and sort
 * value) of one page of every match of `anywhere` from the GIN index, tier 1 when `inName`
 * holds too, name matches first, each tier newest first. `after` is a position in tier 1. The
 * scan runs only when `when` holds (a condition on no row, which PostgreSQL checks once).
 */
function bothTiersPage(
  base: SQL[],
  inName: SQL,
  anywhere: SQL,
  after: { key: string; id: string } | undefined,
  limit: number,
  when: SQL = sql`true`,
): SQL {
  const afterCursor = after
    ? sql`tier = 2 or (sort_value, id) < (${after.key}::${sorts.newest.cast}, ${after.id}::uuid)`
    : sql`true`;
  return sql`
    select id, tier, sort_value from (
      select p.id, p.created_at as sort_value, case when ${inName} then 1 else 2 end as tier
      from products p where ${when} and ${anywhere} and ${and(base)}) matched
    where ${afterCursor}
    order by tier, sort_value desc, id desc limit ${limit}`;
}

/** The rows of a page chosen as ids with a tier (and a step), in order. */
const readChosen = async (run: Statements, chosen: SQL, prefix = sql``): Promise<TieredRow[]> =>
  rowsOf<TieredRow>(
    await run.execute(sql`
      ${prefix}
      select ${columns(sorts.newest)}, chosen.tier, chosen.step
      from (${chosen}) chosen join products p using (id) join categories c on c.id = p.category_id
      order by chosen.step, chosen.tier, ${orderOf(sorts.newest)}`),
  );

/**
 * The first page by relevance in one round trip, in up to three steps, each run only when the
 * one before cannot answer (a condition on no row, which PostgreSQL checks once before the
 * step's scan):
 * 1. `first`: the first matches of the newest rows, in order. When the page's worth are all
 *    name matches, they are the page (common words stop early here);
 * 2. `walked`: when they are mixed, every match of the newest `walkLimit` rows, name matches
 *    first (the page when enough of them are in the name, else the heads of tier 2);
 * 3. `indexed`: when the newest rows hold fewer matches than `indexBelow`, both tiers from the
 *    GIN index, which then hold the whole answer. Between that and a page, neither step 2 nor
 *    step 3 runs: the caller walks on.
 */
async function firstPageByRelevance(
  run: Statements,
  page: Page,
  inName: SQL,
  anywhere: SQL,
  indexBelow: number,
): Promise<{ first: TieredRow[]; walked: TieredRow[]; indexed: TieredRow[] }> {
  const order = orderOf(page.spec);
  // The matches among the newest `walkLimit` rows (read only when `when` holds), in `sorted` order.
  const newestMatches = (when: SQL, sorted: SQL) => sql`
    select p.id, case when ${inName} then 1 else 2 end as tier, p.created_at as sort_value
    from (select * from products p where ${when} and ${and(page.conditions)}
          order by ${order} limit ${page.walkLimit}) p
    where ${anywhere}
    order by ${sorted}
    limit ${page.limit}`;
  const rows = await readChosen(
    run,
    sql`
      select id, tier, sort_value, 1 as step from first
      union all
      select id, tier, sort_value, 2 as step from walked
      union all
      select id, tier, sort_value, 3 as step from (${bothTiersPage(
        page.conditions,
        inName,
        anywhere,
        undefined,
        page.limit,
        sql`(select count(*) from first) < ${indexBelow}`,
      )}) indexed`,
    sql`
      with first as materialized (${newestMatches(sql`true`, order)}),
      walked as materialized (${newestMatches(
        sql`(select count(*) from first) = ${page.limit} and exists (select 1 from first where tier = 2)`,
        sql`tier, ${order}`,
      )})`,
  );
  const step = (n: number) => rows.filter((row) => Number(row.step) === n);
  return { first: step(1), walked: step(2), indexed: step(3) };
}

/** How a search's statements are run, and how its words become a full-text query in them. */
interface Statements {
  execute(query: SQL): Promise<unknown>;
  tsquery(words: string): SQL;
}

/**
 * Statements parsed and planned with their values on every call. A plan's choice of index can
 * hang on a value: a price range that covers most products is best walked in sort order, a
 * narrow one off the price index; a small category off its own index.
 */
const planEachCall = (db: Db): Statements => ({
  execute: (query) => db.execute(query),
  tsquery: (words) => sql`to_tsquery('english', ${words})`,
});

/**
 * Prepared statements (client.ts `executePrepared`): on PostgreSQL each connection parses a shape
 * once and keeps one plan made without the values, which saves about as much as running the
 * search costs. Only for searches whose values cannot change which index is right: words, the
 * sort, the stock filter (written into the text) and a cursor, which every plan reads off the
 * sort's own index. The words' query is a subquery, computed once per statement, where
 * `to_tsquery` with a parameter in a filter would be computed again for every row read.
 */
const planOnce = (db: Db): Statements => ({
  execute: (query) => executePrepared(db, query),
  tsquery: (words) => sql`(select to_tsquery('english', ${words}))`,
});

/**
 * One page of products. With words, `relevance` lists products whose name holds every word
 * first, then those that hold them elsewhere (the description), each tier newest first.
 */
export async function searchProducts(db: Db, request: SearchRequest): Promise<FoundProduct[]> {
  const run =
    request.categoryId === undefined && request.minCents === undefined && request.maxCents === undefined
      ? planOnce(db)
      : planEachCall(db);
  const base = filterConditions(request);
  const terms = request.terms && request.terms.length > 0 ? request.terms : undefined;
  const words = terms ? tsqueryText(terms) : undefined;
  const walkLimit = request.walkLimit ?? WALK_LIMIT;
  const rare = request.rare === true;
  const steps = request.steps ?? [];
  const foundRare = request.foundRare ?? (() => undefined);
  const toRow =
    (tier: number) =>
    (row: Row): FoundProduct => ({
      _id: row.id,
      name: row.name,
      price: centsToDollars(Number(row.price_cents)),
      description: row.description,
      minOrder: Number(row.min_order),
      stock: Number(row.stock),
      img: row.img,
      rating: Number(row.rating),
      category: row.category,
      nameBn: row.name_bn,
      descriptionBn: row.description_bn,
      sortKey: row.sort_key,
      tier,
    });

  /** A page of this search in `spec`'s order, after the cursor's row when there is one. */
  const pageOf = (spec: SortSpec, after: { key: string; id: string } | undefined): Page => ({
    spec,
    conditions: after ? [...base, afterCondition(spec, after)] : base,
    limit: request.limit,
    walkLimit,
    rare,
    steps,
    foundRare,
  });

  if (request.sort !== 'relevance' || !words) {
    const spec = sorts[request.sort === 'relevance' ? 'newest' : request.sort];
    const match = words ? sql`p.search @@ ${run.tsquery(words)}` : undefined;
    const rows = await readMatches(run, pageOf(spec, request.after), match);
    return rows.map(toRow(0));
  }

  // Relevance: tier 1 = every word in the name, tier 2 = the other matches.
  const inName = sql`p.search_name @@ ${run.tsquery(words)}`;
  const anywhere = sql`p.search @@ ${run.tsquery(words)}`;
  const otherwhere = sql`${anywhere} and not (${inName})`;
  const { after, limit } = request;
  const newest = (from: typeof after) => pageOf(sorts.newest, from);
  // Few description matches after every name match say nothing of how rare the name matches are.
  if (after?.tier === 2)
    return (await readMatches(run, { ...newest(after), foundRare: () => undefined }, otherwhere)).map(
      toRow(2),
    );
  if (rare) {
    steps.push('index only');
    return bothTiersFromIndex();
  }

  // Step 1: the newest rows. Common name matches fill the page. Tier 2 starts from the newest
  // product whatever a cursor in tier 1 says, so the first page (most searches have no other)
  // reads both tiers in one walk, with step 2 in the same round trip; a later page walks each.
  let named: Row[];
  let others: Row[];
  if (after) {
    named = await walkOn(run, newest(after), inName);
    if (named.length >= limit) return named.map(toRow(1));
    others = await walk(run, newest(undefined), otherwhere);
  } else {
    const start = newest(undefined);
    let firstPage = await firstPageByRelevance(run, start, inName, anywhere, fewestToWalkOn(limit));
    const further = furtherWalk(start, firstPage.first.length);
    if (further) firstPage = await firstPageByRelevance(run, further, inName, anywhere, limit);
    const { first, walked, indexed } = firstPage;
    if (first.length < limit) {
      steps.push('index');
      foundRare();
      return indexed.map((row) => toRow(Number(row.tier))(row));
    }
    if (first.every((row) => Number(row.tier) === 1)) return first.map(toRow(1));
    named = walked.filter((row) => Number(row.tier) === 1);
    if (named.length >= limit) return named.map(toRow(1));
    others = walked.filter((row) => Number(row.tier) === 2);
  }
  // Common matches outside the name fill the page behind all of tier 1.
  if (named.length + others.length >= limit) {
    steps.push('index');
    const allNamed = await everyMatch(run, newest(after), inName);
    return [...allNamed.map(toRow(1)), ...others.slice(0, limit - allNamed.length).map(toRow(2))];
  }
  // A later page whose words are rare in both tiers: one pass over the GIN index serves both,
  // where a pass per tier would read the same posting lists twice.
  steps.push('index');
  foundRare();
  return bothTiersFromIndex();

  async function bothTiersFromIndex(): Promise<FoundProduct[]> {
    const rows = await readChosen(
      run,
      sql`select id, tier, sort_value, 2 as step from (${bothTiersPage(base, inName, anywhere, after, limit)}) indexed`,
    );
    return rows.map((row) => toRow(Number(row.tier))(row));
  }
}

export interface WordMatch {
  word: string;
  /** A word of the catalogue begins with it. */
  known: boolean;
  /**
   * The nearest catalogue words (trigram similarity), when it is not known and may be a typo;
   * otherwise none, and the trigram index is not asked.
   */
  nearest: string[];
  /** The lexemes of each of `nearest`, as the full-text query reads them. */
  nearestLexemes: string[][];
  /**
   * Its lexeme begins no other lexeme of the catalogue (search_lexemes), so as a prefix it
   * would find exactly what it finds whole, and whole costs the GIN index one entry.
   */
  whole: boolean;
  /**
   * Its lexemes as the full-text query reads it (stemmed): one for most words, none for a stop
   * word (the query leaves it out).
   */
  lexemes: string[];
}

/** Search words as one `text[]` value, each its own parameter. */
const textArray = (words: string[]) =>
  sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;

/**
 * Whether a word that begins no catalogue word may be a misspelling of one: four letters or
 * more. Numbers, model numbers and short words are taken as typed.
 */
const mayBeTypo = (word: string) => /^[\p{L}\p{M}]{4,}$/u.test(word);

/**
 * For each search word (letters and digits only, checked by the service, so LIKE sees no
 * wildcard): is it the start of a catalogue word, and if not, which words is it near (asked
 * only of a word that may be a typo, the only words whose near words the search uses)? And may
 * it be searched whole: its one lexeme (stemmed as to_tsquery stems it) is followed in C order
 * by no lexeme that begins with it (migration 0009 says why that is enough).
 */
export async function matchWords(db: Db, words: string[]): Promise<WordMatch[]> {
  if (words.length === 0) return [];
  const rows = rowsOf<{
    word: string;
    known: boolean;
    nearest: string[] | null;
    nearest_lexemes: string[] | null;
    whole: boolean;
    lexemes: string[];
  }>(
    await executePrepared(
      db,
      sql`
      select q.word,
             k.known,
             near.words as nearest,
             (select array_agg(array_to_string(tsvector_to_array(to_tsvector('english', n.word)), ' ') order by n.at)
              from unnest(near.words) with ordinality n(word, at)) as nearest_lexemes,
             cardinality(t.lexemes) = 1 and not coalesce(
               (select starts_with(min(l.lexeme), t.lexemes[1] collate "C") from search_lexemes l
                where l.lexeme > t.lexemes[1] collate "C"),
               false) as whole,
             t.lexemes
      from unnest(${textArray(words)}, array[${sql.join(
        words.map((word) => sql`${mayBeTypo(word)}`),
        sql`, `,
      )}]::boolean[]) as q(word, may_be_typo)
      cross join lateral (select exists (select 1 from search_words w where w.word like q.word || '%') as known) k
      cross join lateral (select case when q.may_be_typo and not k.known then (select array_agg(n.word) from (
                select w.word from search_words w
                where w.word % q.word and similarity(w.word, q.word) >= ${NEAR_WORD_SIMILARITY}
                order by similarity(w.word, q.word) desc, w.word limit 3) n) end as words) near
      cross join lateral (select tsvector_to_array(to_tsvector('english', q.word)) as lexemes) t`,
    ),
  );
  return rows.map((row) => ({
    word: row.word,
    known: row.known,
    nearest: row.nearest ?? [],
    nearestLexemes: (row.nearest_lexemes ?? []).map((lexemes) => lexemes.split(' ').filter(Boolean)),
    whole: row.whole,
    lexemes: row.lexemes,
  }));
}

/**
 * For each search word, whether as a prefix (so whole too) it is in fewer than RARE_MATCHES
 * products: a count from the GIN index that stops there, asked only of words that are not among
 * the column's most common lexemes. Never for a word of one or two characters (searched whole,
 * and a prefix of half the dictionary) nor for a stop word (it has no lexeme, and the search
 * leaves it out). Asked apart from matchWords, and only when nothing cheaper has told the search
 * its words are rare: each count visits the rows it finds, which costs a first search of a model
 * number more than all the rest of learning its words.
 */
export async function rareWords(db: Db, words: string[]): Promise<{ word: string; rare: boolean }[]> {
  if (words.length === 0) return [];
  return rowsOf<{ word: string; rare: boolean }>(
    await executePrepared(
      db,
      sql`
      select q.word,
             case when length(q.word) < ${PREFIX_FROM_LENGTH} or cardinality(t.lexemes) = 0 then false
                  when exists (select 1 from unnest(common.lexemes) l
                               where starts_with(l, t.lexemes[1])) then false
                  else (select count(*) from (
                          select 1 from products p
                          where p.search @@ (select to_tsquery('english', q.word || ':*'))
                          limit ${RARE_MATCHES}) found) < ${RARE_MATCHES}
             end as rare
      from (select coalesce(
              (select most_common_elems::text::text[] from pg_stats
               where schemaname = current_schema() and tablename = 'products' and attname = 'search'),
              '{}') as lexemes) common,
           unnest(${textArray(words)}) as q(word)
      cross join lateral (select tsvector_to_array(to_tsvector('english', q.word)) as lexemes) t`,
    ),
  );
}

/**
 * The lexemes of each of the newest products (name and description, the `search` column): the
 * rows a search's first walk reads when it has no filter (newest-words.ts), in no particular
 * order (counts need none). Sent as one text, with control characters (never in a lexeme)
 * between lexemes and between products, which PGlite reads in half the time of 2,000 arrays.
 */
export async function newestLexemes(db: Db): Promise<string[][]> {
  const [row] = rowsOf<{ lexemes: string | null }>(
    await executePrepared(
      db,
      sql`select string_agg(coalesce(array_to_string(tsvector_to_array(p.search), chr(31)), ''), chr(30)) as lexemes
          from (select p.search from products p order by ${orderOf(sorts.newest)} limit ${WALK_LIMIT}) p`,
    ),
  );
  // No products: no text at all.
  if (typeof row?.lexemes !== 'string') return [];
  return row.lexemes.split('\x1e').map((lexemes) => lexemes.split('\x1f').filter(Boolean));
}
