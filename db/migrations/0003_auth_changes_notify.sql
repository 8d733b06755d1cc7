-- Every process caches API keys with their account; a change to either is announced on auth_changed
-- (payload: the account id) by whoever makes it (a server, the admin command, a hand-written query).
CREATE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.account_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_auth_changed AFTER UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_changed AFTER UPDATE OR DELETE ON "api_keys" FOR EACH ROW EXECUTE FUNCTION notify_api_key_changed();
