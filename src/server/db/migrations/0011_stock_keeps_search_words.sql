-- Stock taken by an order or given back, a price or a rating changed: cached answers change, the
-- catalogue's words do not. The notification now says which (docs/decisions/020): an UPDATE
-- that changes no product's text notifies 'same words', and the servers drop their cached
-- answers but keep what they learnt of each search word; any other change to products (an
-- insert, a removal, a text edited) notifies with an empty payload, as before, and everything
-- is dropped. A server that does not read the payload drops everything, as before.
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
      WHERE (new_rows.name, new_rows.description, new_rows.name_bn, new_rows.description_bn, new_rows.search)
        IS DISTINCT FROM (old_rows.name, old_rows.description, old_rows.name_bn, old_rows.description_bn, old_rows.search)
    ) THEN
      PERFORM pg_notify('catalogue_changed', 'same words');
      RETURN NULL;
    END IF;
    PERFORM pg_notify('catalogue_changed', '');
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
-- Updates notify from the function above, which sees the old and new rows; the rest as before.
DROP TRIGGER products_changed ON products;--> statement-breakpoint
CREATE TRIGGER products_changed
  AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
