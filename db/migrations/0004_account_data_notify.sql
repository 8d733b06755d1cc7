-- Every serving process caches what GET /v1/videos/{id} and GET /v1/me read (a video with its download
-- link, an account's use in its period); a change to any of it is announced on account_data_changed
-- (payload: the account id) by whoever makes it (a worker, a server, the admin command, a hand-written query).
CREATE FUNCTION notify_account_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('account_data_changed', OLD.account_id);
  ELSE
    PERFORM pg_notify('account_data_changed', NEW.account_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_download_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT account_id INTO owner FROM videos WHERE id = OLD.video_id;
  ELSE
    SELECT account_id INTO owner FROM videos WHERE id = NEW.video_id;
  END IF;
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('account_data_changed', owner);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER videos_account_data_changed AFTER INSERT OR UPDATE OR DELETE ON "videos" FOR EACH ROW EXECUTE FUNCTION notify_account_data_changed();
--> statement-breakpoint
CREATE TRIGGER usage_ledger_account_data_changed AFTER INSERT OR UPDATE OR DELETE ON "usage_ledger" FOR EACH ROW EXECUTE FUNCTION notify_account_data_changed();
--> statement-breakpoint
CREATE TRIGGER download_links_account_data_changed AFTER INSERT OR UPDATE OR DELETE ON "download_links" FOR EACH ROW EXECUTE FUNCTION notify_download_link_changed();
