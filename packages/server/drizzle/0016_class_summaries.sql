-- Issue 14: the class list at a million users. Classes stay derived (class-rows.ts), but what the
-- list needs of every student and of every completed progress row is summed here, kept current by
-- the database's own statement-level triggers (one pass per statement, so a bulk upload of 50,000
-- users costs one grouped insert). A student is a user of role 5 (SPEC.md's fixed role id) with a
-- school, a school year, a grade and a section; its class is (school, year from, grade, trimmed
-- lower-case section). These tables have no foreign keys on purpose: the recycle bin copies every
-- row that depends on a deleted record through foreign keys, and these rows follow the triggers.
--
-- Students per class, by the two details the class list shows of them (the latest year to, the
-- first spelling of the section): counts, so that a student leaving takes its own part away.
CREATE TABLE "class_members" (
	"school_id" integer NOT NULL,
	"year_from" integer NOT NULL,
	"grade" integer NOT NULL,
	"section_key" text NOT NULL,
	"section" text NOT NULL,
	"year_to" integer NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "class_members_pk" PRIMARY KEY("school_id","year_from","grade","section_key","section","year_to")
);
--> statement-breakpoint
CREATE INDEX "class_members_empty_idx" ON "class_members" USING btree ("school_id") WHERE "students" = 0;
--> statement-breakpoint
-- Completed progress rows per class and material; the list sums those of the published materials
-- of the published courses that fit the class, at read time.
CREATE TABLE "class_done" (
	"school_id" integer NOT NULL,
	"year_from" integer NOT NULL,
	"grade" integer NOT NULL,
	"section_key" text NOT NULL,
	"course_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "class_done_pk" PRIMARY KEY("school_id","year_from","grade","section_key","course_id","material_id")
);
--> statement-breakpoint
CREATE INDEX "class_done_empty_idx" ON "class_done" USING btree ("school_id") WHERE "completed" = 0;
--> statement-breakpoint
-- Deleting users deletes their progress too (ON DELETE CASCADE), and the statement triggers of both
-- tables run at the end of the whole statement, in an order that depends on the cascade: the
-- users trigger notes the classes of the students it saw go (class_gone_students, until a later
-- transaction's user deletion clears them), and a progress row whose user is gone takes its class
-- from there, or waits here (class_done_pending) for the users trigger that comes after it.
-- Pending rows never outlive their statement.
CREATE TABLE "class_done_pending" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"material_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_gone_students" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"txid" bigint NOT NULL,
	"school_id" integer NOT NULL,
	"year_from" integer NOT NULL,
	"grade" integer NOT NULL,
	"section_key" text NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "class_summaries_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "class_members" AS c ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), trim(u.section),
           coalesce(u.school_year_to, u.school_year_from + 1), count(*)
      FROM new_rows u
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "section", "year_to")
    DO UPDATE SET "students" = c.students + excluded.students;
    -- A new user has no progress yet (a restored one gets its rows back after it, by insert).
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "class_members" AS c ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
    SELECT d.school_id, d.year_from, d.grade, d.section_key, d.section, d.year_to, sum(d.n)
      FROM (SELECT u.school_id, u.school_year_from AS year_from, u.grade::int AS grade,
                   lower(trim(u.section)) AS section_key, trim(u.section) AS section,
                   coalesce(u.school_year_to, u.school_year_from + 1) AS year_to, 1 AS n
              FROM new_rows u
             WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
               AND u.grade IS NOT NULL AND trim(u.section) <> ''
            UNION ALL
            SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), trim(u.section),
                   coalesce(u.school_year_to, u.school_year_from + 1), -1
              FROM old_rows u
             WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
               AND u.grade IS NOT NULL AND trim(u.section) <> '') d
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "section", "year_to")
    DO UPDATE SET "students" = c.students + excluded.students;

    -- A student whose class changed takes its completed progress along.
    WITH moved AS (
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.role_id = 5 AND o.school_id IS NOT NULL AND o.school_year_from IS NOT NULL
              AND o.grade IS NOT NULL AND trim(o.section) <> '')
               IS DISTINCT FROM
             (n.role_id = 5 AND n.school_id IS NOT NULL AND n.school_year_from IS NOT NULL
              AND n.grade IS NOT NULL AND trim(n.section) <> '')
          OR (o.school_id, o.school_year_from, o.grade, lower(trim(o.section)))
               IS DISTINCT FROM (n.school_id, n.school_year_from, n.grade, lower(trim(n.section))))
    INSERT INTO "class_done" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT d.school_id, d.year_from, d.grade, d.section_key, d.course_id, d.material_id, sum(d.n)
      FROM (SELECT u.school_id, u.school_year_from AS year_from, u.grade::int AS grade,
                   lower(trim(u.section)) AS section_key, p.course_id, p.material_id, 1 AS n
              FROM moved m JOIN new_rows u ON u.id = m.id
              JOIN "progress" p ON p.user_id = m.id AND p.completed_at IS NOT NULL
             WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
               AND u.grade IS NOT NULL AND trim(u.section) <> ''
            UNION ALL
            SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)),
                   p.course_id, p.material_id, -1
              FROM moved m JOIN old_rows u ON u.id = m.id
              JOIN "progress" p ON p.user_id = m.id AND p.completed_at IS NOT NULL
             WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
               AND u.grade IS NOT NULL AND trim(u.section) <> '') d
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
  ELSE
    INSERT INTO "class_members" AS c ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), trim(u.section),
           coalesce(u.school_year_to, u.school_year_from + 1), -count(*)
      FROM old_rows u
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "section", "year_to")
    DO UPDATE SET "students" = c.students + excluded.students;

    INSERT INTO "class_done" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), p.course_id,
           p.material_id, -count(*)
      FROM "class_done_pending" p JOIN old_rows u ON u.id = p.user_id
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    DELETE FROM "class_done_pending" p USING old_rows u WHERE p.user_id = u.id;

    -- Notes from earlier transactions are done with: their statements' triggers have all run.
    DELETE FROM "class_gone_students" WHERE "txid" <> txid_current();
    INSERT INTO "class_gone_students" ("user_id", "txid", "school_id", "year_from", "grade", "section_key")
    SELECT u.id, txid_current(), u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section))
      FROM old_rows u
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
    ON CONFLICT ("user_id") DO UPDATE SET "txid" = excluded.txid, "school_id" = excluded.school_id,
      "year_from" = excluded.year_from, "grade" = excluded.grade, "section_key" = excluded.section_key;
  END IF;

  DELETE FROM "class_members" WHERE "students" = 0;
  DELETE FROM "class_done" WHERE "completed" = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "class_summaries_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "class_done" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), p.course_id,
           p.material_id, count(*)
      FROM new_rows p JOIN "users" u ON u.id = p.user_id
     WHERE p.completed_at IS NOT NULL
       AND u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "class_done" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), d.course_id,
           d.material_id, sum(d.n)
      FROM (SELECT user_id, course_id, material_id, 1 AS n FROM new_rows WHERE completed_at IS NOT NULL
            UNION ALL
            SELECT user_id, course_id, material_id, -1 FROM old_rows WHERE completed_at IS NOT NULL) d
      JOIN "users" u ON u.id = d.user_id
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
  ELSE
    INSERT INTO "class_done" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), p.course_id,
           p.material_id, -count(*)
      FROM old_rows p JOIN "users" u ON u.id = p.user_id
     WHERE p.completed_at IS NOT NULL
       AND u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    -- Rows of students deleted by the same statement (a progress row never outlives its user).
    INSERT INTO "class_done" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT g.school_id, g.year_from, g.grade, g.section_key, p.course_id, p.material_id, -count(*)
      FROM old_rows p JOIN "class_gone_students" g ON g.user_id = p.user_id
     WHERE p.completed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = p.user_id)
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    INSERT INTO "class_done_pending" ("user_id", "course_id", "material_id")
    SELECT p.user_id, p.course_id, p.material_id
      FROM old_rows p
     WHERE p.completed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = p.user_id)
       AND NOT EXISTS (SELECT 1 FROM "class_gone_students" g WHERE g.user_id = p.user_id);
  END IF;

  DELETE FROM "class_done" WHERE "completed" = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "class_summaries_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    DELETE FROM "class_members";
  END IF;
  DELETE FROM "class_done";
  DELETE FROM "class_done_pending";
  DELETE FROM "class_gone_students";
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "class_members" ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), trim(u.section),
       coalesce(u.school_year_to, u.school_year_from + 1), count(*)
  FROM "users" u
 WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
   AND u.grade IS NOT NULL AND trim(u.section) <> ''
 GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "class_done" ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), p.course_id,
       p.material_id, count(*)
  FROM "progress" p JOIN "users" u ON u.id = p.user_id
 WHERE p.completed_at IS NOT NULL
   AND u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
   AND u.grade IS NOT NULL AND trim(u.section) <> ''
 GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TRIGGER "users_classes_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_users"();
--> statement-breakpoint
CREATE TRIGGER "users_classes_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_users"();
--> statement-breakpoint
CREATE TRIGGER "users_classes_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_users"();
--> statement-breakpoint
CREATE TRIGGER "progress_classes_inserted" AFTER INSERT ON "progress" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_progress"();
--> statement-breakpoint
CREATE TRIGGER "progress_classes_updated" AFTER UPDATE ON "progress"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_progress"();
--> statement-breakpoint
CREATE TRIGGER "progress_classes_deleted" AFTER DELETE ON "progress" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_progress"();
--> statement-breakpoint
CREATE TRIGGER "users_classes_truncated" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_truncated"();
--> statement-breakpoint
CREATE TRIGGER "progress_classes_truncated" AFTER TRUNCATE ON "progress"
  FOR EACH STATEMENT EXECUTE FUNCTION "class_summaries_truncated"();
