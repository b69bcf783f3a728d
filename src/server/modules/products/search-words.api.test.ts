import { beforeEach, expect, it, vi } from 'vitest';
import {
  catalogueChangesHeard,
  createProduct,
  emptyCatalogue,
} from '../../../../tests/factories/products.ts';
import { useApiTest } from '../../../../tests/support/api-test.ts';
import * as searchRepository from './search.repository.ts';

// The real query, counted: how often a search asks the database how its words stand.
vi.mock('./search.repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof searchRepository>();
  return { ...actual, matchWords: vi.fn(actual.matchWords) };
});
const matchWords = vi.mocked(searchRepository.matchWords);

const t = useApiTest();

beforeEach(async () => {
  await emptyCatalogue(t.app);
  await createProduct(t.app, { name: '16 L Knapsack Sprayer', description: 'Brass lance and nozzle.' });
  await createProduct(t.app, { name: 'Steel Hand Hoe', description: 'Forged blade.' });
  await catalogueChangesHeard(t.app);
  matchWords.mockClear();
});

const names = async (q: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
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
