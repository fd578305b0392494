-- Server processes keep the callers of recent tokens in memory; a change that ends a session or
-- alters what its user may do is announced on the channel lms_auth (at commit), so that every
-- process forgets it at once: 's<id>' a session, 'u<id>' a user, '*' everything (roles).
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('lms_auth', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('lms_auth', 's' || OLD.id);
  ELSE
    PERFORM pg_notify('lms_auth', 'u' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Moving the idle expiry on (every request, at most once a minute) is not announced.
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR NEW.idle_expires_at < OLD.idle_expires_at
    OR NEW.expires_at < OLD.expires_at
    OR NEW.user_id <> OLD.user_id)
  EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_deleted" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed"
  AFTER UPDATE OF "status", "role_id", "school_id", "first_name", "last_name", "user_name", "grade", "section"
  OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER UPDATE OR DELETE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "auth_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncated" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
