/**
 * What other processes and instances must hear at once, sent with NOTIFY on one channel when the
 * change commits (and never for one rolled back): a content counter that moved (its name), mail
 * queued, a catalogue import queued, a storefront build finished. The listener is
 * ../notifications.ts; the periodic looks it replaces stay as a slow safety net.
 * A payload is sent once per transaction however many rows moved (PostgreSQL folds repeats).
 */
export const up = `
CREATE FUNCTION notify_shop_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'counters' THEN
    PERFORM pg_notify('shop_changes', NEW.name);
  ELSE
    PERFORM pg_notify('shop_changes', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER counters_notify AFTER INSERT OR UPDATE ON counters
  FOR EACH ROW EXECUTE FUNCTION notify_shop_change();
CREATE TRIGGER mail_outbox_notify AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_change('mail');
CREATE TRIGGER import_jobs_notify AFTER INSERT ON import_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_change('imports');
CREATE TRIGGER storefront_builds_notify AFTER UPDATE OF status ON storefront_builds
  FOR EACH STATEMENT EXECUTE FUNCTION notify_shop_change('builds');
`;
