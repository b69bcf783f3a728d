-- Every change to products (a new product, a removal, stock taken by an order or given back)
-- tells every listening server instance to drop its cached catalogue reads
-- (src/server/lib/read-cache.ts, docs/decisions/008-catalogue-read-cache.md). Once per
-- statement, whatever wrote it: the shop, another instance, or an operator in psql.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
