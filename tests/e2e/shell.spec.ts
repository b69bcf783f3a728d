import { messages } from '../../src/shared/messages.ts';
import { COPYRIGHT_YEAR } from '../../src/shared/constants.ts';
import type { Page } from '@playwright/test';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { signUpNewCustomer } from './support/auth.ts';
import { APP_ENTRY_SCRIPT, holdAppCodeBack } from './support/app-code.ts';
import { inNewContext } from './support/context.ts';
import { START_SCRIPTS } from '../../src/shared/start-scripts.ts';

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

  test("a keyboard user sees which of the navbar's links has the focus", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/blogs');
    const blogs = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' });
    await expect(blogs).toBeVisible();
    // Tab until the link has the focus, as a keyboard user does.
    for (
      let step = 0;
      step < 10 && !(await blogs.evaluate((link) => link === document.activeElement));
      step++
    )
      await page.keyboard.press('Tab');
    await expect(blogs).toBeFocused();
    const outline = await blogs.evaluate((link) => {
      const style = getComputedStyle(link);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    expect(outline.color).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
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

  test("the phone menu's toggle drawn by the build waits for the app, then opens the menu", async ({
    browser,
    page,
  }) => {
    // Painted before its code runs, the toggle would swallow a tap: it is disabled until then.
    await inNewContext(
      browser,
      async (htmlOnly) => {
        await htmlOnly.goto('/blogs');
        await expect(htmlOnly.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
        await expect(htmlOnly.getByRole('button', { name: 'Menu' })).toBeDisabled();
      },
      { javaScriptEnabled: false, viewport: MOBILE },
    );
    await page.setViewportSize(MOBILE);
    await page.goto('/blogs');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'My Portfolio' })).toBeVisible();
  });

  test('an unknown path shows the not-found page with a way home, answered with a 404', async ({ page }) => {
    // The status is for search engines, which would otherwise keep an empty page.
    expect((await page.goto('/no/such/page'))!.status()).toBe(404);
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

// The public pages come from the build already drawn (src/web/prerender.tsx); the browser must
// adopt that HTML, not throw it away and draw the page again (docs/decisions/009).
test.describe('prerendered pages', () => {
  const pages = [
    { path: '/', heading: 'AgriTools' },
    { path: '/home', heading: 'AgriTools' },
    { path: '/blogs', heading: 'Blogs' },
    { path: '/myportfolio', heading: 'My Portfolio' },
    { path: '/login', heading: 'Login' },
    { path: '/signup', heading: 'Sign Up' },
  ];

  test.beforeEach(async ({ page }) => {
    // When the HTML has been parsed, before any script runs: remember the page's heading.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { parsedHeading?: Element | null }).parsedHeading =
          document.querySelector('main h1');
      });
    });
  });

  /** The heading the HTML brought is still in the page, and React now owns that very node. */
  async function expectAdopted(page: Page, heading: string) {
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    // Hydration ends when React has taken the node over: wait for that, not for the network.
    const parsed = () =>
      page.evaluate(() => {
        const node = (window as unknown as { parsedHeading?: Element | null }).parsedHeading;
        return {
          text: node?.textContent ?? null,
          connected: node?.isConnected ?? false,
          ownedByReact: !!node && Object.keys(node).some((key) => key.startsWith('__reactFiber$')),
        };
      });
    await expect.poll(parsed).toEqual({ text: heading, connected: true, ownedByReact: true });
  }

  for (const { path, heading } of pages) {
    test(`${path} arrives drawn and is hydrated in place`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('data-prerendered');
      // No inline script but the one that starts the app, which the CSP allows by its hash
      // (hydrating below proves the browser ran it).
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline).toEqual([START_SCRIPTS]);
      await page.goto(path);
      await expectAdopted(page, heading);
    });
  }

  test('a signed-in customer gets the same pages adopted, with the navbar brought up to date', async ({
    page,
  }) => {
    await signUpNewCustomer(page, {}, '/blogs');
    await expectAdopted(page, 'Blogs');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible();
    await page.goto('/');
    await expectAdopted(page, 'AgriTools');
  });

  test('a sign-in form drawn by the build cannot be sent until the app runs it', async ({
    page,
    request,
  }) => {
    for (const [path, submit] of [
      ['/login', 'Login'],
      ['/signup', 'Sign Up'],
    ] as const) {
      // Sent by the browser itself, the form would be a GET with the password in the address.
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<button type="submit"[^>]*disabled=""/);
      await page.goto(path);
      await expect(page.getByRole('button', { name: submit, exact: true })).toBeEnabled();
    }
  });

  test("the home page's placeholders stay still while its products load", async ({ page }) => {
    // A moving placeholder repaints on the main thread every frame, which a slow phone pays
    // for while the page loads (the stylesheet's last rule). Hold the app's code back, as a
    // slow phone would, so the build's placeholders are what the page shows.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const release = await holdAppCodeBack(page);
    await page.goto('/', { waitUntil: 'commit' });
    const placeholders = page.locator('.skeleton');
    await expect(placeholders.first()).toBeVisible();
    const animations = await placeholders.evaluateAll((nodes) =>
      nodes.map((node) => getComputedStyle(node).animationName),
    );
    expect(animations.length).toBeGreaterThan(0);
    expect(new Set(animations)).toEqual(new Set(['none']));
    release();
    // The products take the placeholders' place.
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test("the app's scripts start only once the page has been shown", async ({ page }) => {
    // The build's pages, a server-drawn page and the shell: each is painted before its scripts
    // are asked for (decision 009), so the scripts never hold up the first paint.
    for (const path of ['/', '/login', '/products', '/dashboard']) {
      await page.goto(path);
      const entryRequested = () =>
        page.evaluate(
          (entryScript) =>
            performance
              .getEntriesByType('resource')
              .some((entry) => new RegExp(entryScript).test(entry.name)),
          APP_ENTRY_SCRIPT.source,
        );
      await expect.poll(entryRequested).toBe(true);
      const { firstPaint, scripts } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(firstPaint, path).not.toBeNull();
      expect(Math.min(...scripts), path).toBeGreaterThan(firstPaint!);
    }
  });

  test('the other pages start from the shell, which the app replaces', async ({ request }) => {
    const html = await (await request.get('/dashboard')).text();
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('<!--shell-->');
  });
});
