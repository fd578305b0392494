-- Issue 14: a user's record is read from users, roles, schools, user_loads and parent_children
-- (user-records.ts); the server holds records written as JSON at those tables' versions, so roles
-- and parent_children get change counters too, moved at commit as the others' are (0002, 0017).
INSERT INTO "change_counters" ("name", "created_by") VALUES ('roles', 'system'), ('parent_children', 'system')
  ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "roles_changed" AFTER INSERT OR UPDATE OR DELETE ON "roles"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('roles');
--> statement-breakpoint
CREATE TRIGGER "roles_truncated" AFTER TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('roles');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "parent_children_changed" AFTER INSERT OR UPDATE OR DELETE ON "parent_children"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('parent_children');
--> statement-breakpoint
CREATE TRIGGER "parent_children_truncated" AFTER TRUNCATE ON "parent_children"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('parent_children');
