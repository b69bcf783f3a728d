import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '../../src/shared/messages.ts';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { expect, MOBILE, test } from './fixtures.ts';
import { ADMIN, newCustomer, signInAs, signUpNewCustomer } from './support/auth.ts';
import { inNewContext } from './support/context.ts';

// Accounts stories: sign-up, log-in, forgot and reset password, Google popup,
// profile, Make Admin and the admin-route guard, all against the real server.

const OUTBOX = resolve(E2E_DATA_DIR, 'outbox');

/** The body of the newest .eml in the e2e outbox addressed to `email`, QP-decoded. */
function latestMailTo(email: string): string | null {
  let files: string[];
  try {
    files = readdirSync(OUTBOX)
      .filter((name) => name.endsWith('.eml'))
      .sort();
  } catch {
    return null;
  }
  for (const name of files.reverse()) {
    const raw = readFileSync(join(OUTBOX, name), 'utf8');
    if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
    return raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return null;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('sign up and log in', () => {
  test('a visitor signs up and lands home signed in', async ({ page }) => {
    const customer = newCustomer();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Please Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: messages.continueWithGoogle })).toBeVisible();

    // Validation on submit, then again on every change (section 5).
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(messages.nameRequired)).toBeVisible();
    await expect(page.getByText(messages.emailRequired)).toBeVisible();
    await expect(page.getByText(messages.passwordRequired)).toBeVisible();
    await page.getByLabel('Name').fill(customer.name);
    await expect(page.getByText(messages.nameRequired)).toBeHidden();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    // Sign-up mails the verification link (section 4).
    await expect.poll(() => latestMailTo(customer.email)).toContain('/api/auth/verify-email?token=');
    // Back navigation does not return to the form (history entry replaced).
    await page.goBack();
    await expect(page).not.toHaveURL(/\/signup$/);
  });

  test('log in with a wrong password shows the error line', async ({ page }) => {
    const customer = await signUpNewCustomer(page);
    await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText(messages.signedOut)).toBeVisible();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.emailRequired)).toBeVisible();
    await expect(page.getByText(messages.passwordRequired)).toBeVisible();
    await page.getByLabel('Email').fill(customer.email);
    await expect(page.getByText(messages.emailRequired)).toBeHidden();
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.errorLine('Invalid email or password'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('a visitor sent to log in goes back where they were', async ({ page }) => {
    const customer = await signUpNewCustomer(page);
    await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();

    await page.goto('/dashboard/myorders');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: messages.createAccount })).toHaveAttribute('href', '/signup');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
  });

  test('forgot password: a toast without email, a mail with it, and the mailed link resets it', async ({
    page,
  }) => {
    const customer = await signUpNewCustomer(page);
    await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
    // Until the navbar offers Login the session may stand, and /login sends a signed-in visitor home.
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/login');

    await page.getByRole('button', { name: messages.forgotPassword }).click();
    await expect(page.getByText(messages.enterEmailForReset)).toBeVisible();

    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: messages.forgotPassword }).click();
    await expect(page.getByText(messages.resetEmailSent)).toBeVisible();

    let link = '';
    await expect
      .poll(() => {
        link =
          /(https?:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(latestMailTo(customer.email) ?? '')?.[1] ??
          '';
        return link;
      })
      .not.toBe('');
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    const newPassword = 'a-brand-new-password';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.errorLine('Invalid email or password'))).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('a visitor signs in with Google through the popup', async ({ page }) => {
    const email = `grower-${Date.now()}@example.test`;
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: messages.continueWithGoogle }).click();
    const popup = await popupOpened;
    // The local OpenID provider's development login: any login name works.
    await popup.locator('input[name="login"]').fill(email);
    await popup.locator('input[name="password"]').fill('anything');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close');

    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('img', { name: /avatar/ })).toHaveAttribute('src', /avatar-3\.svg$/);
  });
});

test.describe('dashboard', () => {
  test('a customer edits the profile', async ({ page }) => {
    const customer = await signUpNewCustomer(page, {}, '/dashboard');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(customer.email)).toBeVisible();
    await expect(page.getByText(messages.notAvailable)).toHaveCount(2);
    await expect(page.getByText(messages.addSocialLink)).toBeVisible();

    await page.getByRole('button', { name: 'Update Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });
    await expect(dialog.getByLabel('Email')).toHaveValue(customer.email);
    await expect(dialog.getByLabel('Email')).not.toBeEditable();
    await dialog.getByLabel('Phone').fill('01712345678');
    await dialog.getByLabel('Address').fill('12 Mill Road, Bogura');
    // No validation (spec section 5): a link typed without https:// is taken as one.
    await dialog.getByLabel('Facebook profile link').fill('facebook.com/grower');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(messages.profileUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page.getByText('01712345678')).toBeVisible();
    await expect(page.getByText('12 Mill Road, Bogura')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Facebook profile' })).toHaveAttribute(
      'href',
      'https://facebook.com/grower',
    );
    await expect(page.getByText(messages.addSocialLink)).toBeHidden();
    await page.reload();
    await expect(page.getByText('12 Mill Road, Bogura')).toBeVisible();
  });

  test('a customer sees the customer menu and not the admin one', async ({ page }) => {
    await signUpNewCustomer(page, {}, '/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Add a Review' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);
  });

  test('on a phone the dashboard menu opens from its toggle', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signUpNewCustomer(page, {}, '/dashboard');
    // The shut drawer is hidden from the accessibility tree, so the locators include hidden nodes.
    const menu = page.getByRole('navigation', { name: 'Dashboard', includeHidden: true });
    const myOrders = menu.getByRole('link', { name: 'My Orders', includeHidden: true });
    // The page is ready (the customer's items are in the menu), the menu itself is shut.
    await expect(myOrders).toHaveCount(1);
    await expect(myOrders).toBeHidden();
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await expect(myOrders).toBeInViewport();
    await myOrders.click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(menu.getByRole('link', { name: 'My Orders' })).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('an admin promotes a customer to admin', async ({ page, browser }) => {
    // The customer exists first, in a separate browser context.
    const customer = await inNewContext(browser, (page) => signUpNewCustomer(page));

    await signInAs(page, ADMIN, '/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'Make Admin' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Add a Review' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Make Admin' }).click();
    await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['#', 'Name', 'Email', 'Promote']);
    const adminRow = table.getByRole('row').filter({ hasText: ADMIN.email });
    await expect(adminRow.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);

    const row = table.getByRole('row').filter({ hasText: customer.email });
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText(messages.userPromoted)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
    await expect(row.getByText('Admin')).toBeVisible();
  });

  test('a customer on an admin route is thrown out', async ({ page }) => {
    await signUpNewCustomer(page);
    await page.goto('/dashboard/manageProducts');
    await expect(page.getByText(messages.accessDenied).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // The identity session is gone too: a reload stays signed out.
    await page.reload();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a customer thrown out of an admin route signs in again and stays signed in at home', async ({
    page,
  }) => {
    const customer = await signUpNewCustomer(page);
    await page.goto('/dashboard/manageProducts');
    await expect(page.getByText(messages.accessDenied).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();

    // Signing in on that login page must not lead back to the admin address (which would sign
    // the customer out again, forever), but home.
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    // Still signed in for the server too: a reload keeps the account, and the dashboard opens.
    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByText(customer.email).first()).toBeVisible();
  });

  test('a customer on Make Admin is sent home by the 403', async ({ page }) => {
    await signUpNewCustomer(page);
    await page.goto('/dashboard/makeAdmin');
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});
