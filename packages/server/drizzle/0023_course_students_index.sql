-- Issue 14: the progress list of a big course. A course's students (SPEC.md: its school, grade and,
-- where set, section) are one range of this index, already in the list's name order (both ways),
-- so a page sorted by name is read from it with its offset instead of sorting every student, and a
-- figure's sort breaks its ties by the students' position in it instead of comparing names. The
-- included columns let the range be read from the index alone (the section filter, the teacher's
-- load and the name order need nothing else). Students only: other roles are never in a course.
CREATE INDEX "users_course_students_idx" ON "users" USING btree (
  "school_id", "grade", lower("last_name"), lower("first_name"), "id"
) INCLUDE ("section", "last_name", "first_name") WHERE "role_id" = 5;
--> statement-breakpoint
-- A course's section is compared lower-cased, which the planner could not estimate: it took a
-- course of 2,000 students for one and joined their summaries row by row. School, grade and
-- section together are what a course selects, and they are far from independent.
CREATE STATISTICS "users_course_stats" (ndistinct, dependencies, mcv) ON "school_id", "grade", lower("section") FROM "users";
--> statement-breakpoint
-- Only the statistics' columns: the search text's finer statistics (0013) would sample ten times more.
ANALYZE "users" ("school_id", "grade", "section");
