-- Every change to orders (a checkout, a move along the lifecycle, a removal, a cascade from a
-- removed account) tells every listening server instance to drop its cached order lists
-- (docs/decisions/007-every-list-is-paged.md). Once per statement, whatever wrote it: the shop,
-- another instance, or an operator in psql.
CREATE OR REPLACE FUNCTION notify_orders_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('orders_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_orders_changed();
