-- Hand-written (docs/decisions/020-catalogue-search.md): a tenth of each page of products is
-- left free. A stock change (every order placed, cancelled or expired) writes a new version of
-- the product's row; with room on its page PostgreSQL writes it there and no index changes (a
-- HOT update). On a full page it goes to another page, and each of the table's indexes gains an
-- entry for it, the two GIN indexes of search included, whose entries wait in a pending list
-- that every search reads until a VACUUM (which PGlite never runs) merges them. Pages written
-- before this keep no room until their dead versions are pruned; new rows get it.
ALTER TABLE "products" SET (fillfactor = 90);
