-- Issue 14: the progress list orders a course's students by a figure without sorting them in the
-- database on every request. The server keeps each course's sort keys per version of its summary
-- rows (0020); this is that version, one counter per course, moved when a transaction that changed
-- the course's summaries commits, so versions are numbered in commit order as change_counters are
-- (0002): a reader that sees a version sees every summary of it.
--
-- The counters move in a constraint trigger on summaries_commit (0022) that fires before
-- summaries_committing (triggers of one event fire in name order), while the transaction's pending
-- pairs and courses are still listed; it locks the courses' counters in course order, before the
-- recompute's locks. Commits that change one course's summaries thus take turns for the rest of
-- the commit.
CREATE TABLE "progress_summary_versions" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "progress_summary_versions" ("course_id", "version")
SELECT DISTINCT "course_id", 1 FROM "progress_summaries";
--> statement-breakpoint
CREATE FUNCTION "progress_summary_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "progress_summary_versions" AS v ("course_id", "version")
  SELECT d.c, 1 FROM (
    SELECT p.course_id AS c FROM "progress_summaries_pending" p WHERE p.txid = NEW.txid
    UNION SELECT p.course_id FROM "progress_summaries_pending_courses" p WHERE p.txid = NEW.txid) d
   ORDER BY 1
  ON CONFLICT ("course_id") DO UPDATE SET "version" = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "summaries_commit_versions" AFTER INSERT ON "summaries_commit"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "progress_summary_versions_bump"();
