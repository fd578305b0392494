-- Issue 14: the stored summaries under concurrent transactions (test/summaries-concurrency.test.ts).
-- The progress summaries (0020), the class sums (0016) and the class list (0021) were kept by each
-- statement at once: it locked the rows (and schools) it changed and held them to the end of its
-- transaction. Two transactions meeting the same rows in opposite orders (two students, two
-- classes, two schools, or many schools under one lock against one school) each waited for the
-- other: a deadlock, and one of them failed. And a recompute of a whole course (a material or
-- element published or unpublished, a SCORM grading changed) locked the course's existing rows
-- only, so a row another transaction was creating kept figures computed without the change.
--
-- Now a statement only notes its transaction's part: the (course, student) pairs and whole courses
-- to recompute, what it adds to the class sums, the schools whose list rows to refresh. When the
-- transaction commits, one deferred trigger does it all, taking its locks in one fixed order:
-- courses (by id; shared, or exclusive for a whole course, which lists its rows after the lock),
-- summary rows (by key), class sums (by key), then schools (by id; above 64 courses or schools,
-- one lock stands for all). Those locks come after every lock the transaction's statements took,
-- and are held only by transactions committing in the same order: no circle. Each step reads in a
-- new statement after its locks, so it sees what the transactions that held them committed.
-- Inside the transaction itself the stored rows show its changes only after it commits.
CREATE TABLE "summaries_commit" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_summaries_pending" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "progress_summaries_pending_pk" PRIMARY KEY("txid","course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "progress_summaries_pending_courses" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "progress_summaries_pending_courses_pk" PRIMARY KEY("txid","course_id")
);
--> statement-breakpoint
CREATE TABLE "class_members_delta" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"school_id" integer NOT NULL,
	"year_from" integer NOT NULL,
	"grade" integer NOT NULL,
	"section_key" text NOT NULL,
	"section" text NOT NULL,
	"year_to" integer NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "class_members_delta_pk" PRIMARY KEY("txid","school_id","year_from","grade","section_key","section","year_to")
);
--> statement-breakpoint
CREATE TABLE "class_done_delta" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"school_id" integer NOT NULL,
	"year_from" integer NOT NULL,
	"grade" integer NOT NULL,
	"section_key" text NOT NULL,
	"course_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"completed" integer NOT NULL,
	CONSTRAINT "class_done_delta_pk" PRIMARY KEY("txid","school_id","year_from","grade","section_key","course_id","material_id")
);
--> statement-breakpoint
CREATE TABLE "class_list_pending" (
	"txid" bigint DEFAULT txid_current() NOT NULL,
	"school_id" integer NOT NULL,
	CONSTRAINT "class_list_pending_pk" PRIMARY KEY("txid","school_id")
);
--> statement-breakpoint
-- Something noted: the transaction's work is queued for its commit (once).
CREATE FUNCTION "summaries_note"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "summaries_commit" ("txid") VALUES (txid_current()) ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- The class sums' triggers add to their deltas in statements that may add nothing.
CREATE FUNCTION "summaries_noted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM "summaries_note"();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "class_members_delta_noted" AFTER INSERT ON "class_members_delta" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "summaries_noted"();
--> statement-breakpoint
CREATE TRIGGER "class_done_delta_noted" AFTER INSERT ON "class_done_delta" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "summaries_noted"();
--> statement-breakpoint
ALTER FUNCTION "progress_summaries_refresh"(integer[], integer[]) RENAME TO "progress_summaries_recompute";
--> statement-breakpoint
CREATE FUNCTION "progress_summaries_refresh"("course_ids" integer[], "user_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "progress_summaries_pending" ("course_id", "user_id")
  SELECT DISTINCT k.c, k.u FROM unnest(course_ids, user_ids) AS k(c, u)
   WHERE k.c IS NOT NULL AND k.u IS NOT NULL
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM "summaries_note"();
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "progress_summaries_refresh_courses"("course_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "progress_summaries_pending_courses" ("course_id")
  SELECT DISTINCT c FROM unnest(course_ids) c WHERE c IS NOT NULL
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM "summaries_note"();
  END IF;
END;
$$;
--> statement-breakpoint
-- 0016's and 0018's functions, adding to the deltas instead of the sums (whose zero rows go at
-- commit).
CREATE OR REPLACE FUNCTION "class_summaries_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "class_members_delta" AS c ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), trim(u.section),
           coalesce(u.school_year_to, u.school_year_from + 1), count(*)
      FROM new_rows u
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "section", "year_to")
    DO UPDATE SET "students" = c.students + excluded.students;
    -- A new user has no progress yet (a restored one gets its rows back after it, by insert).
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "class_members_delta" AS c ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
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
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "section", "year_to")
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
    INSERT INTO "class_done_delta" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
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
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
  ELSE
    INSERT INTO "class_members_delta" AS c ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), trim(u.section),
           coalesce(u.school_year_to, u.school_year_from + 1), -count(*)
      FROM old_rows u
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "section", "year_to")
    DO UPDATE SET "students" = c.students + excluded.students;

    INSERT INTO "class_done_delta" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), p.course_id,
           p.material_id, -count(*)
      FROM "class_done_pending" p JOIN old_rows u ON u.id = p.user_id
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "course_id", "material_id")
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

  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "class_summaries_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "class_done_delta" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), p.course_id,
           p.material_id, count(*)
      FROM new_rows p JOIN "users" u ON u.id = p.user_id
     WHERE p.completed_at IS NOT NULL
       AND u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "class_done_delta" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), d.course_id,
           d.material_id, sum(d.n)
      FROM (SELECT user_id, course_id, material_id, 1 AS n FROM new_rows WHERE completed_at IS NOT NULL
            UNION ALL
            SELECT user_id, course_id, material_id, -1 FROM old_rows WHERE completed_at IS NOT NULL) d
      JOIN "users" u ON u.id = d.user_id
     WHERE u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
  ELSE
    INSERT INTO "class_done_delta" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section)), p.course_id,
           p.material_id, -count(*)
      FROM old_rows p JOIN "users" u ON u.id = p.user_id
     WHERE p.completed_at IS NOT NULL
       AND u.role_id = 5 AND u.school_id IS NOT NULL AND u.school_year_from IS NOT NULL
       AND u.grade IS NOT NULL AND trim(u.section) <> ''
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    -- Rows of students deleted by the same statement (a progress row never outlives its user).
    INSERT INTO "class_done_delta" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT g.school_id, g.year_from, g.grade, g.section_key, p.course_id, p.material_id, -count(*)
      FROM old_rows p JOIN "class_gone_students" g ON g.user_id = p.user_id
     WHERE p.completed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = p.user_id)
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("txid", "school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    INSERT INTO "class_done_pending" ("user_id", "course_id", "material_id")
    SELECT p.user_id, p.course_id, p.material_id
      FROM old_rows p
     WHERE p.completed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u.id = p.user_id)
       AND NOT EXISTS (SELECT 1 FROM "class_gone_students" g WHERE g.user_id = p.user_id);
    -- This statement held every progress row of the students the users trigger noted before it.
    DELETE FROM "class_gone_students" WHERE "txid" = txid_current();
  END IF;

  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "class_summaries_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    DELETE FROM "class_members";
    DELETE FROM "class_members_delta" WHERE "txid" = txid_current();
  END IF;
  DELETE FROM "class_done";
  DELETE FROM "class_done_delta" WHERE "txid" = txid_current();
  DELETE FROM "class_done_pending";
  DELETE FROM "class_gone_students";
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER FUNCTION "class_list_refresh"(integer[]) RENAME TO "class_list_recompute";
--> statement-breakpoint
CREATE FUNCTION "class_list_refresh"(p_schools integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "class_list_pending" ("school_id")
  SELECT DISTINCT s FROM unnest(p_schools) s WHERE s IS NOT NULL
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    PERFORM "summaries_note"();
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "summaries_committed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_whole integer[];
  v_courses integer[];
  v_cs integer[];
  v_us integer[];
  v_course integer;
BEGIN
  -- Progress summaries: the courses' locks, then the pairs (a whole course's listed after its lock).
  v_whole := ARRAY(SELECT p.course_id FROM "progress_summaries_pending_courses" p
                    WHERE p.txid = NEW.txid);
  v_courses := ARRAY(SELECT p.course_id FROM "progress_summaries_pending" p WHERE p.txid = NEW.txid
                     UNION SELECT unnest(v_whole) ORDER BY 1);
  IF cardinality(v_courses) > 0 THEN
    IF cardinality(v_courses) > 64 THEN
      PERFORM pg_advisory_xact_lock(1795600020, 0);
    ELSE
      PERFORM pg_advisory_xact_lock_shared(1795600020, 0);
      FOREACH v_course IN ARRAY v_courses LOOP
        IF v_course = ANY(v_whole) THEN
          PERFORM pg_advisory_xact_lock(1795600020, v_course);
        ELSE
          PERFORM pg_advisory_xact_lock_shared(1795600020, v_course);
        END IF;
      END LOOP;
    END IF;
    SELECT array_agg(d.c), array_agg(d.u) INTO v_cs, v_us FROM (
      SELECT p.course_id AS c, p.user_id AS u FROM "progress_summaries_pending" p
       WHERE p.txid = NEW.txid
      UNION SELECT s.course_id, s.user_id FROM "progress_summaries" s
       WHERE s.course_id = ANY(v_whole)) d;
    IF v_cs IS NOT NULL THEN
      PERFORM "progress_summaries_recompute"(v_cs, v_us);
    END IF;
    DELETE FROM "progress_summaries_pending" WHERE "txid" = NEW.txid;
    DELETE FROM "progress_summaries_pending_courses" WHERE "txid" = NEW.txid;
  END IF;

  -- The class sums, in key order; their triggers note the schools they change (the commit row
  -- still exists: no second commit is queued).
  IF EXISTS (SELECT 1 FROM "class_members_delta" d WHERE d.txid = NEW.txid) THEN
    INSERT INTO "class_members" AS c ("school_id", "year_from", "grade", "section_key", "section", "year_to", "students")
    SELECT d.school_id, d.year_from, d.grade, d.section_key, d.section, d.year_to, d.students
      FROM "class_members_delta" d WHERE d.txid = NEW.txid AND d.students <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "section", "year_to")
    DO UPDATE SET "students" = c.students + excluded.students;
    DELETE FROM "class_members_delta" WHERE "txid" = NEW.txid;
    DELETE FROM "class_members" WHERE "students" = 0;
  END IF;
  IF EXISTS (SELECT 1 FROM "class_done_delta" d WHERE d.txid = NEW.txid) THEN
    INSERT INTO "class_done" AS c ("school_id", "year_from", "grade", "section_key", "course_id", "material_id", "completed")
    SELECT d.school_id, d.year_from, d.grade, d.section_key, d.course_id, d.material_id, d.completed
      FROM "class_done_delta" d WHERE d.txid = NEW.txid AND d.completed <> 0
     ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("school_id", "year_from", "grade", "section_key", "course_id", "material_id")
    DO UPDATE SET "completed" = c.completed + excluded.completed;
    DELETE FROM "class_done_delta" WHERE "txid" = NEW.txid;
    DELETE FROM "class_done" WHERE "completed" = 0;
  END IF;

  -- The class list of every school noted (class_list_recompute locks them in order).
  DELETE FROM "summaries_commit" WHERE "txid" = NEW.txid;
  PERFORM "class_list_recompute"(ARRAY(
    SELECT p.school_id FROM "class_list_pending" p WHERE p.txid = NEW.txid));
  DELETE FROM "class_list_pending" WHERE "txid" = NEW.txid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "summaries_committing" AFTER INSERT ON "summaries_commit"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "summaries_committed"();
--> statement-breakpoint
-- The application reads the list right after a sync, maybe in the same transaction: at once.
CREATE OR REPLACE FUNCTION "class_list_sync"(p_year integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "class_list_year" WHERE "year_from" = p_year) THEN
    RETURN;
  END IF;
  UPDATE "class_list_year" SET "year_from" = p_year;
  PERFORM "class_list_recompute"(ARRAY(SELECT s.id FROM "schools" s
    WHERE NOT EXISTS (SELECT 1 FROM "class_members" m WHERE m.school_id = s.id)));
END
$$;
