-- Issue 14: every sortable column of the user list has a (column, id) index, so that a page of an
-- unsearched list is read from an index in either order, and far pages skip entries of a narrow
-- index instead of whole rows. The search text's finer statistics make the planner's estimate of a
-- search's matches (a list's "about N" total) close enough to show.
DROP INDEX IF EXISTS "users_role_idx";--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id","id");--> statement-breakpoint
CREATE INDEX "users_user_name_idx" ON "users" USING btree ("user_name","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_grade_idx" ON "users" USING btree ("grade","id");--> statement-breakpoint
CREATE INDEX "users_section_idx" ON "users" USING btree ("section","id");--> statement-breakpoint
CREATE INDEX "users_updated_idx" ON "users" USING btree ("updated_at","id");--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS 1000;
