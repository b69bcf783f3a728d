import { describe, expect, it } from 'vitest';
import { insertSeedDrills, wordOfThisRun } from '../../../../tests/factories/products.ts';
import { createTestApp } from '../../../../tests/support/test-app.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { RARE_MATCHES, rareWords } from './search.repository.ts';

// The embedded database has no autovacuum: the shop brings the catalogue's statistics up to
// date when it opens it, so the planner and search's rare words (docs/decisions/020) work from
// the catalogue as it is. (On PostgreSQL autovacuum does it; an import does it on both, as
// products-csv.api.test.ts shows.)
describe.runIf(process.env.TEST_DB !== 'postgres')('on PGlite', () => {
  it('analyses the catalogue when the shop opens the database, so search knows its common words', async () => {
    const database = await openTestDatabase();
    // A word of this run alone, in fewer products than RARE_MATCHES: only the table's
    // statistics (its most common words) can tell the search it is common.
    const word = wordOfThisRun();
    expect(RARE_MATCHES).toBeGreaterThan(150);
    await insertSeedDrills(database.db, word, 150);
    expect((await rareWords(database.db, [word]))[0]).toMatchObject({ word, rare: true });

    const t = await createTestApp({}, { database });
    try {
      expect((await rareWords(t.app.db, [word]))[0]).toMatchObject({ word, rare: false });
    } finally {
      await t.close();
    }
  });
});
