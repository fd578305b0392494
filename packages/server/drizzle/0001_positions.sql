-- Positions unique per course (elements) and per element (materials). Deferred to the end of the
-- transaction, so that a placement or a swap can shift several rows in one statement.
ALTER TABLE "course_elements" ADD CONSTRAINT "course_elements_position_key" UNIQUE ("course_id", "position") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_position_key" UNIQUE ("element_id", "position") DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
-- Built-in roles keep SPEC.md's ids (1 to 12); custom roles get new ids from 100 on.
ALTER SEQUENCE "roles_id_seq" RESTART WITH 100;
