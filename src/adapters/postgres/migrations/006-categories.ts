/**
 * The category documents (SQLite's migration 001): one row per document, its teams as JSON text.
 * A trigger moves the 'documents' counter in the same transaction as every change, as SQLite's do.
 */
export const up = `
CREATE TABLE categories (
  id text PRIMARY KEY,
  name text NOT NULL,
  teams_json text NOT NULL CHECK (teams_json::jsonb IS NOT NULL),
  revision integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL
);

-- Moves the counter its trigger names, in the changing transaction; the later tables use it too.
CREATE FUNCTION bump_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE counters SET value = value + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END;
$$;
CREATE TRIGGER categories_bump_documents AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION bump_counter('documents');
`;
