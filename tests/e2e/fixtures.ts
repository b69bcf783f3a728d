import { test as base, expect } from '@playwright/test';

// Every story fails on an unexpected console error or uncaught page error.
// Chromium logs each non-2xx fetch as "Failed to load resource"; those are expected
// wherever a story provokes a 4xx, so they are left to the assertions on screen.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors during the story').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Widths every screen is checked at (desktop and mobile). */
export const MOBILE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };
