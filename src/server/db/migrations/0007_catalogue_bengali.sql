ALTER TABLE "categories" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_bn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_bn" text;--> statement-breakpoint
-- Hand-written from here: search finds products by their Bengali words too
-- (docs/decisions/028-bengali-catalogue.md). The stored tsvectors of migration 0004 are drawn
-- again with the Bengali name beside the English one and the Bengali description beside the
-- English one; PostgreSQL's parser keeps a Bengali word whole (vowel signs included) and the
-- english configuration leaves it unstemmed. Their GIN indexes go with the columns.
ALTER TABLE "products" DROP COLUMN "search_name";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, translate("name" || ' ' || coalesce("name_bn", ''), '-/', '  '))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, translate("name" || ' ' || coalesce("name_bn", ''), '-/', '  ')), 'A') || setweight(to_tsvector('english'::regconfig, translate("description" || ' ' || coalesce("description_bn", ''), '-/', '  ')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_name_idx" ON "products" USING gin ("search_name");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
-- Bengali words join the catalogue's words, so a misspelt Bengali word is corrected too.
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows,
      catalogue_words(concat_ws(' ', new_rows.name, new_rows.description, new_rows.name_bn, new_rows.description_bn)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
