-- Issue 14: the schools, courses and materials lists at a division's scale, as the user list
-- (0002, 0013). Each table a list's condition reads has a change counter, so that an exact total is
-- counted once per version (user_loads: a teacher sees the courses of its load); every sortable
-- column has a (column, id) index, so that a page's ids are read from an index from either end; the
-- materials' search expression has a trigram index.
INSERT INTO "change_counters" ("name", "created_by") VALUES
  ('schools', 'system'), ('courses', 'system'), ('course_elements', 'system'),
  ('materials', 'system'), ('user_loads', 'system')
  ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "schools_changed" AFTER INSERT OR UPDATE OR DELETE ON "schools"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('schools');
--> statement-breakpoint
CREATE TRIGGER "schools_truncated" AFTER TRUNCATE ON "schools"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('schools');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "courses_changed" AFTER INSERT OR UPDATE OR DELETE ON "courses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('courses');
--> statement-breakpoint
CREATE TRIGGER "courses_truncated" AFTER TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('courses');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "course_elements_changed" AFTER INSERT OR UPDATE OR DELETE ON "course_elements"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('course_elements');
--> statement-breakpoint
CREATE TRIGGER "course_elements_truncated" AFTER TRUNCATE ON "course_elements"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('course_elements');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "materials_changed" AFTER INSERT OR UPDATE OR DELETE ON "materials"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('materials');
--> statement-breakpoint
CREATE TRIGGER "materials_truncated" AFTER TRUNCATE ON "materials"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('materials');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_loads_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_loads"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_change_counter"('user_loads');
--> statement-breakpoint
CREATE TRIGGER "user_loads_truncated" AFTER TRUNCATE ON "user_loads"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_change_counter_now"('user_loads');
--> statement-breakpoint
CREATE INDEX "schools_code_idx" ON "schools" USING btree ("school_code","id");--> statement-breakpoint
CREATE INDEX "schools_city_idx" ON "schools" USING btree ("city","id");--> statement-breakpoint
CREATE INDEX "schools_province_idx" ON "schools" USING btree ("province","id");--> statement-breakpoint
CREATE INDEX "schools_region_idx" ON "schools" USING btree ("region","id");--> statement-breakpoint
CREATE INDEX "schools_enabled_idx" ON "schools" USING btree ("enabled","id");--> statement-breakpoint
CREATE INDEX "schools_updated_idx" ON "schools" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "courses_name_idx" ON "courses" USING btree ("course_name","id");--> statement-breakpoint
CREATE INDEX "courses_code_idx" ON "courses" USING btree ("course_code","id");--> statement-breakpoint
CREATE INDEX "courses_grade_idx" ON "courses" USING btree ("grade_level","id");--> statement-breakpoint
CREATE INDEX "courses_subject_idx" ON "courses" USING btree ("subject","id");--> statement-breakpoint
CREATE INDEX "courses_section_idx" ON "courses" USING btree ("section","id");--> statement-breakpoint
CREATE INDEX "courses_published_idx" ON "courses" USING btree ("published","id");--> statement-breakpoint
CREATE INDEX "courses_created_idx" ON "courses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "courses_updated_idx" ON "courses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "materials_name_idx" ON "materials" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "materials_modified_idx" ON "materials" USING btree ("last_modified","id");--> statement-breakpoint
CREATE INDEX "materials_size_idx" ON "materials" USING btree ("size","id");--> statement-breakpoint
CREATE INDEX "materials_type_idx" ON "materials" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "materials_author_idx" ON "materials" USING btree ("author","id");--> statement-breakpoint
CREATE INDEX "materials_published_idx" ON "materials" USING btree ("published","id");--> statement-breakpoint
CREATE INDEX "materials_position_idx" ON "materials" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "materials_created_idx" ON "materials" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "materials_search_trgm" ON "materials" USING gin (lower("name" || ' ' || "author") gin_trgm_ops);
