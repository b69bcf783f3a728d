import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

/**
 * Runs `run` with a page in a browser context of its own (another device, a browser without
 * JavaScript, a phone), and closes the context afterwards, also when a check in `run` fails.
 */
export async function inNewContext<T>(
  browser: Browser,
  run: (page: Page) => Promise<T>,
  options?: BrowserContextOptions,
): Promise<T> {
  const context = await browser.newContext(options);
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}
