ALTER TABLE "course_elements" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Issue 45: every update of an editable record moves its version, whichever path writes it.
CREATE FUNCTION "bump_record_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "schools_version" BEFORE UPDATE ON "schools" FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "roles_version" BEFORE UPDATE ON "roles" FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "users_version" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "courses_version" BEFORE UPDATE ON "courses" FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "course_elements_version" BEFORE UPDATE ON "course_elements" FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "materials_version" BEFORE UPDATE ON "materials" FOR EACH ROW EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
-- A role's permissions are part of its version: a stale save cannot bring back a revoked right.
CREATE FUNCTION "bump_role_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "roles" SET "version" = "version" + 1
   WHERE "id" IN (SELECT DISTINCT "role_id" FROM "changed_permissions");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "role_permissions_added" AFTER INSERT ON "role_permissions"
  REFERENCING NEW TABLE AS "changed_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_role_versions"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_changed" AFTER UPDATE ON "role_permissions"
  REFERENCING NEW TABLE AS "changed_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_role_versions"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_removed" AFTER DELETE ON "role_permissions"
  REFERENCING OLD TABLE AS "changed_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_role_versions"();
