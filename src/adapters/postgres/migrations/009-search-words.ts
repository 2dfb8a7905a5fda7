/**
 * The name keys search finds spellings and typos by (SQLite's migration 019): each word of a
 * product's title and tags, and the vocabulary of every such word with its length, kept by
 * triggers. Two catalogue writes at once, one dropping a word's last product as the other adds
 * it, can leave the word out of the vocabulary until it is written again; the vocabulary only
 * proposes typo corrections, so a search is never wrong for it, only less forgiving.
 */
export const up = `
CREATE TABLE search_words (
  word text COLLATE "C" NOT NULL,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  PRIMARY KEY (word, product_id)
);
CREATE INDEX search_words_by_product ON search_words (product_id);

CREATE TABLE search_vocabulary (
  word text COLLATE "C" PRIMARY KEY,
  letters integer NOT NULL
);
CREATE INDEX search_vocabulary_by_length ON search_vocabulary (letters);

CREATE FUNCTION search_words_keep_vocabulary() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_vocabulary (word, letters) VALUES (NEW.word, char_length(NEW.word))
      ON CONFLICT (word) DO NOTHING;
  ELSIF NOT EXISTS (SELECT 1 FROM search_words WHERE word = OLD.word) THEN
    DELETE FROM search_vocabulary WHERE word = OLD.word;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_words_keep_vocabulary AFTER INSERT OR DELETE ON search_words
  FOR EACH ROW EXECUTE FUNCTION search_words_keep_vocabulary();
`;
