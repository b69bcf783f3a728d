import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { errorBodySchema } from '../../src/shared/errors.ts';
import { createCallers } from '../factories/users.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type Callers = Awaited<ReturnType<typeof createCallers>>;

export interface ApiTest {
  /** The app under test (buildApp on a fresh database). */
  readonly app: FastifyInstance;
  /** Its DATA_DIR: the mail outbox lives there. */
  readonly dataDir: string;
  /** The four callers every API test checks: visitor, customer A, customer B, admin. */
  readonly callers: Callers;
}

/**
 * One app per test file: started before the file's tests, closed after them. `env` holds raw
 * environment overrides (as createTestApp takes them).
 */
export function useApiTest(env: Record<string, string> = {}): ApiTest {
  let running: TestApp | undefined;
  let callers: Callers | undefined;
  beforeAll(async () => {
    running = await createTestApp(env);
    callers = await createCallers(running.app);
  });
  afterAll(() => running?.close());
  const started = () => {
    if (!running || !callers) throw new Error('useApiTest: the app starts in beforeAll');
    return { running, callers };
  };
  return {
    get app() {
      return started().running.app;
    },
    get dataDir() {
      return started().running.dataDir;
    },
    get callers() {
      return started().callers;
    },
  };
}

/** The error of an answer in the design's one shape (fails the test if it is not). */
export const errorOf = (response: { json(): unknown }) => errorBodySchema.parse(response.json()).error;
