import { messages } from '../../src/shared/messages.ts';
import { COPYRIGHT_YEAR } from '../../src/shared/constants.ts';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';

test.describe('the shell', () => {
  test('a visitor moves between pages with the desktop navbar', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'AgriTools' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();

    await nav.getByRole('link', { name: 'My Portfolio' }).click();
    await expect(page).toHaveURL(/\/myportfolio$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Portfolio' })).toBeVisible();

    await nav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await nav.getByRole('link', { name: 'AgriTools' }).click();
    await expect(page).toHaveURL(/\/home$/);

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`Copyright © ${COPYRIGHT_YEAR}`);
    await expect(footer.getByRole('link')).toHaveCount(3);
  });

  test('a visitor on a phone opens the mobile menu and follows a link', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blogs' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('banner').getByRole('link', { name: 'My Portfolio' }).click();
    await expect(page).toHaveURL(/\/myportfolio$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Nothing overflows sideways on a 375 px screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(messages.notFoundCode, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: messages.notFoundTitle })).toBeVisible();
    await expect(page.getByText(messages.notFoundBody)).toBeVisible();
    await page.getByRole('link', { name: messages.goHome }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a missing asset is a 404, never the page', async ({ request }) => {
    const response = await request.get('/assets/missing-chunk.js');
    expect(response.status()).toBe(404);
    const api = await request.get('/api/nothing-here');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

test.describe('static pages', () => {
  test('a visitor reads the five blog articles', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('article')).toHaveCount(5);
    for (const topic of [/performance/i, /state/i, /prototyp/i, /search/i, /unit test/i]) {
      await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
    }
  });

  test('a visitor reads the portfolio with skills and showcase links', async ({ page }) => {
    await page.goto('/myportfolio');
    await expect(page.getByRole('heading', { name: /About/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Skills/ })).toBeVisible();
    expect(await page.getByRole('progressbar').count()).toBeGreaterThanOrEqual(6);
  });
});
