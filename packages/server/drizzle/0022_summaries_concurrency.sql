-- Issue 14: the stored summaries under concurrent transactions (test/summaries-concurrency.test.ts).
--
-- Progress summaries (0020): a recompute of a whole course (a material or element published or
-- unpublished, a SCORM grading changed) locked the course's existing rows only, so a row another
-- transaction was creating at the same time kept figures computed without the course change. Now
-- every recompute of (course, student) rows holds its courses' lock shared, and a recompute of a
-- whole course takes it exclusively before it lists the course's rows: it sees the rows a
-- transaction created once that one commits, and a later creation sees the change. Courses are
-- locked in id order; above 64 courses one lock stands for all (as 0021 does for schools).
ALTER FUNCTION "progress_summaries_refresh"(integer[], integer[]) RENAME TO "progress_summaries_recompute";
--> statement-breakpoint
CREATE FUNCTION "progress_summaries_refresh"("course_ids" integer[], "user_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cs integer[];
  c integer;
BEGIN
  cs := ARRAY(SELECT DISTINCT x FROM unnest(course_ids) x WHERE x IS NOT NULL ORDER BY 1);
  IF cardinality(cs) > 64 THEN
    PERFORM pg_advisory_xact_lock(1795600020, 0);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1795600020, 0);
    FOREACH c IN ARRAY cs LOOP
      PERFORM pg_advisory_xact_lock_shared(1795600020, c);
    END LOOP;
  END IF;
  PERFORM "progress_summaries_recompute"(course_ids, user_ids);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "progress_summaries_refresh_courses"("course_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cs integer[];
  us integer[];
  c integer;
BEGIN
  cs := ARRAY(SELECT DISTINCT x FROM unnest(course_ids) x WHERE x IS NOT NULL ORDER BY 1);
  IF cardinality(cs) > 64 THEN
    PERFORM pg_advisory_xact_lock(1795600020, 0);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(1795600020, 0);
    FOREACH c IN ARRAY cs LOOP
      PERFORM pg_advisory_xact_lock(1795600020, c);
    END LOOP;
  END IF;
  -- A new statement, so a new snapshot: the rows created by transactions that held the lock.
  SELECT array_agg(s.course_id), array_agg(s.user_id) INTO cs, us
    FROM "progress_summaries" s WHERE s.course_id = ANY(course_ids);
  IF cs IS NOT NULL THEN
    PERFORM "progress_summaries_refresh"(cs, us);
  END IF;
END;
$$;
--> statement-breakpoint
-- Class list (0021): each statement refreshed its schools at once and kept their locks to the end
-- of its transaction, so two transactions changing two schools in opposite orders, or a statement
-- over many schools (one lock for all) against a school's own, each waited for the other: a
-- deadlock, and one of them failed. Now a statement notes its schools in class_list_pending and the
-- transaction refreshes them all once, when it commits (a deferred trigger), taking the locks in
-- school order after every other lock it will hold: waiting for one another's refresh, two
-- transactions can no longer wait in a circle.
CREATE TABLE "class_list_pending" (
	"txid" bigint NOT NULL,
	"school_id" integer NOT NULL,
	CONSTRAINT "class_list_pending_pk" PRIMARY KEY("txid","school_id")
);
--> statement-breakpoint
-- One row per transaction with schools pending: its insert queues the refresh at commit.
CREATE TABLE "class_list_pending_commit" (
	"txid" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER FUNCTION "class_list_refresh"(integer[]) RENAME TO "class_list_recompute";
--> statement-breakpoint
CREATE FUNCTION "class_list_refresh"(p_schools integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "class_list_pending" ("txid", "school_id")
  SELECT DISTINCT txid_current(), s FROM unnest(p_schools) s WHERE s IS NOT NULL
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    INSERT INTO "class_list_pending_commit" ("txid") VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "class_list_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "class_list_pending_commit" WHERE "txid" = NEW.txid;
  PERFORM "class_list_recompute"(ARRAY(
    SELECT p.school_id FROM "class_list_pending" p WHERE p.txid = NEW.txid));
  DELETE FROM "class_list_pending" WHERE "txid" = NEW.txid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "class_list_pending_committed" AFTER INSERT ON "class_list_pending_commit"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "class_list_commit"();
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
