-- The catalogue's word trigger on UPDATE writes only what changed (docs/decisions/020).
-- It wrote every updated product's words and lexemes again on every UPDATE, stock and price
-- changes included: each checkout and each cancelled order's restock re-inserted, inside the
-- transaction that holds the product rows, words the tables already had. Now an UPDATE that
-- changes no product's text writes nothing. The function stays one for both
-- triggers: the check below reads old_rows, which only the UPDATE trigger has, and PL/pgSQL
-- plans a statement the first time it runs, so the INSERT trigger never plans it.
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
      WHERE (new_rows.name, new_rows.description, new_rows.name_bn, new_rows.description_bn, new_rows.search)
        IS DISTINCT FROM (old_rows.name, old_rows.description, old_rows.name_bn, old_rows.description_bn, old_rows.search)
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
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
DROP TRIGGER products_words_updated ON products;--> statement-breakpoint
CREATE TRIGGER products_words_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();
