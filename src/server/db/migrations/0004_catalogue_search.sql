CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
-- Hand-written: the default category exists before any product points at it
-- (UNCATEGORISED_ID in schema.ts; docs/decisions/020-catalogue-search.md).
INSERT INTO "categories" ("id", "slug", "name") VALUES ('00000000-0000-4000-8000-000000000001', 'uncategorised', 'Uncategorised');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating","id");--> statement-breakpoint
-- Hand-written from here: search (docs/decisions/020-catalogue-search.md). Two stored
-- tsvectors with GIN indexes: the name alone (a search lists name matches first) and name
-- plus description. Hyphens and slashes count as spaces, as they do in the search words
-- ("AT-1234" is "at" and "1234"). pg_trgm finds the catalogue words nearest to a misspelt
-- search word; PGlite loads it as an extension (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, translate("name", '-/', '  '))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate("name", '-/', '  ')), 'A') || setweight(to_tsvector('english'::regconfig, translate("description", '-/', '  ')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_name_idx" ON "products" USING gin ("search_name");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
-- Every word of the catalogue once (letters only, three or more): a misspelt search word is
-- corrected to its nearest words here (trigram similarity on a small table), and the search
-- itself stays a full-text query on the GIN index. Kept by the triggers below; a word whose
-- last product is gone stays, which costs nothing but a row.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_words(body text) RETURNS SETOF text AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, translate(body, '-/', '  ')))) AS w
  WHERE length(w) >= 3 AND w !~ '[0-9_./-]';
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, catalogue_words(new_rows.name || ' ' || new_rows.description) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER products_words_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();--> statement-breakpoint
CREATE TRIGGER products_words_updated AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, catalogue_words(products.name || ' ' || products.description) AS w
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A renamed or removed category changes cached catalogue answers too (migration 0001).
CREATE TRIGGER categories_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
