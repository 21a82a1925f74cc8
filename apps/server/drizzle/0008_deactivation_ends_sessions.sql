-- Deactivating a user or a tenant ends their sessions for good, whoever writes the change (the admin
-- API, an operator's SQL): a session that was refused while its account was inactive must not come
-- back when the account is reactivated. Reactivation means signing in again.
CREATE FUNCTION end_sessions_of_deactivated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'tenant' THEN
    UPDATE session SET revoked_at = now() WHERE tenant_id = NEW.id AND revoked_at IS NULL;
  ELSE
    UPDATE session SET revoked_at = now() WHERE tenant_id = NEW.tenant_id AND user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER app_user_deactivated_ends_sessions AFTER UPDATE OF active ON app_user
  FOR EACH ROW WHEN (OLD.active AND NOT NEW.active) EXECUTE FUNCTION end_sessions_of_deactivated();--> statement-breakpoint
CREATE TRIGGER tenant_deactivated_ends_sessions AFTER UPDATE OF active ON tenant
  FOR EACH ROW WHEN (OLD.active AND NOT NEW.active) EXECUTE FUNCTION end_sessions_of_deactivated();
