-- Issue 14: which users each change of the users' table touched, so that a server's in-memory
-- search index of the users catches up by reading the changes since its version (instead of
-- reading a million users again). The version is taken in the commit-time trigger, which holds the
-- counter's row until commit: versions are numbered in commit order, and the rows of a version are
-- visible once that version is. A version without rows (TRUNCATE) tells the index to read again.
CREATE TABLE "user_changes" (
  "version" bigint NOT NULL,
  "user_id" integer NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_changes_version_idx" ON "user_changes" USING btree ("version");
--> statement-breakpoint
CREATE INDEX "user_changes_at_idx" ON "user_changes" USING btree ("at");
--> statement-breakpoint
CREATE FUNCTION "note_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  IF current_setting('lms.bumped_users', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('lms.bumped_users', txid_current()::text, true);
    UPDATE "change_counters" SET "version" = "version" + 1, "updated_at" = now()
      WHERE "name" = 'users' RETURNING "version" INTO changed;
    PERFORM set_config('lms.users_version', changed::text, true);
  END IF;
  INSERT INTO "user_changes" ("version", "user_id")
    VALUES (current_setting('lms.users_version')::bigint,
            CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "users_changed" ON "users";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "note_user_change"();
