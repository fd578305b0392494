-- Issue 14: the class list stored whole. Every request used to derive every class's teachers,
-- current year, fitting materials and completion for all classes, then sort and page; now each
-- class's list row is kept here, one index per sort column and direction, so a page is an index
-- range read. A row is recomputed, per school, by class_list_refresh() from the tables it depends
-- on (the 0016 summaries, user_loads, users, schools, courses, course_elements, materials), called
-- by their statement-level triggers with the schools a statement touched (every school when a
-- global course changes). No foreign keys, as for the 0016 tables.
CREATE TABLE "class_list" (
	"school_id" integer NOT NULL,
	"year_from" integer NOT NULL,
	"grade" integer NOT NULL,
	"section_key" text NOT NULL,
	"year_to" integer NOT NULL,
	"section" text NOT NULL,
	"school_name" text NOT NULL,
	"students" integer NOT NULL,
	"teachers" integer NOT NULL,
	"materials" numeric NOT NULL,
	"done" bigint NOT NULL,
	"average_completion" integer,
	"search_text" text NOT NULL,
	-- The school's current year: a teacher's load covers the classes of that year only.
	"current" boolean NOT NULL,
	CONSTRAINT "class_list_pk" PRIMARY KEY("school_id","year_from","grade","section_key")
);
--> statement-breakpoint
-- The calendar's school year the rows were computed with (a school with no students takes it as its
-- current year); the application moves it on when the year turns (class_list_sync).
CREATE TABLE "class_list_year" (
	"id" integer PRIMARY KEY NOT NULL CHECK ("id" = 1),
	"year_from" integer NOT NULL
);
--> statement-breakpoint
-- The list's orders (classes-repository.ts orderOf): the column, then school, year desc, grade, section.
CREATE INDEX "class_list_school_name_idx" ON "class_list" ("school_name","school_id","year_from" DESC,"grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_grade_asc_idx" ON "class_list" ("grade","school_id","year_from" DESC,"section_key");
--> statement-breakpoint
CREATE INDEX "class_list_grade_desc_idx" ON "class_list" ("grade" DESC NULLS LAST,"school_id","year_from" DESC,"section_key");
--> statement-breakpoint
CREATE INDEX "class_list_section_asc_idx" ON "class_list" ("section_key","school_id","year_from" DESC,"grade");
--> statement-breakpoint
CREATE INDEX "class_list_section_desc_idx" ON "class_list" ("section_key" DESC NULLS LAST,"school_id","year_from" DESC,"grade");
--> statement-breakpoint
CREATE INDEX "class_list_year_asc_idx" ON "class_list" ("year_from","school_id","grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_year_desc_idx" ON "class_list" ("year_from" DESC NULLS LAST,"school_id","grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_students_asc_idx" ON "class_list" ("students","school_id","year_from" DESC,"grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_students_desc_idx" ON "class_list" ("students" DESC NULLS LAST,"school_id","year_from" DESC,"grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_teachers_asc_idx" ON "class_list" ("teachers","school_id","year_from" DESC,"grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_teachers_desc_idx" ON "class_list" ("teachers" DESC NULLS LAST,"school_id","year_from" DESC,"grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_completion_asc_idx" ON "class_list" ("average_completion","school_id","year_from" DESC,"grade","section_key");
--> statement-breakpoint
CREATE INDEX "class_list_completion_desc_idx" ON "class_list" ("average_completion" DESC NULLS LAST,"school_id","year_from" DESC,"grade","section_key");
--> statement-breakpoint
-- The classes of some schools, computed as class-rows.ts did per request before this migration,
-- written where they differ, and the schools' other rows deleted.
-- For a few schools, one generic plan kept by the session: planning the statement costs more than
-- running it. For many, a plan for the schools given (a generic plan guesses a few rows and loops).
CREATE FUNCTION "class_list_refresh"(p_schools integer[]) RETURNS void LANGUAGE plpgsql
  SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_school integer;
  v_year integer;
BEGIN
  p_schools := ARRAY(SELECT DISTINCT s FROM unnest(p_schools) s WHERE s IS NOT NULL ORDER BY 1);
  IF cardinality(p_schools) = 0 THEN
    RETURN;
  END IF;
  -- Concurrent statements refresh a school one after the other, each reading (in the statements
  -- below, with a new snapshot) what the one before it committed: else the later could write a
  -- result computed without the earlier's change. Many schools take one lock instead of one each.
  IF cardinality(p_schools) > 64 THEN
    PERFORM pg_advisory_xact_lock(1795600021, 0);
    -- Undone when the function returns (its SET clause).
    PERFORM set_config('plan_cache_mode', 'force_custom_plan', true);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1795600021, 0);
    FOREACH v_school IN ARRAY p_schools LOOP
      PERFORM pg_advisory_xact_lock(1795600021, v_school);
    END LOOP;
  END IF;
  SELECT y.year_from INTO v_year FROM "class_list_year" y;

  WITH student_counts AS (
      SELECT school_id, year_from, grade, section_key, max(year_to) AS year_to,
             min(section) AS section, sum(students) AS n
        FROM "class_members"
       WHERE school_id = ANY(p_schools)
       GROUP BY school_id, year_from, grade, section_key),
    current_years AS (
      SELECT s.id AS school_id, coalesce(max(sc.year_from), v_year) AS year_from
        FROM "schools" s LEFT JOIN student_counts sc ON sc.school_id = s.id
       WHERE s.id = ANY(p_schools)
       GROUP BY s.id),
    load_rows AS (
      SELECT l.user_id, t.school_id, cy.year_from, l.grade::int AS grade,
             lower(trim(l.section)) AS section_key, trim(l.section) AS section
        FROM "user_loads" l
        JOIN "users" t ON t.id = l.user_id
        JOIN current_years cy ON cy.school_id = t.school_id
       WHERE trim(l.section) <> ''),
    keys AS (
      SELECT school_id, year_from, max(year_to) AS year_to, grade, section_key, min(section) AS section
        FROM (SELECT school_id, year_from, year_to, grade, section_key, section FROM student_counts
              UNION ALL
              SELECT school_id, year_from, year_from + 1, grade, section_key, section FROM load_rows) a
       GROUP BY school_id, year_from, grade, section_key),
    published_materials AS (
      SELECT m.id, m.course_id FROM "materials" m
        JOIN "course_elements" e ON e.id = m.element_id
       WHERE m.published AND e.published),
    course_materials AS (
      SELECT c.school_id, c.grade_level, lower(c.section) AS section, count(*) AS n
        FROM "courses" c JOIN published_materials pm ON pm.course_id = c.id
       WHERE c.published AND (c.school_id = ANY(p_schools) OR c.school_id IS NULL)
       GROUP BY c.school_id, c.grade_level, lower(c.section)),
    class_materials AS (
      SELECT school_id, year_from, grade, section_key, sum(n) AS n
        FROM (SELECT k.school_id, k.year_from, k.grade, k.section_key, cm.n
                FROM keys k JOIN course_materials cm
                  ON cm.school_id = k.school_id AND cm.grade_level = k.grade
                 AND (cm.section = '' OR cm.section = lower(k.section_key))
              UNION ALL
              SELECT k.school_id, k.year_from, k.grade, k.section_key, cm.n
                FROM keys k JOIN course_materials cm
                  ON cm.school_id IS NULL AND cm.grade_level = k.grade
                 AND (cm.section = '' OR cm.section = lower(k.section_key))) f
       GROUP BY school_id, year_from, grade, section_key),
    teacher_counts AS (
      SELECT school_id, year_from, grade, section_key, count(DISTINCT user_id) AS n FROM load_rows
       GROUP BY school_id, year_from, grade, section_key),
    done_counts AS (
      SELECT d.school_id, d.year_from, d.grade, d.section_key, sum(d.completed) AS n
        FROM "class_done" d
        JOIN "materials" m ON m.id = d.material_id AND m.published
        JOIN "course_elements" e ON e.id = m.element_id AND e.published
        JOIN "courses" c ON c.id = d.course_id
       WHERE c.published AND d.school_id = ANY(p_schools)
         AND (c.school_id = d.school_id OR c.school_id IS NULL) AND c.grade_level = d.grade
         AND (c.section = '' OR lower(c.section) = lower(d.section_key))
       GROUP BY d.school_id, d.year_from, d.grade, d.section_key),
    counted AS (
      SELECT k.*, s.school_name,
             coalesce(sc.n, 0)::int AS students,
             coalesce(tc.n, 0)::int AS teachers,
             coalesce(cm.n, 0) AS materials,
             coalesce(dc.n, 0) AS done,
             k.year_from = cy.year_from AS current
        FROM keys k JOIN "schools" s ON s.id = k.school_id
        JOIN current_years cy ON cy.school_id = k.school_id
        LEFT JOIN student_counts sc ON sc.school_id = k.school_id AND sc.year_from = k.year_from
                               AND sc.grade = k.grade AND sc.section_key = k.section_key
        LEFT JOIN teacher_counts tc ON tc.school_id = k.school_id AND tc.year_from = k.year_from
                               AND tc.grade = k.grade AND tc.section_key = k.section_key
        LEFT JOIN class_materials cm ON cm.school_id = k.school_id AND cm.year_from = k.year_from
                               AND cm.grade = k.grade AND cm.section_key = k.section_key
        LEFT JOIN done_counts dc ON dc.school_id = k.school_id AND dc.year_from = k.year_from
                               AND dc.grade = k.grade AND dc.section_key = k.section_key),
    computed AS (
      SELECT k.school_id, k.year_from, k.grade, k.section_key, k.year_to, k.section, k.school_name,
             k.students, k.teachers, k.materials, k.done,
             CASE WHEN (k.students * k.materials) > 0
                  THEN round(100.0 * (k.done) / (k.students * k.materials))::int END
               AS average_completion,
             lower('grade ' || k.grade || ' ' || k.section || ' ' || k.year_from || '-' || k.year_to)
               AS search_text,
             k.current
        FROM counted k),
    removed AS (
      DELETE FROM "class_list" l
       WHERE l.school_id = ANY(p_schools)
         AND NOT EXISTS (SELECT 1 FROM computed c
                          WHERE c.school_id = l.school_id AND c.year_from = l.year_from
                            AND c.grade = l.grade AND c.section_key = l.section_key))
  INSERT INTO "class_list" AS l ("school_id", "year_from", "grade", "section_key", "year_to", "section",
         "school_name", "students", "teachers", "materials", "done", "average_completion",
         "search_text", "current")
  SELECT * FROM computed
  ON CONFLICT ("school_id", "year_from", "grade", "section_key") DO UPDATE SET
    "year_to" = excluded.year_to, "section" = excluded.section, "school_name" = excluded.school_name,
    "students" = excluded.students, "teachers" = excluded.teachers,
    "materials" = excluded.materials, "done" = excluded.done,
    "average_completion" = excluded.average_completion, "search_text" = excluded.search_text,
    "current" = excluded.current
  WHERE (l.year_to, l.section, l.school_name, l.students, l.teachers, l.materials, l.done,
         l.average_completion, l.search_text, l.current)
        IS DISTINCT FROM
        (excluded.year_to, excluded.section, excluded.school_name, excluded.students,
         excluded.teachers, excluded.materials, excluded.done, excluded.average_completion,
         excluded.search_text, excluded.current);
END
$$;
--> statement-breakpoint
-- The schools whose classes some courses can fit: every school when one of them is global.
CREATE FUNCTION "class_list_course_schools"(p_courses integer[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN EXISTS (SELECT 1 FROM "courses" c WHERE c.id = ANY(p_courses) AND c.school_id IS NULL)
              THEN ARRAY(SELECT s.id FROM "schools" s)
              ELSE ARRAY(SELECT DISTINCT c.school_id FROM "courses" c WHERE c.id = ANY(p_courses)) END
$$;
--> statement-breakpoint
-- Called by the application before it reads: a turned calendar year moves the classes of the
-- schools without students (their current year is the calendar's).
CREATE FUNCTION "class_list_sync"(p_year integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "class_list_year" WHERE "year_from" = p_year) THEN
    RETURN;
  END IF;
  UPDATE "class_list_year" SET "year_from" = p_year;
  PERFORM "class_list_refresh"(ARRAY(SELECT s.id FROM "schools" s
    WHERE NOT EXISTS (SELECT 1 FROM "class_members" m WHERE m.school_id = s.id)));
END
$$;
--> statement-breakpoint
CREATE FUNCTION "class_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_schools integer[];
BEGIN
  IF TG_TABLE_NAME IN ('class_members', 'class_done', 'schools') THEN
    -- A school's name is all the list shows of it; its deletion empties its classes.
    IF TG_TABLE_NAME = 'schools' THEN
      IF TG_OP = 'UPDATE' THEN
        v_schools := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE n.school_name IS DISTINCT FROM o.school_name);
      ELSE
        v_schools := ARRAY(SELECT id FROM old_rows);
      END IF;
    ELSIF TG_OP = 'INSERT' THEN
      v_schools := ARRAY(SELECT school_id FROM new_rows);
    ELSIF TG_OP = 'UPDATE' THEN
      v_schools := ARRAY(SELECT school_id FROM new_rows UNION SELECT school_id FROM old_rows);
    ELSIF TG_TABLE_NAME = 'class_members' THEN
      v_schools := ARRAY(SELECT school_id FROM old_rows);
    ELSE
      -- The 0016 triggers delete the class_done rows they brought to zero: a zero adds nothing.
      v_schools := ARRAY(SELECT school_id FROM old_rows WHERE completed <> 0);
    END IF;
  ELSIF TG_TABLE_NAME = 'user_loads' THEN
    -- A deleted teacher's loads go before its row: the users trigger refreshes its school.
    IF TG_OP = 'INSERT' THEN
      v_schools := ARRAY(SELECT t.school_id FROM new_rows l JOIN "users" t ON t.id = l.user_id);
    ELSIF TG_OP = 'UPDATE' THEN
      v_schools := ARRAY(SELECT t.school_id FROM (SELECT user_id FROM new_rows
                                                   UNION SELECT user_id FROM old_rows) l
                           JOIN "users" t ON t.id = l.user_id);
    ELSE
      v_schools := ARRAY(SELECT t.school_id FROM old_rows l JOIN "users" t ON t.id = l.user_id);
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    -- Students reach the list through class_members and class_done; a teacher through its loads,
    -- which count in its school.
    IF TG_OP = 'UPDATE' THEN
      v_schools := ARRAY(
        SELECT unnest(ARRAY[o.school_id, n.school_id])
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE o.school_id IS DISTINCT FROM n.school_id
           AND EXISTS (SELECT 1 FROM "user_loads" l WHERE l.user_id = n.id));
    ELSE
      v_schools := ARRAY(SELECT DISTINCT school_id FROM old_rows);
    END IF;
  ELSIF TG_TABLE_NAME = 'courses' THEN
    -- A new course has no materials yet: its materials' trigger refreshes.
    IF TG_OP = 'UPDATE' THEN
      IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                  WHERE (n.school_id IS NULL OR o.school_id IS NULL)
                    AND (n.published, n.school_id, n.grade_level, n.section)
                          IS DISTINCT FROM (o.published, o.school_id, o.grade_level, o.section)) THEN
        v_schools := ARRAY(SELECT id FROM "schools");
      ELSE
        v_schools := ARRAY(
          SELECT unnest(ARRAY[o.school_id, n.school_id])
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE (n.published, n.school_id, n.grade_level, n.section)
                   IS DISTINCT FROM (o.published, o.school_id, o.grade_level, o.section));
      END IF;
    ELSIF EXISTS (SELECT 1 FROM old_rows WHERE school_id IS NULL) THEN
      v_schools := ARRAY(SELECT id FROM "schools");
    ELSE
      v_schools := ARRAY(SELECT school_id FROM old_rows);
    END IF;
  ELSIF TG_TABLE_NAME = 'course_elements' THEN
    -- A new element has no materials yet.
    IF TG_OP = 'UPDATE' THEN
      v_schools := "class_list_course_schools"(ARRAY(
        SELECT unnest(ARRAY[o.course_id, n.course_id])
          FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE (n.published, n.course_id) IS DISTINCT FROM (o.published, o.course_id)));
    ELSE
      v_schools := "class_list_course_schools"(ARRAY(SELECT course_id FROM old_rows));
    END IF;
  ELSE
    IF TG_OP = 'INSERT' THEN
      v_schools := "class_list_course_schools"(ARRAY(SELECT course_id FROM new_rows));
    ELSIF TG_OP = 'UPDATE' THEN
      v_schools := "class_list_course_schools"(ARRAY(
        SELECT unnest(ARRAY[o.course_id, n.course_id])
          FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE (n.published, n.course_id, n.element_id)
                 IS DISTINCT FROM (o.published, o.course_id, o.element_id)));
    ELSE
      v_schools := "class_list_course_schools"(ARRAY(SELECT course_id FROM old_rows));
    END IF;
  END IF;
  PERFORM "class_list_refresh"(v_schools);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "class_list_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "class_list_refresh"(ARRAY(SELECT id FROM "schools"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_members_class_list_inserted" AFTER INSERT ON "class_members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "class_members_class_list_updated" AFTER UPDATE ON "class_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "class_members_class_list_deleted" AFTER DELETE ON "class_members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "class_done_class_list_inserted" AFTER INSERT ON "class_done" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "class_done_class_list_updated" AFTER UPDATE ON "class_done" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "class_done_class_list_deleted" AFTER DELETE ON "class_done" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "schools_class_list_updated" AFTER UPDATE ON "schools" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "schools_class_list_deleted" AFTER DELETE ON "schools" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_loads_class_list_inserted" AFTER INSERT ON "user_loads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_loads_class_list_updated" AFTER UPDATE ON "user_loads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_loads_class_list_deleted" AFTER DELETE ON "user_loads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_class_list_updated" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_class_list_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_class_list_updated" AFTER UPDATE ON "courses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_class_list_deleted" AFTER DELETE ON "courses" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_elements_class_list_updated" AFTER UPDATE ON "course_elements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "course_elements_class_list_deleted" AFTER DELETE ON "course_elements" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "materials_class_list_inserted" AFTER INSERT ON "materials" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "materials_class_list_updated" AFTER UPDATE ON "materials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "materials_class_list_deleted" AFTER DELETE ON "materials" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_loads_class_list_truncated" AFTER TRUNCATE ON "user_loads"
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_truncated"();
--> statement-breakpoint
CREATE TRIGGER "courses_class_list_truncated" AFTER TRUNCATE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_truncated"();
--> statement-breakpoint
CREATE TRIGGER "course_elements_class_list_truncated" AFTER TRUNCATE ON "course_elements"
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_truncated"();
--> statement-breakpoint
CREATE TRIGGER "materials_class_list_truncated" AFTER TRUNCATE ON "materials"
  FOR EACH STATEMENT EXECUTE FUNCTION "class_list_truncated"();
--> statement-breakpoint
INSERT INTO "class_list_year" ("id", "year_from")
SELECT 1, CASE WHEN extract(month FROM now() AT TIME ZONE 'UTC') >= 6
               THEN extract(year FROM now() AT TIME ZONE 'UTC')::int
               ELSE extract(year FROM now() AT TIME ZONE 'UTC')::int - 1 END;
--> statement-breakpoint
SELECT "class_list_refresh"(ARRAY(SELECT id FROM "schools"));
