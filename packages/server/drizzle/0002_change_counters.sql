CREATE TABLE "change_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone,
	"updated_by" text
);
--> statement-breakpoint
INSERT INTO "change_counters" ("name", "created_by") VALUES ('users', 'system');
--> statement-breakpoint
-- Moves a table's version on once per transaction, at commit (a deferred constraint trigger), so
-- that the new version becomes visible together with the change and holds its row lock only for the
-- instant of the commit.
CREATE FUNCTION "bump_change_counter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('lms.bumped_' || TG_ARGV[0], true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('lms.bumped_' || TG_ARGV[0], txid_current()::text, true);
    UPDATE "change_counters" SET "version" = "version" + 1, "updated_at" = now()
      WHERE "name" = TG_ARGV[0];
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('users');
--> statement-breakpoint
CREATE FUNCTION "bump_change_counter_now"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "change_counters" SET "version" = "version" + 1, "updated_at" = now()
    WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('users');
