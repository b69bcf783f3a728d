import { randomBytes } from 'node:crypto';
import { messages } from '../../src/shared/messages.ts';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { ADMIN, bearerHeaders, signInAs } from './support/auth.ts';

// The catalogue a dealer searches (docs/decisions/020): the products page keeps its state in the
// address, search forgives a typo, and each product has its own server-drawn page.

test('a dealer finds a tool despite a typo, shares the search and opens its page', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  await signInAs(page, ADMIN);
  const headers = await bearerHeaders(page);
  const category = await page.request.post('/api/categories', { headers, data: { name: `Spraying ${tag}` } });
  expect(category.status()).toBe(201);
  const slug = `spraying-${tag}`;
  const name = `Zq${tag} Knapsack Sprayer`;
  const added = await page.request.post('/api/product', {
    headers,
    data: {
      name,
      price: 45.99,
      stock: 12,
      minOrder: 2,
      rating: 4.6,
      img: '/images/products/knapsack-sprayer.svg',
      description: 'Brass lance and adjustable nozzle for paddy fields.',
      category: slug,
    },
  });
  expect(added.status()).toBe(201);
  const { insertedId } = (await added.json()) as { insertedId: string };

  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/products');
    await page.getByRole('searchbox', { name: messages.searchLabel }).fill(`zq${tag} knapsak`);
    await page.getByRole('button', { name: messages.searchButton }).click();
    await expect(page).toHaveURL(new RegExp(`q=zq${tag}\\+knapsak`));
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();

    // The address is the search: opening it again shows the same result, with the category chosen.
    await page.goto(`/products?q=zq${tag}&category=${slug}`);
    await expect(page.getByRole('combobox', { name: messages.categoryLabel })).toHaveValue(slug);
    await expect(page.getByRole('article', { name })).toBeVisible();
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(`/product/${insertedId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  // The server sends the product page as HTML with its data in it, before any script runs.
  const html = await (await page.request.get(`/product/${insertedId}`)).text();
  expect(html).toContain(`<title>${name} | AgriTools</title>`);
  expect(html).toContain('"@type":"Product"');
});

// A dealer on a phone pays for every script the products page loads. It needs no form library
// (zod, react-hook-form: their shared chunk, vite.config.ts); the sign-in page, whose form
// does, shows that the chunk is still told apart by its name.
test('the products page works without loading the form libraries', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  const formLibraries = () => scripts.filter((path) => /^\/assets\/forms-[\w-]+\.js$/.test(path));

  // A shared search: with a search in its address the page is drawn by the app alone.
  await page.goto('/products?q=sprayer');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: messages.searchLabel })).toHaveValue('sprayer');
  expect(scripts.length).toBeGreaterThan(0);
  expect(formLibraries()).toEqual([]);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: messages.login, exact: true })).toBeEnabled();
  expect(formLibraries()).toHaveLength(1);
});
