import { defineConfig, devices } from '@playwright/test';

// Playwright drives Debian's Chromium (no browser download here) against the real built
// server on a throwaway DATA_DIR. `npm run build` must run first; `npm test` does.
// E2E_PORT moves the shop (and the ports after it) so two checkouts can run their suites at once.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The e2e server's DATA_DIR: stories read its mail outbox. */
export const E2E_DATA_DIR = `.data-e2e-${E2E_PORT}`;
export const E2E_ADMIN = { email: 'admin@agritools.test', password: 'admin-e2e-password' };
/** The local OpenID provider that stands in for Google (tests/support/oidc-provider.ts). */
export const E2E_OIDC = {
  port: E2E_PORT + 1,
  issuer: `http://127.0.0.1:${E2E_PORT + 1}`,
  clientId: 'agritools-e2e',
  clientSecret: 'agritools-e2e-secret-not-for-production',
};

/** The local SSLCommerz stand-in (tests/support/sslcommerz-simulator.ts). */
export const E2E_SSLCOMMERZ = {
  port: E2E_PORT + 10,
  url: `http://127.0.0.1:${E2E_PORT + 10}`,
  storeId: 'agritools-e2e',
  storePassword: 'agritools-e2e-store-password',
};

/** The local S3 stand-in the e2e server stores pictures in (tests/support/s3-stand-in.ts). */
export const E2E_S3 = {
  port: E2E_PORT + 20,
  endpoint: `http://127.0.0.1:${E2E_PORT + 20}`,
  bucket: 'agritools-e2e',
  region: 'auto',
  accessKeyId: 'agritools-e2e',
  secretAccessKey: 'agritools-e2e-secret-key',
};

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // A ceiling for a story that hangs, not a wait: the longest stories play several people through
  // a dozen pages each and took 50–60 s on a loaded 2-core machine, so 60 s failed one of them.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      // Started first: the app discovers the issuer's endpoints at start.
      command: 'node --import tsx tests/support/oidc-provider.ts',
      url: `${E2E_OIDC.issuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'ignore',
      env: {
        OIDC_PORT: String(E2E_OIDC.port),
        OIDC_APP_URL: E2E_BASE_URL,
        OIDC_CLIENT_ID: E2E_OIDC.clientId,
        OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
      },
    },
    {
      command: 'node --import tsx tests/support/sslcommerz-simulator.ts',
      url: `${E2E_SSLCOMMERZ.url}/__sim/log`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SSLCOMMERZ_SIM_PORT: String(E2E_SSLCOMMERZ.port),
        SSLCOMMERZ_STORE_ID: E2E_SSLCOMMERZ.storeId,
        SSLCOMMERZ_STORE_PASSWORD: E2E_SSLCOMMERZ.storePassword,
      },
    },
    {
      command: 'node --import tsx tests/support/s3-stand-in.ts',
      url: `${E2E_S3.endpoint}/__stand-in/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        S3_STAND_IN_PORT: String(E2E_S3.port),
        S3_BUCKET: E2E_S3.bucket,
        S3_REGION: E2E_S3.region,
        S3_ACCESS_KEY_ID: E2E_S3.accessKeyId,
        S3_SECRET_ACCESS_KEY: E2E_S3.secretAccessKey,
      },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node dist/server/server/server.js`,
      url: `${E2E_BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: E2E_BASE_URL,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        RATE_LIMIT_MAX: '100000',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // Every spec signs in from 127.0.0.1; the per-IP identity limit is proven by API tests.
        AUTH_RATE_LIMIT_MAX: '1000',
        GOOGLE_ISSUER: E2E_OIDC.issuer,
        GOOGLE_CLIENT_ID: E2E_OIDC.clientId,
        GOOGLE_CLIENT_SECRET: E2E_OIDC.clientSecret,
        SSLCOMMERZ_STORE_ID: E2E_SSLCOMMERZ.storeId,
        SSLCOMMERZ_STORE_PASSWORD: E2E_SSLCOMMERZ.storePassword,
        SSLCOMMERZ_URL: E2E_SSLCOMMERZ.url,
        ORDERS_NOTIFY_EMAIL: 'orders@agritools.test',
        S3_ENDPOINT: E2E_S3.endpoint,
        S3_BUCKET: E2E_S3.bucket,
        S3_REGION: E2E_S3.region,
        S3_ACCESS_KEY_ID: E2E_S3.accessKeyId,
        S3_SECRET_ACCESS_KEY: E2E_S3.secretAccessKey,
      },
    },
  ],
});
