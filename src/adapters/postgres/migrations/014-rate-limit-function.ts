/**
 * One rate-limit hit in one statement (rate-limits-postgres): the same steps as the adapter took
 * in five round trips (lock the rule and key, forget hits out of the window, count, refuse or
 * record), now inside the database. Every cart add, order and sign-in makes one. Answers 0 when
 * the hit is allowed and recorded, else the milliseconds until the oldest hit leaves the window.
 * The advisory lock is the one `lockKey` takes (advisory-lock.ts), held to the statement's commit.
 */
export const up = `
CREATE FUNCTION rate_limit_hit(p_rule text, p_key text, p_now bigint, p_window_ms bigint, p_limit integer)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  hits bigint;
  oldest bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_rule), hashtext(p_key));
  DELETE FROM rate_limit_hits AS h
    WHERE h.rule = p_rule AND h.key = p_key AND h.at <= p_now - p_window_ms;
  SELECT count(*), min(h.at) INTO hits, oldest
    FROM rate_limit_hits AS h WHERE h.rule = p_rule AND h.key = p_key;
  IF hits >= p_limit THEN
    RETURN greatest(1, coalesce(oldest, p_now) + p_window_ms - p_now);
  END IF;
  INSERT INTO rate_limit_hits (rule, key, at) VALUES (p_rule, p_key, p_now);
  RETURN 0;
END;
$$;
`;
