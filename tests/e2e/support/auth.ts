import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from '../../../playwright.config.ts';

/*
 * Signing people in for browser stories. Real identity, no shortcuts: these
 * helpers call the Better Auth endpoints through page.request, which shares the page's
 * cookie jar, then open a page so the SPA syncs the user (PUT /api/user/{email}) and
 * stores the access token, exactly as after a sign-in through the form.
 *
 *   import { ADMIN, signInAs, signUpNewCustomer } from './support/auth.ts';
 *
 *   const customer = await signUpNewCustomer(page);            // lands on '/', signed in
 *   await signUpNewCustomer(page, { name: 'Rahim' }, '/dashboard/myorders');
 *   await signInAs(page, ADMIN, '/dashboard/manageOrders');    // the seeded first admin
 *   await signInAs(page, customer);                            // again, e.g. in a new context
 *   const headers = await bearerHeaders(page);                 // for page.request API calls
 *
 * Each call to signUpNewCustomer makes a fresh account (unique email), so parallel
 * stories never share state. The API of this file is stable: other specs rely on it.
 */

export interface Credentials {
  email: string;
  password: string;
}
export interface Customer extends Credentials {
  name: string;
}

/** The first admin the e2e server seeds from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const ADMIN: Credentials = E2E_ADMIN;

/** A fresh, unique customer (nothing is created yet). */
export function newCustomer(overrides: Partial<Customer> = {}): Customer {
  const id = randomBytes(5).toString('hex');
  return {
    name: overrides.name ?? `Customer ${id}`,
    email: overrides.email ?? `customer-${id}@example.test`,
    password: overrides.password ?? `password-${id}`,
  };
}

// Better Auth checks the Origin of cookie-bearing POSTs; a browser sends it, so do we.
const originHeaders = { origin: E2E_BASE_URL };

const isUserSync = (url: string, method: string) =>
  method === 'PUT' && /^\/api\/user\/[^/]+$/.test(new URL(url).pathname);

/** Opens `path` and waits until the SPA has synced the user and stored a fresh access token. */
export async function openSignedIn(page: Page, path = '/'): Promise<void> {
  const synced = page.waitForResponse(
    (response) => isUserSync(response.url(), response.request().method()) && response.ok(),
  );
  await page.goto(path);
  await synced;
  await page.waitForFunction(() => !!window.localStorage.getItem('accessToken'));
}

/** Creates a customer through /api/auth/sign-up/email, then opens `landOn` signed in. */
export async function signUpNewCustomer(
  page: Page,
  overrides: Partial<Customer> = {},
  landOn = '/',
): Promise<Customer> {
  const customer = newCustomer(overrides);
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: customer,
    headers: originHeaders,
  });
  expect(response.status(), `sign-up of ${customer.email}: ${await response.text()}`).toBe(200);
  await openSignedIn(page, landOn);
  return customer;
}

/** Signs an existing account in through /api/auth/sign-in/email, then opens `landOn`. */
export async function signInAs(page: Page, credentials: Credentials, landOn = '/'): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: credentials.email, password: credentials.password },
    headers: originHeaders,
  });
  expect(response.status(), `sign-in of ${credentials.email}: ${await response.text()}`).toBe(200);
  await openSignedIn(page, landOn);
}

/** The Authorization header the SPA uses, for direct API calls with page.request. */
export async function bearerHeaders(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  if (!token) throw new Error('Not signed in: no accessToken in localStorage');
  return { authorization: `Bearer ${token}` };
}
