-- Issue 14: the class list's total counted once per version of the rows it reads, as the schools,
-- courses and materials lists do (0017): class_list gets a change counter, moved at commit.
INSERT INTO "change_counters" ("name", "created_by") VALUES ('class_list', 'system')
  ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "class_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "class_list"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('class_list');
--> statement-breakpoint
CREATE TRIGGER "class_list_truncated" AFTER TRUNCATE ON "class_list"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('class_list');
