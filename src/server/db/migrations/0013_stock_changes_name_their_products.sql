-- A change of stock names its products (docs/decisions/008): an UPDATE that changed nothing but
-- the stock of at most 200 products (every order placed, cancelled or expired) notifies
-- 'stock <1|0> <id>,<id>…', 1 when one of them ran out or came back, and the servers drop only
-- the cached answers that list those products (and the in-stock searches when the 1 says so).
-- More products than fit a notification (8,000 bytes), or any other change, notifies as before:
-- 'same words' for a change that kept every text, nothing for the rest. An UPDATE that changed
-- no row at all (a conditional take of stock that found too little) notifies nothing.
CREATE OR REPLACE FUNCTION products_search_words() RETURNS trigger AS $$
DECLARE
  stock_changed text[];
  availability_changed boolean;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
      WHERE (new_rows.name, new_rows.description, new_rows.name_bn, new_rows.description_bn, new_rows.search)
        IS DISTINCT FROM (old_rows.name, old_rows.description, old_rows.name_bn, old_rows.description_bn, old_rows.search)
    ) THEN
      -- Every row paired with its old version (ids kept) and nothing but stock changed.
      IF (SELECT count(*) FROM new_rows) = (SELECT count(*) FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id)
        AND NOT EXISTS (
          SELECT 1 FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
          WHERE to_jsonb(new_rows) - 'stock' IS DISTINCT FROM to_jsonb(old_rows) - 'stock'
        ) THEN
        SELECT array_agg(new_rows.id), bool_or((new_rows.stock = 0) <> (old_rows.stock = 0))
          INTO stock_changed, availability_changed
          FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
          WHERE new_rows.stock IS DISTINCT FROM old_rows.stock;
        IF stock_changed IS NULL THEN
          RETURN NULL;
        END IF;
        IF cardinality(stock_changed) <= 200 THEN
          PERFORM pg_notify('catalogue_changed',
            'stock ' || CASE WHEN availability_changed THEN '1' ELSE '0' END || ' ' || array_to_string(stock_changed, ','));
          RETURN NULL;
        END IF;
      END IF;
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
$$ LANGUAGE plpgsql;
