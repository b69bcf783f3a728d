import { databaseTarget } from '../app.ts';
import { ConfigError, parseEnv } from '../config/env.ts';
import { openDatabase } from './client.ts';

// `npm run db:migrate`: applies pending migrations to the database the environment names
// (DATABASE_URL, else PGlite under DATA_DIR) and exits. The server does the same at start;
// this is for applying them ahead of a deploy. On PGlite it refuses while a server holds
// the folder (src/server/db/client.ts).
async function main() {
  const env = parseEnv();
  const database = await openDatabase(databaseTarget(env));
  try {
    await database.migrate();
    console.log(`migrations applied (${database.kind})`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
