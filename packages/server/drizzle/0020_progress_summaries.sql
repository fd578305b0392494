-- Issue 14: the progress list of a big course at scale. What the list sorts by is aggregated per
-- (course, student) here, kept current by the database's statement-level triggers on progress,
-- attempts, scorm_attempts, materials and course_elements, instead of over every student's rows on
-- every request. Only the published materials of the course count (as the list does): a change of
-- what is published recomputes the course's rows. The total of materials stays computed at read
-- time. Each change recomputes its (course, student) rows from the rows themselves (a few index
-- reads each), after locking them in one order, so concurrent changes of one student serialise.
-- A row exists while the student has any progress, attempt or SCORM attempt in the course. No
-- foreign keys on purpose, as in 0016: the recycle bin follows foreign keys.
CREATE TABLE "progress_summaries" (
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"done" integer NOT NULL,
	"time_spent" numeric NOT NULL,
	"last_activity" timestamp with time zone,
	"quiz_sum" numeric NOT NULL,
	"quiz_count" integer NOT NULL,
	CONSTRAINT "progress_summaries_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE FUNCTION "progress_summaries_refresh"("course_ids" integer[], "user_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "progress_summaries" ("course_id", "user_id", "done", "time_spent", "last_activity", "quiz_sum", "quiz_count")
  SELECT DISTINCT k.c, k.u, 0, 0, NULL::timestamptz, 0, 0
    FROM unnest(course_ids, user_ids) AS k(c, u)
   WHERE k.c IS NOT NULL AND k.u IS NOT NULL
   ORDER BY 1, 2
  ON CONFLICT ("course_id", "user_id") DO NOTHING;

  PERFORM 1 FROM "progress_summaries" s
    JOIN (SELECT DISTINCT c, u FROM unnest(course_ids, user_ids) AS k(c, u)) k
      ON s.course_id = k.c AND s.user_id = k.u
   ORDER BY s.course_id, s.user_id FOR UPDATE OF s;

  -- A new statement, so a new snapshot: it sees what a transaction that held the lock committed.
  INSERT INTO "progress_summaries" AS s ("course_id", "user_id", "done", "time_spent", "last_activity", "quiz_sum", "quiz_count")
  SELECT k.c, k.u,
         (SELECT count(*) FROM "progress" p
            JOIN "materials" mat ON mat.id = p.material_id AND mat.course_id = k.c AND mat.published
            JOIN "course_elements" e ON e.id = mat.element_id AND e.published
           WHERE p.user_id = k.u AND p.completed_at IS NOT NULL),
         (SELECT coalesce(sum(extract(epoch FROM coalesce(p.completed_at, p.last_opened_at) - p.started_at)), 0)
            FROM "progress" p
            JOIN "materials" mat ON mat.id = p.material_id AND mat.course_id = k.c AND mat.published
            JOIN "course_elements" e ON e.id = mat.element_id AND e.published
           WHERE p.user_id = k.u),
         (SELECT max(greatest(p.last_opened_at, p.completed_at)) FROM "progress" p
           WHERE p.user_id = k.u AND p.course_id = k.c),
         q.quiz_sum, q.quiz_count
    FROM (SELECT DISTINCT c, u FROM unnest(course_ids, user_ids) AS k(c, u)
           WHERE c IS NOT NULL AND u IS NOT NULL) k
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(b.best), 0) AS quiz_sum, count(b.best)::int AS quiz_count FROM (
        SELECT max(a.score)::numeric AS best FROM "attempts" a
          JOIN "materials" mat ON mat.id = a.material_id AND mat.course_id = k.c AND mat.published
          JOIN "course_elements" e ON e.id = mat.element_id AND e.published
         WHERE a.user_id = k.u GROUP BY a.material_id
        UNION ALL
        SELECT (CASE mat.scorm_settings->>'grading'
            WHEN 'average' THEN round(avg(round(coalesce(CASE WHEN sa.cmi->>'cmi.score.scaled' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.scaled')::numeric END * 100, CASE WHEN sa.cmi->>'cmi.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.raw')::numeric END, CASE WHEN sa.cmi->>'cmi.core.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.core.score.raw')::numeric END))))
            WHEN 'first' THEN (array_agg(round(coalesce(CASE WHEN sa.cmi->>'cmi.score.scaled' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.scaled')::numeric END * 100, CASE WHEN sa.cmi->>'cmi.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.raw')::numeric END, CASE WHEN sa.cmi->>'cmi.core.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.core.score.raw')::numeric END)) ORDER BY sa.attempt) FILTER (WHERE round(coalesce(CASE WHEN sa.cmi->>'cmi.score.scaled' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.scaled')::numeric END * 100, CASE WHEN sa.cmi->>'cmi.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.raw')::numeric END, CASE WHEN sa.cmi->>'cmi.core.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.core.score.raw')::numeric END)) IS NOT NULL))[1]
            WHEN 'last' THEN (array_agg(round(coalesce(CASE WHEN sa.cmi->>'cmi.score.scaled' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.scaled')::numeric END * 100, CASE WHEN sa.cmi->>'cmi.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.raw')::numeric END, CASE WHEN sa.cmi->>'cmi.core.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.core.score.raw')::numeric END)) ORDER BY sa.attempt DESC) FILTER (WHERE round(coalesce(CASE WHEN sa.cmi->>'cmi.score.scaled' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.scaled')::numeric END * 100, CASE WHEN sa.cmi->>'cmi.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.raw')::numeric END, CASE WHEN sa.cmi->>'cmi.core.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.core.score.raw')::numeric END)) IS NOT NULL))[1]
            ELSE max(round(coalesce(CASE WHEN sa.cmi->>'cmi.score.scaled' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.scaled')::numeric END * 100, CASE WHEN sa.cmi->>'cmi.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.score.raw')::numeric END, CASE WHEN sa.cmi->>'cmi.core.score.raw' ~ '^-?[0-9]+(\.[0-9]+)?$' THEN (sa.cmi->>'cmi.core.score.raw')::numeric END))) END)
          FROM "scorm_attempts" sa
          JOIN "materials" mat ON mat.id = sa.material_id AND mat.course_id = k.c AND mat.published
          JOIN "course_elements" e ON e.id = mat.element_id AND e.published
         WHERE sa.user_id = k.u AND sa.sco = '' GROUP BY sa.material_id, mat.scorm_settings
      ) b
    ) q
   ORDER BY 1, 2
  ON CONFLICT ("course_id", "user_id") DO UPDATE SET
    "done" = excluded.done, "time_spent" = excluded.time_spent,
    "last_activity" = excluded.last_activity, "quiz_sum" = excluded.quiz_sum,
    "quiz_count" = excluded.quiz_count;

  DELETE FROM "progress_summaries" s
   USING (SELECT DISTINCT c, u FROM unnest(course_ids, user_ids) AS k(c, u)) k
   WHERE s.course_id = k.c AND s.user_id = k.u
     AND NOT EXISTS (SELECT 1 FROM "progress" p WHERE p.user_id = k.u AND p.course_id = k.c)
     AND NOT EXISTS (SELECT 1 FROM "progress" p JOIN "materials" mat ON mat.id = p.material_id
                      WHERE p.user_id = k.u AND mat.course_id = k.c)
     AND NOT EXISTS (SELECT 1 FROM "attempts" a JOIN "materials" mat ON mat.id = a.material_id
                      WHERE a.user_id = k.u AND mat.course_id = k.c)
     AND NOT EXISTS (SELECT 1 FROM "scorm_attempts" sa JOIN "materials" mat ON mat.id = sa.material_id
                      WHERE sa.user_id = k.u AND mat.course_id = k.c);
END;
$$;
--> statement-breakpoint
-- Every row of the courses: what is published changed.
CREATE FUNCTION "progress_summaries_refresh_courses"("course_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cs integer[];
  us integer[];
BEGIN
  SELECT array_agg(s.course_id), array_agg(s.user_id) INTO cs, us
    FROM "progress_summaries" s WHERE s.course_id = ANY(course_ids);
  IF cs IS NOT NULL THEN
    PERFORM "progress_summaries_refresh"(cs, us);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "progress_summaries_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cs integer[];
  us integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.c), array_agg(d.u) INTO cs, us FROM (
      SELECT r.course_id AS c, r.user_id AS u FROM new_rows r
      UNION SELECT mat.course_id, r.user_id FROM new_rows r JOIN "materials" mat ON mat.id = r.material_id) d;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(d.c), array_agg(d.u) INTO cs, us FROM (
      SELECT r.course_id AS c, r.user_id AS u FROM new_rows r
      UNION SELECT mat.course_id, r.user_id FROM new_rows r JOIN "materials" mat ON mat.id = r.material_id
      UNION SELECT r.course_id, r.user_id FROM old_rows r
      UNION SELECT mat.course_id, r.user_id FROM old_rows r JOIN "materials" mat ON mat.id = r.material_id) d;
  ELSE
    SELECT array_agg(d.c), array_agg(d.u) INTO cs, us FROM (
      SELECT r.course_id AS c, r.user_id AS u FROM old_rows r
      UNION SELECT mat.course_id, r.user_id FROM old_rows r JOIN "materials" mat ON mat.id = r.material_id) d;
  END IF;
  IF cs IS NOT NULL THEN
    PERFORM "progress_summaries_refresh"(cs, us);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- attempts and scorm_attempts: the course is the material's (a deleted material's course is
-- recomputed by the materials trigger).
CREATE FUNCTION "progress_summaries_attempts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cs integer[];
  us integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.c), array_agg(d.u) INTO cs, us FROM (
      SELECT DISTINCT mat.course_id AS c, r.user_id AS u
        FROM new_rows r JOIN "materials" mat ON mat.id = r.material_id) d;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(d.c), array_agg(d.u) INTO cs, us FROM (
      SELECT mat.course_id AS c, r.user_id AS u FROM new_rows r JOIN "materials" mat ON mat.id = r.material_id
      UNION SELECT mat.course_id, r.user_id FROM old_rows r JOIN "materials" mat ON mat.id = r.material_id) d;
  ELSE
    SELECT array_agg(d.c), array_agg(d.u) INTO cs, us FROM (
      SELECT DISTINCT mat.course_id AS c, r.user_id AS u
        FROM old_rows r JOIN "materials" mat ON mat.id = r.material_id) d;
  END IF;
  IF cs IS NOT NULL THEN
    PERFORM "progress_summaries_refresh"(cs, us);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "progress_summaries_materials"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cs integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT r.course_id) INTO cs FROM new_rows r;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT c) INTO cs FROM (
      SELECT o.course_id AS c FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.published, o.element_id, o.course_id, o.scorm_settings)
             IS DISTINCT FROM (n.published, n.element_id, n.course_id, n.scorm_settings)
      UNION SELECT n.course_id FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.published, o.element_id, o.course_id, o.scorm_settings)
             IS DISTINCT FROM (n.published, n.element_id, n.course_id, n.scorm_settings)) d;
  ELSE
    SELECT array_agg(DISTINCT r.course_id) INTO cs FROM old_rows r;
  END IF;
  IF cs IS NOT NULL THEN
    PERFORM "progress_summaries_refresh_courses"(cs);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "progress_summaries_elements"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cs integer[];
BEGIN
  SELECT array_agg(DISTINCT n.course_id) INTO cs
    FROM old_rows o JOIN new_rows n ON n.id = o.id
   WHERE o.published IS DISTINCT FROM n.published;
  IF cs IS NOT NULL THEN
    PERFORM "progress_summaries_refresh_courses"(cs);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "progress_summaries_inserted" AFTER INSERT ON "progress" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_progress"();
--> statement-breakpoint
CREATE TRIGGER "progress_summaries_updated" AFTER UPDATE ON "progress" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_progress"();
--> statement-breakpoint
CREATE TRIGGER "progress_summaries_deleted" AFTER DELETE ON "progress" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_progress"();
--> statement-breakpoint
CREATE TRIGGER "attempts_progress_inserted" AFTER INSERT ON "attempts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_attempts"();
--> statement-breakpoint
CREATE TRIGGER "attempts_progress_updated" AFTER UPDATE ON "attempts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_attempts"();
--> statement-breakpoint
CREATE TRIGGER "attempts_progress_deleted" AFTER DELETE ON "attempts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_attempts"();
--> statement-breakpoint
CREATE TRIGGER "scorm_attempts_progress_inserted" AFTER INSERT ON "scorm_attempts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_attempts"();
--> statement-breakpoint
CREATE TRIGGER "scorm_attempts_progress_updated" AFTER UPDATE ON "scorm_attempts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_attempts"();
--> statement-breakpoint
CREATE TRIGGER "scorm_attempts_progress_deleted" AFTER DELETE ON "scorm_attempts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_attempts"();
--> statement-breakpoint
CREATE TRIGGER "materials_progress_inserted" AFTER INSERT ON "materials" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_materials"();
--> statement-breakpoint
CREATE TRIGGER "materials_progress_updated" AFTER UPDATE ON "materials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_materials"();
--> statement-breakpoint
CREATE TRIGGER "materials_progress_deleted" AFTER DELETE ON "materials" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_materials"();
--> statement-breakpoint
CREATE TRIGGER "course_elements_progress_updated" AFTER UPDATE ON "course_elements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "progress_summaries_elements"();
--> statement-breakpoint
-- The summaries of the current data.
SELECT "progress_summaries_refresh"(array_agg(d.c), array_agg(d.u)) FROM (
  SELECT p.course_id AS c, p.user_id AS u FROM "progress" p
  UNION SELECT mat.course_id, a.user_id FROM "attempts" a JOIN "materials" mat ON mat.id = a.material_id
  UNION SELECT mat.course_id, sa.user_id FROM "scorm_attempts" sa JOIN "materials" mat ON mat.id = sa.material_id
) d;
