import { randomBytes } from 'node:crypto';
import { messages } from '../../src/shared/messages.ts';
import { bnMessages } from '../../src/shared/messages.bn.ts';
import type { Locator, Page, Request } from '@playwright/test';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { ADMIN, bearerHeaders, signInAs, signUpNewCustomer } from './support/auth.ts';
import { holdAppCodeBack } from './support/app-code.ts';
import { inNewContext } from './support/context.ts';
import { addProduct } from './support/products.ts';

// The catalogue a dealer searches (docs/decisions/020): the products page keeps its state in the
// address, search forgives a typo, and each product has its own server-drawn page.

/**
 * The search box of the server's drawing of /products, found by its id (the app's ids come from
 * useId): once it has gone, the app has drawn its own form in its place.
 */
const serverSearchBox = (page: Page) => page.locator('#products-q');

test('a dealer finds a tool despite a typo, shares the search, opens its page and puts it in the cart', async ({
  page,
  browser,
}) => {
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
    // The dealer searches the app's own form: typing into the server's drawing of it while the
    // app takes over is the story of its own below.
    await expect(serverSearchBox(page)).toHaveCount(0);
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

  // A visitor on a phone puts the tool's minimum order into the cart from its page.
  await inNewContext(
    browser,
    async (visitor) => {
      await visitor.goto(`/product/${insertedId}`);
      const add = visitor.getByRole('button', { name: `${messages.addToCart}: ${name}` });
      await expect(add).toBeEnabled();
      await add.click();
      await visitor.getByRole('link', { name: messages.addedToCart }).click();
      await expect(visitor).toHaveURL('/cart');
      await expect(visitor.getByRole('heading', { name })).toBeVisible();
      await expect(visitor.getByLabel('Quantity')).toHaveValue('2');
    },
    { viewport: MOBILE },
  );
});

// On a phone the filters sit two to a row, so the first product shows on the first screen, in
// the server's drawing and the app's alike, rather than a screen of form fields alone.
test('on a phone the first product shows under the search and filters without scrolling', async ({
  browser,
}) => {
  for (const javaScriptEnabled of [false, true]) {
    await inNewContext(
      browser,
      async (visitor) => {
        await visitor.goto('/products');
        if (javaScriptEnabled) await expect(serverSearchBox(visitor)).toHaveCount(0);
        const firstCard = visitor.getByRole('article').first();
        await expect(firstCard).toBeVisible();
        await expect(visitor.getByRole('checkbox', { name: messages.inStockOnly })).toBeVisible();
        const box = await firstCard.boundingBox();
        // At least a fifth of the screen shows the card.
        expect(box?.y, javaScriptEnabled ? "the app's drawing" : "the server's drawing").toBeLessThan(
          MOBILE.height * 0.8,
        );
      },
      { viewport: MOBILE, javaScriptEnabled },
    );
  }
});

// A phone draws only the cards near the screen (content-visibility: auto): a catalogue of a
// hundred cards on the home page otherwise lays them all out in one long task as they arrive.
// Checked in the app's home page and in the server's drawing of /products (without JavaScript).
test('on a phone the cards far below the screen are drawn only as the visitor scrolls to them', async ({
  browser,
}) => {
  for (const address of ['/', '/products']) {
    await inNewContext(
      browser,
      async (visitor) => {
        await visitor.goto(address);
        const cards = visitor.locator('article.card');
        await expect(cards.first()).toBeVisible();
        await expect.poll(() => cards.count(), address).toBeGreaterThanOrEqual(12);
        // The card keeps its box; what it holds is skipped while it is off screen.
        const drawn = (card: Locator) =>
          card.locator('h3').evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
        const last = cards.last();
        await expect.poll(() => drawn(cards.first()), `${address}: the first card`).toBe(true);
        await expect.poll(() => drawn(last), `${address}: the last card, off screen`).toBe(false);
        await last.scrollIntoViewIfNeeded();
        await expect.poll(() => drawn(last), `${address}: the last card, scrolled to`).toBe(true);
        await expect(last.getByRole('heading')).toBeVisible();
      },
      { viewport: MOBILE, javaScriptEnabled: address === '/' },
    );
  }
});

// A row of cards reads across: each card's price and figures at the same height as its
// neighbours', whatever the length of its description, in the server's drawing and the app's.
test('cards side by side show their prices and figures in line, however long their descriptions', async ({
  browser,
}) => {
  const tag = `Zr${randomBytes(3).toString('hex')}`;
  const names: string[] = [];
  for (const description of [
    'Short.',
    'Forged steel tines on an ash handle, for breaking crusted soil between rows of chilli and aubergine seedlings.',
    'Light and sharp: made for weeding around young paddy.',
  ])
    names.push(
      (await addProduct(browser, { price: 12, stock: 30, minOrder: 1, description }, `${tag} Row tiller`))
        .name,
    );

  // The app's drawing: the three found by their tag, one row on a desktop.
  await inNewContext(
    browser,
    async (visitor) => {
      await visitor.goto(`/products?q=${tag}`);
      const rows = await figureTopsByRow(visitor, names);
      expect(rows, 'one row holds the three').toHaveLength(1);
      for (const row of rows) expectInLine(row);
    },
    { viewport: DESKTOP },
  );

  // The server's drawing of the newest products, which the three are among: at least two of them
  // share a row (three columns), though another story's product may come between them.
  await inNewContext(
    browser,
    async (visitor) => {
      await visitor.goto('/products');
      const rows = await figureTopsByRow(visitor, names);
      expect(rows.some((row) => row.length > 1)).toBe(true);
      for (const row of rows) expectInLine(row);
    },
    { viewport: DESKTOP, javaScriptEnabled: false },
  );
});

/**
 * The top of the figures (stock and minimum order) of each card named, grouped by the card's
 * row. The names must fit on one line, so that only the descriptions differ.
 */
async function figureTopsByRow(page: Page, names: string[]): Promise<number[][]> {
  const rows = new Map<number, number[]>();
  for (const name of names) {
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    const { row, figures } = await card.evaluate((article) => ({
      row: Math.round(article.getBoundingClientRect().top),
      figures: article.querySelector('dl')!.getBoundingClientRect().top,
    }));
    rows.set(row, [...(rows.get(row) ?? []), figures]);
  }
  return [...rows.values()];
}

/** Tops within a pixel of each other (positions between pixels round either way). */
function expectInLine(tops: number[]) {
  expect(Math.max(...tops) - Math.min(...tops), `figures at ${tops.join(', ')}`).toBeLessThanOrEqual(1);
}

// A dealer on a phone pays for every script a page loads. The products page needs neither the
// form library (react-hook-form) nor the schema library (zod); the login page needs only the
// first.
test('each public page loads only the form libraries it uses', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  // The form library and the schema library are one chunk each (vite.config.ts).
  const loaded = (chunk: 'forms' | 'schemas') =>
    scripts.filter((path) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(path));

  // A shared search: with a search in its address the page is drawn by the app alone.
  await page.goto('/products?q=sprayer');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('searchbox', { name: messages.searchLabel })).toHaveValue('sprayer');
  expect(scripts.length).toBeGreaterThan(0);
  expect(loaded('forms')).toEqual([]);
  expect(loaded('schemas')).toEqual([]);

  // Login checks its fields with the form library's own rules (docs/decisions/034).
  await page.goto('/login');
  await page.getByRole('button', { name: messages.login, exact: true }).click();
  await expect(page.getByText(messages.emailRequired)).toBeVisible();
  await expect(page.getByText(messages.passwordRequired)).toBeVisible();
  expect(loaded('forms')).toHaveLength(1);
  expect(loaded('schemas')).toEqual([]);

  // So does the order form, where a customer pays (docs/decisions/034).
  const [product] = (await (await page.request.get('/api/products')).json()) as Array<{
    _id: string;
    minOrder: number;
  }>;
  scripts.length = 0;
  await signUpNewCustomer(page, {}, `/placeorder/${product!._id}`);
  await page.getByLabel('Quantity').fill(String(product!.minOrder));
  await page.getByRole('button', { name: messages.placeOrder, exact: true }).click();
  await expect(page.getByText(messages.phoneRequired)).toBeVisible();
  expect(loaded('forms')).toHaveLength(1);
  expect(loaded('schemas')).toEqual([]);

  // A form with a schema loads both, so a renamed chunk cannot make the checks above pass.
  await page.goto('/dashboard/addreview');
  await expect(page.getByLabel('Rating')).toBeVisible();
  expect(loaded('schemas')).toHaveLength(1);
});

test('what a visitor types before the page is ready stays typed', async ({ page }) => {
  // The server draws /products at once; hold the app's code back, as a slow phone would.
  const release = await holdAppCodeBack(page);
  await page.goto('/products', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: messages.searchLabel });
  await page.getByRole('checkbox', { name: messages.inStockOnly }).check();
  await box.fill('knapsak');
  await expect(serverSearchBox(page)).toHaveCount(1);

  release();
  // The app has drawn its own form in place of the server's…
  await expect(serverSearchBox(page)).toHaveCount(0);
  // …with the text still typed and the box still in use, and the choice applied.
  await expect(box).toHaveValue('knapsak');
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(/\/products\?inStock=true$/);
  await expect(page.getByRole('checkbox', { name: messages.inStockOnly })).toBeChecked();

  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?inStock=true&q=knapsak$/);
});

/** What the page showed after each change to it, from its first bytes on. */
type Shown = { spinner: boolean; cards: number; heading: string };

/** Notes every state of every page `page` opens from now on; the function reads the list. */
async function noteWhatIsShown(page: Page): Promise<() => Promise<Shown[]>> {
  await page.addInitScript(() => {
    const shown: Shown[] = [];
    Object.assign(window, { shown });
    new MutationObserver(() =>
      shown.push({
        // The full-page spinner (RequireAuth's, a page's own, or a page's code loading).
        spinner: !!document.querySelector('[role="status"] .loading-lg'),
        cards: document.querySelectorAll('article').length,
        heading: document.querySelector('h1')?.textContent ?? '',
      }),
    ).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { shown: Shown[] }).shown);
}

/** The app's frame is on the page (the server's drawing has no skip link). */
const appHasDrawn = (page: Page) =>
  expect(page.getByRole('link', { name: messages.skipToContent })).toHaveCount(1);

/** The states from the first that showed `heading` on. */
const fromHeading = (states: Shown[], heading: string) => {
  const from = states.slice(states.findIndex((state) => state.heading === heading));
  expect(from.length).toBeGreaterThan(0);
  return from;
};

// The server's drawing of a catalogue page is the page until the app can draw it whole: the app's
// code and first data arrive while the visitor reads it, and the app then draws the same page
// over it, never a spinner or an empty page in between (docs/decisions/021). A spinner there
// also took away a search form being typed into.
test('the app takes over a page the server drew without a spinner or an empty page between', async ({
  page,
}) => {
  const shown = await noteWhatIsShown(page);
  const [product] = (await (await page.request.get('/api/products')).json()) as Array<{
    _id: string;
    name: string;
  }>;

  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/products');
    await appHasDrawn(page);
    await expect(serverSearchBox(page)).toHaveCount(0);
    const catalogue = await shown();
    // From the server's first card on, every state of the page showed cards and no spinner.
    const fromFirstCard = catalogue.slice(catalogue.findIndex((state) => state.cards > 0));
    expect(fromFirstCard.length).toBeGreaterThan(0);
    expect(fromFirstCard).toEqual(fromFirstCard.map((state) => ({ ...state, spinner: false })));
    expect(fromFirstCard.filter((state) => state.cards === 0)).toEqual([]);

    await page.goto(`/product/${product!._id}`);
    await appHasDrawn(page);
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    const productPage = fromHeading(await shown(), product!.name);
    expect(productPage.filter((state) => state.spinner || state.heading !== product!.name)).toEqual([]);
  }
});

// The place-order page is behind sign-in: the app's first render waits for the session as well,
// so a customer sees the server's page become the order form, and a visitor who is not signed
// in sees it become the login page, with no spinner in between.
test('the app takes over the place-order page the server drew without a spinner, signed in or not', async ({
  page,
}) => {
  const shown = await noteWhatIsShown(page);
  const [product] = (await (await page.request.get('/api/products')).json()) as Array<{ _id: string }>;
  await signUpNewCustomer(page);

  // The product is asked for once as its page opens (before the app's code is in), and again
  // when the place-order page opens from it (the stock may have changed).
  const isProductRead = (request: Request) =>
    request.method() === 'GET' && new URL(request.url()).pathname === `/api/product/${product!._id}`;
  const productReads: string[] = [];
  page.on('request', (request) => {
    if (isProductRead(request)) productReads.push(new URL(page.url()).pathname);
  });
  await page.goto(`/product/${product!._id}`);
  await appHasDrawn(page);
  const orderPageAsks = page.waitForRequest(isProductRead);
  await page.getByRole('link', { name: messages.placeOrder, exact: true }).click();
  await orderPageAsks;
  await expect(page.getByRole('button', { name: messages.placeOrder, exact: true })).toBeVisible();
  expect(productReads).toEqual([`/product/${product!._id}`, `/placeorder/${product!._id}`]);

  const opensTheOrderForm = async () => {
    await page.goto(`/placeorder/${product!._id}`);
    await appHasDrawn(page);
    await expect(page.getByRole('button', { name: messages.placeOrder, exact: true })).toBeVisible();
    const orderPage = fromHeading(await shown(), messages.placeOrder);
    expect(orderPage.filter((state) => state.spinner || state.heading !== messages.placeOrder)).toEqual([]);
  };
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await opensTheOrderForm();
  }
  // The session without the access token the app stored (gone, or more than a day old): the
  // user is synced for a new one before the first render.
  await page.evaluate(() => window.localStorage.removeItem('accessToken'));
  await opensTheOrderForm();
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeTruthy();

  await page.context().clearCookies();
  await page.goto(`/placeorder/${product!._id}`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: messages.login })).toBeVisible();
  const toLogin = fromHeading(await shown(), messages.placeOrder);
  expect(toLogin.filter((state) => state.spinner)).toEqual([]);
});

test("filters the shop refuses are explained in the page's language, without the request's field names", async ({
  page,
}) => {
  for (const [prefix, words] of [
    ['', messages],
    ['/bn', bnMessages],
  ] as const) {
    await page.goto(`${prefix}/products?minPrice=100&maxPrice=50`);
    await expect(page.getByRole('alert')).toHaveText(`${words.searchFailed}: ${words.minPriceAboveMax}`);
  }
});
