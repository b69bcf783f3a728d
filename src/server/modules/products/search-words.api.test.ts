import { beforeEach, expect, it, vi } from 'vitest';
import {
  catalogueChangesHeard,
  createProduct,
  emptyCatalogue,
} from '../../../../tests/factories/products.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';
import * as searchRepository from './search.repository.ts';

// The real queries, counted: how often a search asks the database how its words stand, and in
// how many products they are.
vi.mock('./search.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof searchRepository>();
  return { ...actual, matchWords: vi.fn(actual.matchWords), rareWords: vi.fn(actual.rareWords) };
});
const matchWords = vi.mocked(searchRepository.matchWords);
const rareWords = vi.mocked(searchRepository.rareWords);
/** The words of each count asked (not the database handle, too big to print when one fails). */
const countsAsked = () => rareWords.mock.calls.map(([, words]) => words);

const t = useApiTest();

beforeEach(async () => {
  await emptyCatalogue(t.app);
  await createProduct(t.app, { name: '16 L Knapsack Sprayer', description: 'Brass lance and nozzle.' });
  await createProduct(t.app, { name: 'Steel Hand Hoe', description: 'Forged blade.' });
  await catalogueChangesHeard(t.app);
  matchWords.mockClear();
  rareWords.mockClear();
});

const names = async (q: string, filters = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/products?q=${encodeURIComponent(q)}${filters}`,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json<{ name: string }[]>().map((product) => product.name);
};

it('matches the new words of a search in one query, and only those', async () => {
  expect(await names('knapsak sprayer brass')).toEqual(['16 L Knapsack Sprayer']);
  expect(matchWords.mock.calls).toEqual([[expect.anything(), ['knapsak', 'sprayer', 'brass']]]);

  // "sprayer" is known now; the same word twice is matched once.
  expect(await names('sprayer steel steel')).toEqual([]);
  expect(matchWords.mock.calls.slice(1)).toEqual([[expect.anything(), ['steel']]]);

  expect(await names('brass sprayer')).toEqual(['16 L Knapsack Sprayer']);
  expect(matchWords).toHaveBeenCalledTimes(2);
});

it("counts a word's products only when neither an earlier search nor the newest products tell", async () => {
  // The newest products are the whole catalogue here, and too few of them hold "brass" for a
  // walk to fill a page: the search goes to the GIN index without counting the word's products.
  expect(await names('brass')).toEqual(['16 L Knapsack Sprayer']);
  expect(countsAsked()).toEqual([]);

  // With a filter the newest products cannot tell: the word's products are counted, once.
  expect(await names('brass', '&inStock=true')).toEqual(['16 L Knapsack Sprayer']);
  expect(countsAsked()).toEqual([['brass']]);
  expect(await names('brass', '&minPrice=1')).toEqual(['16 L Knapsack Sprayer']);
  expect(countsAsked()).toEqual([['brass']]);

  // A typo's term holds its near words too, so its own count would say nothing: never asked.
  expect(await names('knapsak', '&inStock=true')).toEqual(['16 L Knapsack Sprayer']);
  expect(countsAsked()).toEqual([['brass']]);
});
