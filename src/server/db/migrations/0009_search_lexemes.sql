-- Every lexeme of the stored tsvector `search` once (docs/decisions/020-catalogue-search.md).
-- A typed word whose lexeme begins no other lexeme is searched whole, not as a prefix: it
-- finds the same products, and the GIN index reads one entry instead of a range of them (a
-- prefix builds a bitmap of every row under the range). In C order every lexeme that begins
-- with another comes straight after it, so one step along the primary key answers whether any
-- does. Kept by the catalogue's word trigger; a lexeme whose last product is gone stays, which
-- only leaves a word searched as a prefix.
CREATE TABLE "search_lexemes" ("lexeme" text COLLATE "C" PRIMARY KEY);--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows,
      catalogue_words(concat_ws(' ', new_rows.name, new_rows.description, new_rows.name_bn, new_rows.description_bn)) AS w
  ON CONFLICT DO NOTHING;
  INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT l FROM new_rows, unnest(tsvector_to_array(new_rows.search)) AS l
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT l FROM products, unnest(tsvector_to_array(products.search)) AS l
  ON CONFLICT DO NOTHING;
