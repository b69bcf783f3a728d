import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';

/**
 * A fresh database for one test file: an in-memory PGlite, or, in the api-postgres
 * project, a new database on TEST_DATABASE_URL's server that is dropped afterwards,
 * so parallel files and concurrent CI runs never collide.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await handle.migrate();
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `agritools_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
