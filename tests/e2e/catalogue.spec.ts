import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { STATISTICS } from '../../src/shared/constants.ts';
import { messages } from '../../src/shared/messages.ts';
import type { Product } from '../../src/shared/schemas/product.schema.ts';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { ADMIN, signInAs, signUpNewCustomer } from './support/auth.ts';
import { addProduct } from './support/products.ts';

// The home page, product admin and customer reviews in the built app.
// Stories run in parallel on one server; each works on products and reviews it made itself.

const unique = () => randomBytes(3).toString('hex');

/** The review slides a visitor can see (clones and off-screen slides are aria-hidden). */
const visibleReviews = (page: Page): Locator =>
  page.getByRole('region', { name: 'Customer Reviews' }).getByRole('listitem');

async function showReviews(page: Page) {
  const section = page.getByRole('region', { name: 'Customer Reviews' });
  await section.scrollIntoViewIfNeeded();
  await expect(visibleReviews(page).first()).toBeVisible();
  return section;
}

test.describe('the home page', () => {
  test('a visitor reads every section in order, with products, figures and a moving carousel', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize(DESKTOP);
    await page.goto('/');

    // Hero with the tagline, its image fetched first and sized.
    await expect(page.getByRole('heading', { level: 1, name: 'AgriTools' })).toBeVisible();
    await expect(page.getByText(messages.tagline)).toBeVisible();
    const hero = page.getByRole('img', { name: 'Farm fields with a tractor at sunrise' });
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('width', '1600');

    // Sections in the spec's order.
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Our Products',
      messages.statsHeading,
      'Customer Reviews',
      'Our Other Services',
      messages.contactTitle,
    ]);

    // Our Products: every product of the API, each with its figures and two ways to order.
    const products = (await (await page.request.get('/api/products')).json()) as Product[];
    const hoe = products.find((product) => product.name === 'Forged Steel Garden Hoe');
    expect(hoe, 'the demo catalogue is seeded').toBeDefined();
    const cards = page.getByRole('region', { name: 'Our Products' }).getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(14);
    const card = page.getByRole('article', { name: hoe!.name });
    await expect(card).toContainText('$24.50');
    await expect(
      card.getByText('Stock', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(hoe!.stock.toLocaleString('en-US'));
    await expect(
      card.getByText('Minimum order', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(String(hoe!.minOrder));
    await expect(card).toContainText(hoe!.description.slice(0, 100));
    await expect(card).not.toContainText(hoe!.description.slice(100, 140));
    const image = card.getByRole('img', { name: hoe!.name });
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).toHaveAttribute('height', '300');
    await expect(card.getByRole('link', { name: /^See more/ })).toHaveAttribute(
      'href',
      `/placeorder/${hoe!._id}`,
    );
    await expect(card.getByRole('link', { name: /^Place Order/ })).toHaveAttribute(
      'href',
      `/placeorder/${hoe!._id}`,
    );

    // The statistics band, exactly.
    const band = page.getByRole('region', { name: messages.statsHeading });
    for (const stat of STATISTICS) {
      await expect(band).toContainText(stat.title);
      await expect(band).toContainText(stat.value);
      await expect(band).toContainText(stat.note);
    }
    await expect(band).toContainText('dollars');

    // Customer Reviews: avatar, name, rating and message, moving on by itself.
    const reviews = await showReviews(page);
    await expect(visibleReviews(page)).toHaveCount(3);
    const first = visibleReviews(page).first();
    await expect(first.getByRole('img', { name: /^Avatar of / })).toBeVisible();
    await expect(first).toContainText(/Rating: [0-5] out of 5/);
    const firstName = await first.locator('figcaption p').first().textContent();
    await expect
      .poll(() => visibleReviews(page).first().locator('figcaption p').first().textContent(), {
        timeout: 8_000,
      })
      .not.toBe(firstName);
    await reviews.getByRole('button', { name: 'Pause reviews' }).click();
    await expect(reviews.getByRole('button', { name: 'Play reviews' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Our Other Services: four static cards, 'See more' does nothing.
    const services = page.getByRole('region', { name: 'Our Other Services' });
    await expect(services.getByRole('heading', { level: 3 })).toHaveText([
      'IoT based farming',
      'Climate Solution',
      'Cattle Housing',
      'Green House Setup',
    ]);
    await expect(services.getByText('See more', { exact: true })).toHaveCount(4);
    await expect(services.getByRole('link')).toHaveCount(0);

    // Contact: four fields, no submit button, and pressing Enter sends nothing.
    const contact = page.getByRole('form', { name: messages.contactTitle });
    await contact.getByLabel('Name').fill('Rahim');
    await contact.getByLabel('Email').fill('rahim@example.test');
    await contact.getByLabel('District').fill('Dinajpur');
    await contact.getByLabel('Message').fill('Do you sell tillers?');
    await expect(contact.getByRole('button')).toHaveCount(0);
    const before = page.url();
    await contact.getByLabel('District').press('Enter');
    expect(page.url()).toBe(before);
    await expect(contact.getByLabel('District')).toHaveValue('Dinajpur');

    // The home page of the production build loads no dashboard code.
    const dashboardCode = scripts.filter((path) =>
      /dashboard|manage-|add-product|add-review|my-orders|profile|payment|place-order|make-admin|login|signup/.test(
        path,
      ),
    );
    expect(dashboardCode).toEqual([]);
  });

  test('a visitor on a phone sees one review at a time and nothing overflows', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    await showReviews(page);
    await expect(visibleReviews(page)).toHaveCount(1);
    const first = await visibleReviews(page).textContent();
    await page.getByRole('button', { name: 'Next reviews' }).click();
    await expect.poll(() => visibleReviews(page).textContent()).not.toBe(first);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('product admin', () => {
  test('an admin adds a product that then appears on the home page, and removes it through the modal', async ({
    page,
  }) => {
    const name = `Catalogue test harrow ${unique()}`;
    await signInAs(page, ADMIN, '/dashboard/addProduct');
    await expect(page.getByRole('heading', { name: 'Add a Product' })).toBeVisible();

    // All seven fields are required.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Product Name is required')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();

    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Price (per unit)').fill('149.90');
    await page.getByLabel('Stock').fill('25');
    await page.getByLabel('Minimum Order').fill('2');
    await page.getByLabel('Rating').fill('4.5');
    await page.getByLabel('Image URL').fill('/images/products/tiller-rotavator.svg');
    await page
      .getByLabel('Description')
      .fill('A spring-tine harrow for breaking clods after ploughing, with a galvanised frame that lasts.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.productAdded)).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue('');
    await expect(page.getByLabel('Description')).toHaveValue('');

    // It is on the home page, at the end of the list.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AgriTools' }).click();
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('$149.90');

    // Manage Products lists it; 'No' keeps it, 'Yes, I am sure' removes it.
    await page.goto('/dashboard/manageProducts');
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$149.90');
    await expect(row).toContainText('25');
    await expect(row.getByRole('img', { name })).toBeVisible();
    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: messages.confirmDelete });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: messages.confirmNo }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: `Remove ${name}` }).click();
    await dialog.getByRole('button', { name: messages.confirmYes }).click();
    await expect(page.getByText(messages.productRemoved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    await page.goto('/');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);
  });

  test('an admin restocks a product and changes its price and category; a customer then sees them', async ({
    page,
    browser,
  }) => {
    const product = await addProduct(
      browser,
      { price: 41.25, stock: 3, minOrder: 1 },
      'Catalogue test seeder',
    );
    await signInAs(page, ADMIN, '/dashboard/manageProducts');
    const row = page.getByRole('row').filter({ hasText: product.name });
    await row.getByRole('link', { name: `Edit ${product.name}` }).click();

    await expect(page.getByRole('heading', { name: messages.editProduct })).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue(product.name);
    await expect(page.getByLabel('Stock')).toHaveValue('3');
    await page.getByLabel('Stock').fill('-5');
    await page.getByRole('button', { name: messages.saveChanges }).click();
    await expect(page.getByText('Stock must be at least 0')).toBeVisible();

    await page.getByLabel('Stock').fill('500');
    await page.getByLabel('Price (per unit)').fill('39.90');
    await page.getByLabel('Category').selectOption({ label: 'Sowing and planting' });
    await page.getByLabel(messages.fieldProductNameBn).fill(`বীজ যন্ত্র ${product.name.slice(-6)}`);
    // The admin waits for the save to come back, then reads its confirmation.
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === `/api/product/${product.id}`,
    );
    await page.getByRole('button', { name: messages.saveChanges }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByText(messages.productSaved)).toBeVisible();

    // Manage Products shows the new figures.
    await page.getByRole('link', { name: messages.manageProducts }).first().click();
    await expect(row).toContainText('$39.90');
    await expect(row).toContainText('500');

    // A visitor sees the new price and stock on the product's page and finds it in its category.
    const visitor = await browser.newPage();
    try {
      await visitor.goto(`/product/${product.id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(visitor.getByText('$39.90').first()).toBeVisible();
      await expect(visitor.getByText('500', { exact: true })).toBeVisible();
      await visitor.goto('/products?category=sowing');
      await expect(visitor.getByRole('link', { name: product.name, exact: true })).toBeVisible();
      // Bengali pages show the Bengali name the admin gave it.
      await visitor.goto('/bn/products?category=sowing');
      await expect(
        visitor.getByRole('link', { name: `বীজ যন্ত্র ${product.name.slice(-6)}`, exact: true }),
      ).toBeVisible();
    } finally {
      await visitor.close();
    }
  });

  test('an admin exports the catalogue, reprices a product in the file and imports it; a visitor sees the price', async ({
    page,
    browser,
  }) => {
    const product = await addProduct(browser, { price: 20, stock: 8, minOrder: 1 }, 'Catalogue CSV seeder');
    await signInAs(page, ADMIN, '/dashboard/manageProducts');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: messages.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('agritools-products.csv');
    const exported = await readFile((await download.path())!, 'utf8');
    expect(exported.startsWith('\uFEFFid,name,')).toBe(true);
    // The spreadsheet edit: the price of that product, and one new row with a bad stock.
    const [header, ...rows] = parse(exported, { bom: true }) as string[][];
    const row = rows.find((cells) => cells[0] === product.id)!;
    row[header!.indexOf('price')] = '17.75';
    const broken = header!.map(
      (column) =>
        ({
          name: `Broken ${unique()}`,
          description: 'x',
          price: '5',
          stock: '-3',
          min_order: '1',
          rating: '4',
          img: '/images/x.svg',
        })[column] ?? '',
    );
    const edited = stringify([header!, row, broken]);

    await page.getByLabel(messages.importCsvFile).setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(edited),
    });
    await page.getByRole('button', { name: messages.importCsv }).click();
    await expect(page.getByText(messages.importDone('0', '1'))).toBeVisible();
    await expect(page.getByText(messages.importRefused('1', true))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('$17.75');

    const visitor = await browser.newPage();
    try {
      await visitor.goto(`/product/${product.id}`);
      await expect(visitor.getByText('$17.75').first()).toBeVisible();
    } finally {
      await visitor.close();
    }
  });

  test('an admin adds, renames and removes a category from the dashboard menu', async ({ page }) => {
    const name = `Story category ${unique()}`;
    await signInAs(page, ADMIN, '/dashboard');
    await page.getByRole('link', { name: messages.manageCategories }).click();
    await expect(page.getByRole('heading', { name: messages.manageCategories })).toBeVisible();
    // A category that holds products stays.
    await expect(page.getByRole('button', { name: 'Remove Hand tools' })).toBeDisabled();

    await page.getByLabel(messages.categoryName).fill(name);
    await page.getByRole('button', { name: messages.addCategory }).click();
    await expect(page.getByText(messages.categoryAdded)).toBeVisible();
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await page.getByLabel(`Rename ${name}`).fill(`${name} renamed`);
    // With a Bengali name for Bengali pages, given in the same row.
    const bengaliName = `গল্পের ক্যাটাগরি ${name.split(' ').at(-1)}`;
    await page
      .locator('form', { has: page.getByLabel(`Rename ${name}`) })
      .getByLabel(messages.categoryNameBn)
      .fill(bengaliName);
    await page.getByRole('button', { name: messages.saveChanges }).click();
    await expect(page.getByText(messages.categoryRenamed)).toBeVisible();
    await expect(page.getByText(bengaliName, { exact: true })).toBeVisible();

    // Visitors can filter by it on the products page, by its Bengali name on the Bengali one.
    const visitor = await page.context().browser()!.newPage();
    try {
      await visitor.goto('/products');
      await expect(
        visitor.getByLabel(messages.categoryLabel).getByRole('option', { name: `${name} renamed` }),
      ).toBeAttached();
      await visitor.goto('/bn/products');
      await expect(visitor.getByRole('option', { name: bengaliName })).toBeAttached();
    } finally {
      await visitor.close();
    }

    await page.getByRole('button', { name: `Remove ${name} renamed` }).click();
    await page
      .getByRole('dialog', { name: messages.confirmDelete })
      .getByRole('button', { name: messages.confirmYes })
      .click();
    await expect(page.getByText(messages.categoryRemoved)).toBeVisible();
    await expect(page.getByText(`${name} renamed`, { exact: true })).toHaveCount(0);
  });

  test('Manage Products fits a phone: the table scrolls inside its frame', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signInAs(page, ADMIN, '/dashboard/manageProducts');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('customer reviews', () => {
  test('a customer writes a review that appears first in the carousel under their name', async ({ page }) => {
    // Reduced motion starts the carousel paused, so the newest review stays in front.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const name = `Reviewer ${unique()}`;
    await signUpNewCustomer(page, { name }, '/dashboard/addreview');
    await expect(page.getByRole('heading', { name: 'Write a Review' })).toBeVisible();
    const nameField = page.getByLabel('Name');
    await expect(nameField).toHaveValue(name);
    await expect(nameField).not.toBeEditable();

    const message = `The ${unique()} harrow breaks clods in one pass. Recommended.`;
    await page.getByLabel('Rating').fill('5');
    await page.getByLabel('Comment').fill(message);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.reviewAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/(home)?$/);

    await showReviews(page);
    const newest = visibleReviews(page).first();
    await expect(newest).toContainText(message);
    await expect(newest).toContainText(name);
    await expect(newest).toContainText('Rating: 5 out of 5');
    await expect(newest.getByRole('img', { name: `Avatar of ${name}` })).toBeVisible();
  });

  test('a customer sees both review messages on bad input and nothing is sent', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/review')) posts.push(request.url());
    });
    await signUpNewCustomer(page, {}, '/dashboard/addreview');
    await page.getByLabel('Rating').fill('6');
    await page.getByLabel('Comment').fill('x'.repeat(151));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.ratingRange)).toBeVisible();
    await expect(page.getByText(messages.commentTooLong)).toBeVisible();

    await page.getByLabel('Rating').fill('0');
    await page.getByLabel('Comment').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.ratingRange)).toBeVisible();
    await expect(page.getByText(messages.commentTooLong)).toBeVisible();

    // Fixing both clears both.
    await page.getByLabel('Rating').fill('4');
    await page.getByLabel('Comment').fill('y'.repeat(150));
    await expect(page.getByText(messages.ratingRange)).toHaveCount(0);
    await expect(page.getByText(messages.commentTooLong)).toHaveCount(0);
    expect(posts).toEqual([]);
    await expect(page).toHaveURL(/\/dashboard\/addreview$/);
  });
});
