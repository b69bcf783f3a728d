import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

// API tests (*.api.test.ts) run on a fresh PGlite per file, and again on PostgreSQL when
// TEST_DATABASE_URL is set (each file in its own database): docs/decisions/005.
const apiTests = ['src/server/**/*.api.test.ts', 'tests/api/**/*.api.test.ts'];
/** Every project but the system tests fails a test on an unexpected console.error. */
const failOnConsoleError = 'tests/support/fail-on-console-error.ts';

/** A project of server-side tests in Node. */
function nodeProject(
  name: string,
  test: Omit<NonNullable<TestProjectInlineConfiguration['test']>, 'name' | 'environment'>,
): TestProjectInlineConfiguration {
  return { test: { name, environment: 'node', setupFiles: [failOnConsoleError], ...test } };
}

/** The API tests on one kind of database. */
const apiProject = (name: string, database: 'pglite' | 'postgres') =>
  nodeProject(name, {
    include: apiTests,
    env: { TEST_DB: database },
    testTimeout: 60_000,
    // Each file opens its own database (a PGlite is WASM, ~4 s alone); with every worker doing
    // so at once on two cores, a busy machine has been seen to need more than a minute.
    hookTimeout: 180_000,
  });

export default defineConfig({
  test: {
    projects: [
      nodeProject('unit', {
        include: [
          'src/shared/**/*.test.ts',
          'src/server/**/*.test.ts',
          'tests/**/*.test.ts',
          'scripts/**/*.test.ts',
        ],
        exclude: [...apiTests, 'tests/e2e/**', 'tests/system/**'],
      }),
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts', failOnConsoleError],
          // A ceiling, not a wait: forms typed key by key take seconds on a loaded machine.
          testTimeout: 30_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      // System tests start the built server as real processes (npm run build first) on
      // PostgreSQL: crash safety and two instances. Run by `npm run test:system`.
      ...(process.env.RUN_SYSTEM_TESTS
        ? [
            nodeProject('system', {
              include: ['tests/system/**/*.system.test.ts'],
              env: { TEST_DB: 'postgres' },
              setupFiles: [],
              testTimeout: 180_000,
              hookTimeout: 120_000,
              fileParallelism: false,
            }),
          ]
        : []),
    ],
  },
});
