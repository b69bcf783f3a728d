import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, emptyCatalogue } from '../../../../tests/factories/products.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';
import {
  searchProducts,
  type After,
  type FoundProduct,
  type SearchRequest,
  type SearchStep,
  type SearchTerm,
} from './search.repository.ts';

// A search reads the newest rows off the sort index first and asks the GIN index only when they
// do not fill the page (search.repository.ts). Which steps run depends on how common the words
// are against the walk's length; the answer must not. Here the walk is made as short as one
// row, so a dozen products reach every step: name matches that fill the page, a page finished
// by description matches, both tiers from one pass over the index, and cursors in either tier.

const t = useApiTest();

// Created in this order, oldest first, so the two tiers interleave in time.
const catalogue = [
  ['Brass Nozzle 0', 'Fits any lance.'],
  ['Spray Lance 0', 'With a brass nozzle.'],
  ['Garden Hoe 0', 'Forged blade.'],
  ['Spray Lance 1', 'With a brass nozzle.'],
  ['Brass Nozzle 1', 'Fits any lance.'],
  ['Spray Lance 2', 'With a brass nozzle.'],
  ['Garden Hoe 1', 'Forged blade.'],
  ['Brass Nozzle 2', 'Fits any lance.'],
  ['Spray Lance 3', 'With a brass nozzle.'],
  ['Garden Hoe 2', 'Forged blade.'],
  ['Spray Lance 4', 'With a brass nozzle.'],
  ['Brass Nozzle 3', 'Fits any lance.'],
] as const;

const newestFirst = (names: string[]) =>
  [...catalogue]
    .reverse()
    .map(([name]) => name)
    .filter((name) => names.includes(name));

beforeAll(async () => {
  await emptyCatalogue(t.app, { categories: true });
  // Dearer as they are newer: by price, highest first, is the newest first order, but not the
  // order the rows are stored in.
  for (const [index, [name, description]] of catalogue.entries())
    await createProduct(t.app, { name, description, priceCents: 1000 + 100 * index });
});

/** The position just after `row`, as the service's cursor carries it. */
const after = (row: FoundProduct): After => ({ tier: row.tier, key: row.sortKey, id: row._id });

const termsOf = (text: string): SearchTerm[] => text.split(' ').map((word) => [{ text: word, prefix: true }]);

/** Every page of a search, followed by cursor as the service does, as lists of names. */
async function pages(request: Omit<SearchRequest, 'after'>): Promise<string[][]> {
  const found: string[][] = [];
  let position: After | undefined;
  for (;;) {
    const rows = await searchProducts(t.app.db, { ...request, after: position });
    found.push(rows.map((row) => row.name));
    const last = rows.at(-1);
    if (rows.length < request.limit || !last) return found;
    position = after(last);
    expect(found.length).toBeLessThan(20);
  }
}

describe('a search answers the same whichever steps it takes', () => {
  const nozzles = ['Brass Nozzle 3', 'Brass Nozzle 2', 'Brass Nozzle 1', 'Brass Nozzle 0'];
  const lances = ['Spray Lance 4', 'Spray Lance 3', 'Spray Lance 2', 'Spray Lance 1', 'Spray Lance 0'];
  const expected: Record<string, string[]> = {
    // Name matches first, then description matches, each newest first.
    nozzle: [...nozzles, ...lances],
    brass: [...nozzles, ...lances],
    lance: [...lances, ...nozzles],
    'brass nozzle': [...nozzles, ...lances],
    hoe: ['Garden Hoe 2', 'Garden Hoe 1', 'Garden Hoe 0'],
    forged: ['Garden Hoe 2', 'Garden Hoe 1', 'Garden Hoe 0'],
    tractor: [],
  };

  for (const [words, names] of Object.entries(expected))
    it(`by relevance: "${words}", every walk length and page size`, async () => {
      for (const walkLimit of [1, 2, 3, 5, 2000])
        for (const limit of [1, 2, 3, 4]) {
          const found = await pages({ terms: termsOf(words), sort: 'relevance', limit, walkLimit });
          expect(found.flat(), `walk ${walkLimit}, page ${limit}`).toEqual(names);
          expect(found.slice(0, -1).every((page) => page.length === limit)).toBe(true);
        }
      // Rare words skip the walks; every page still follows.
      for (const limit of [1, 2, 3, 4]) {
        const found = await pages({ terms: termsOf(words), sort: 'relevance', limit, rare: true });
        expect(found.flat(), `rare, page ${limit}`).toEqual(names);
        expect(found.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      }
    });

  it('in another order too: newest and price, every walk length, and rare', async () => {
    for (const walk of [
      { walkLimit: 1 },
      { walkLimit: 2 },
      { walkLimit: 5 },
      { walkLimit: 2000 },
      { rare: true },
    ]) {
      const newest = await pages({ terms: termsOf('nozzle'), sort: 'newest', limit: 2, ...walk });
      expect(newest.flat()).toEqual(newestFirst([...nozzles, ...lances]));
      const cheapest = await pages({ terms: termsOf('hoe'), sort: 'price-asc', limit: 2, ...walk });
      expect(cheapest.flat().sort()).toEqual(['Garden Hoe 0', 'Garden Hoe 1', 'Garden Hoe 2']);
    }
  });
});

describe('how far a search walks before it asks the GIN index', () => {
  async function answer(request: SearchRequest) {
    const steps: SearchStep[] = [];
    const rows = await searchProducts(t.app.db, { ...request, steps });
    return { names: rows.map((row) => row.name), steps };
  }
  const lances = ['Spray Lance 4', 'Spray Lance 3', 'Spray Lance 2', 'Spray Lance 1'];
  /** The first four products "nozzle" finds newest first: nozzles by name, lances by description. */
  const newestNozzleMatches = ['Brass Nozzle 3', 'Spray Lance 4', 'Spray Lance 3', 'Brass Nozzle 2'];

  it('walks on when the first rows hold a fair share of the page', async () => {
    // Newest first, the 4 rows walked hold 3 of the 4 wanted: 8 rows are walked next.
    expect(await answer({ terms: termsOf('nozzle'), sort: 'newest', limit: 4, walkLimit: 4 })).toEqual({
      names: newestNozzleMatches,
      steps: ['walk on'],
    });
    // By relevance: 7 rows hold 3 lances, the next walk all of them, every one a name match.
    expect(await answer({ terms: termsOf('spray'), sort: 'relevance', limit: 4, walkLimit: 7 })).toEqual({
      names: lances,
      steps: ['walk on'],
    });
  });

  it('walks on only in the order the rows are stored in', async () => {
    // As in the first story, 3 of the 4 wanted are in the 4 rows walked; by price those rows
    // lie anywhere in the table, and the GIN index reads fewer of them than walking on would.
    expect(await answer({ terms: termsOf('nozzle'), sort: 'price-desc', limit: 4, walkLimit: 4 })).toEqual({
      names: newestNozzleMatches,
      steps: ['index'],
    });
  });

  it('walks on from a cursor too', async () => {
    const nozzle = { terms: termsOf('nozzle'), sort: 'newest' as const, limit: 4, walkLimit: 4 };
    const first = await searchProducts(t.app.db, nozzle);
    const last = first.at(-1)!;
    expect(first.map((row) => row.name)).toEqual(newestNozzleMatches);
    // After Brass Nozzle 2, the 4 rows walked hold 3 of the 4 wanted: 8 rows are walked next.
    expect(await answer({ ...nozzle, after: after(last) })).toEqual({
      names: ['Spray Lance 2', 'Brass Nozzle 1', 'Spray Lance 1', 'Spray Lance 0'],
      steps: ['walk on'],
    });
    // By relevance, in the names: after Spray Lance 4, the 7 rows walked hold 3 of the 4 wanted.
    const lance = { terms: termsOf('lance'), sort: 'relevance' as const, walkLimit: 7 };
    const head = (await searchProducts(t.app.db, { ...lance, limit: 1 })).at(-1)!;
    expect(head.name).toBe('Spray Lance 4');
    expect(await answer({ ...lance, limit: 4, after: after(head) })).toEqual({
      names: ['Spray Lance 3', 'Spray Lance 2', 'Spray Lance 1', 'Spray Lance 0'],
      steps: ['walk on'],
    });
  });

  it('asks the index at once when the first rows hold too few for walking on to pay', async () => {
    // Half the page in the rows walked is too few: with its margin, walking on would have to go
    // three times as far, more than twice.
    expect(await answer({ terms: termsOf('nozzle'), sort: 'newest', limit: 4, walkLimit: 3 })).toEqual({
      names: newestNozzleMatches,
      steps: ['index'],
    });
    expect(await answer({ terms: termsOf('hoe'), sort: 'newest', limit: 4, walkLimit: 3 })).toEqual({
      names: ['Garden Hoe 2', 'Garden Hoe 1', 'Garden Hoe 0'],
      steps: ['index'],
    });
    expect(await answer({ terms: termsOf('spray'), sort: 'relevance', limit: 4, walkLimit: 3 })).toEqual({
      names: lances,
      steps: ['index'],
    });
  });

  it('says the words are rare together only when a walk newest first fell short of the page', async () => {
    async function learnt(request: SearchRequest) {
      const steps: SearchStep[] = [];
      let rareTogether = false;
      await searchProducts(t.app.db, { ...request, steps, foundRare: () => (rareTogether = true) });
      return { steps, rareTogether };
    }
    // Newest first, and by relevance (which walks newest first), the GIN index answered after it.
    expect(await learnt({ terms: termsOf('hoe'), sort: 'newest', limit: 4, walkLimit: 3 })).toEqual({
      steps: ['index'],
      rareTogether: true,
    });
    expect(await learnt({ terms: termsOf('spray'), sort: 'relevance', limit: 4, walkLimit: 3 })).toEqual({
      steps: ['index'],
      rareTogether: true,
    });
    // By price it fell short too, but that order may hold every match far along.
    expect(await learnt({ terms: termsOf('nozzle'), sort: 'price-desc', limit: 4, walkLimit: 3 })).toEqual({
      steps: ['index'],
      rareTogether: false,
    });
    // A walk that filled the page by walking on learns nothing.
    expect(await learnt({ terms: termsOf('nozzle'), sort: 'newest', limit: 4, walkLimit: 4 })).toEqual({
      steps: ['walk on'],
      rareTogether: false,
    });
    // Description matches after every name match say nothing of the name matches.
    const nozzle = { terms: termsOf('nozzle'), sort: 'relevance' as const };
    const last = (await searchProducts(t.app.db, { ...nozzle, limit: 5, rare: true })).at(-1)!;
    expect(last.tier).toBe(2);
    expect(await learnt({ ...nozzle, limit: 4, walkLimit: 1, after: after(last) })).toEqual({
      steps: ['index'],
      rareTogether: false,
    });
  });

  it('asks the index alone, with no walk, when the words are rare', async () => {
    const hoes = { terms: termsOf('hoe'), sort: 'newest' as const, limit: 2, walkLimit: 2000, rare: true };
    expect(await answer(hoes)).toEqual({ names: ['Garden Hoe 2', 'Garden Hoe 1'], steps: ['index only'] });
    const spray = { terms: termsOf('nozzle'), sort: 'relevance' as const, limit: 3, rare: true };
    const first = await answer(spray);
    expect(first).toEqual({
      names: ['Brass Nozzle 3', 'Brass Nozzle 2', 'Brass Nozzle 1'],
      steps: ['index only'],
    });
    // From a cursor in the name matches, and from one among the description matches.
    const rows = await searchProducts(t.app.db, { ...spray, limit: 5 });
    const [fourth, fifth] = [rows[3]!, rows[4]!];
    expect(await answer({ ...spray, after: after(fourth) })).toEqual({
      names: ['Spray Lance 4', 'Spray Lance 3', 'Spray Lance 2'],
      steps: ['index only'],
    });
    expect(await answer({ ...spray, after: after(fifth) })).toEqual({
      names: ['Spray Lance 3', 'Spray Lance 2', 'Spray Lance 1'],
      steps: ['index only'],
    });
  });
});
