import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { parseEnv } from '../../src/server/config/env.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/** buildApp on a fresh database with a test environment; env overrides are raw variables. */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Capture the app's log lines (at level info) instead of keeping it silent. */
  options: {
    logDestination?: { write(line: string): unknown };
    backgroundJobs?: boolean;
    /** A database the test prepared (openTestDatabase), closed with the app. */
    database?: DatabaseHandle;
    /** Called with the built app before it is made ready (to add a hook of the test's own). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'agritools-test-'));
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      ...env,
    }),
    database,
    // The outbox sender and the order expiry run when a test asks (sendDueMails, expireHolds).
    backgroundJobs: options.backgroundJobs ?? false,
    ...(options.logDestination ? { logger: { level: 'info' }, logDestination: options.logDestination } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
