import type { Page } from '@playwright/test';

/** The address of the app's entry script in the build (`/assets/index-<hash>.js`). */
export const APP_ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

/**
 * Holds the app's entry script back until the returned function is called, as a slow phone's
 * network would: the page shows what the server sent, and the app has not started.
 *
 *   const release = await holdAppCodeBack(page);
 *   await page.goto('/products', { waitUntil: 'commit' });
 *   // … what a visitor sees and does before the app is ready …
 *   release();
 */
export async function holdAppCodeBack(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_ENTRY_SCRIPT, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
