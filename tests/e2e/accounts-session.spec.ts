import { messages } from '../../src/shared/messages.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, bearerHeaders, signInAs, signUpNewCustomer } from './support/auth.ts';

test.describe('sessions', () => {
  test('a new customer is signed in by the helper and sees the dashboard link', async ({ page }) => {
    await signUpNewCustomer(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('a reload of a signed-in tab shows the account before the user sync answers, then stores its token', async ({
    page,
  }) => {
    await signUpNewCustomer(page, {}, '/blogs');
    // Hold the sync of the reload until the page has shown the account.
    let releaseSync = () => {};
    const syncHeld = new Promise<void>((resolve) => (releaseSync = resolve));
    await page.route(/\/api\/user\/[^/]+$/, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      await syncHeld;
      await route.continue();
    });
    const synced = page.waitForResponse(
      (response) => /\/api\/user\/[^/]+$/.test(response.url()) && response.request().method() === 'PUT',
    );
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    releaseSync();
    const answer = await synced;
    expect(answer.ok()).toBe(true);
    const { token } = (await answer.json()) as { token: string };
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBe(token);
  });

  test('the admin signs in and the server says so', async ({ page }) => {
    await signInAs(page, ADMIN);
    const response = await page.request.get(`/api/admin/${ADMIN.email}`, {
      headers: await bearerHeaders(page),
    });
    expect(await response.json()).toEqual({ admin: true });
  });

  test('signing out ends the session, drops the token and says so', async ({ page }) => {
    await signUpNewCustomer(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText(messages.signedOut)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.reload();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  });
});
