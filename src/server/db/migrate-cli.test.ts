import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../lib/project-root.ts';
import { openDatabase } from './client.ts';
import { orders, products, users } from './schema.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'agritools-migrate-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run db:migrate', () => {
  it('applies the migrations to the database DATA_DIR names, and exits', async () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/migrate-cli.ts'], {
      cwd: projectRoot(),
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('migrations applied (pglite)');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      // The tables are there, and empty: migrating seeds nothing.
      for (const table of [products, orders, users])
        await expect(database.db.select().from(table)).resolves.toEqual([]);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('names a bad variable and exits with the configuration status', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/db/migrate-cli.ts'], {
      cwd: projectRoot(),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('DATABASE_URL');
  }, 60_000);
});
