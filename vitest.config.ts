import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// API tests (*.api.test.ts) run on a fresh PGlite per file, and again on PostgreSQL
// when TEST_DATABASE_URL is set (each file in its own database), per issue 2.
const apiTests = ['src/server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: [...apiTests, 'tests/e2e/**', 'tests/system/**'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts', 'tests/support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api-pglite',
          environment: 'node',
          include: apiTests,
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          // Each file opens its own PGlite (WASM, ~4 s alone); with every worker doing so at
          // once on two cores, a busy machine has been seen to need more than a minute.
          hookTimeout: 180_000,
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api-postgres',
                environment: 'node',
                include: apiTests,
                env: { TEST_DB: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 180_000,
                setupFiles: ['tests/support/fail-on-console-error.ts'],
              },
            },
          ]
        : []),
      // System tests start the built server as real processes (npm run build first) on PostgreSQL:
      // crash safety and two instances (issue 6). Run by `npm run test:system`.
      ...(process.env.RUN_SYSTEM_TESTS
        ? [
            {
              test: {
                name: 'system',
                environment: 'node',
                include: ['tests/system/**/*.system.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 180_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
