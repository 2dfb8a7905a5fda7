/**
 * A counter moves once per transaction, however many of its rows the transaction writes. It is a
 * version that caches compare, not a count, and its notification went out once per transaction
 * already (migration 011). Moved per row, a catalogue import (one transaction, decision 053) wrote
 * a new version of the 'catalog' row for every product, variant, tag and picture: none can be
 * pruned before the commit, and each move read them all again, so an import's products grew dearer
 * with every product before them. A transaction-local setting remembers the counters it has moved;
 * a rolled-back savepoint forgets its move and its setting together.
 */
export const up = `
CREATE OR REPLACE FUNCTION bump_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.moved_' || TG_ARGV[0], true) IS DISTINCT FROM 'yes' THEN
    UPDATE counters SET value = value + 1 WHERE name = TG_ARGV[0];
    PERFORM set_config('shop.moved_' || TG_ARGV[0], 'yes', true);
  END IF;
  RETURN NULL;
END;
$$;
`;
