-- Issue 14: class_gone_students (0016) is emptied by the statement that uses it instead of waiting
-- for a user deletion in a later transaction. A deleted user's progress rows go by its foreign key's
-- cascade, which runs (as a row trigger of users) before the users statement trigger; the progress
-- rows of that cascade are gathered into one progress statement trigger, which PostgreSQL queues
-- (and fires) after the users one, even when it deleted no row. So once that progress trigger has
-- read the notes, no later trigger of the statement needs them. When the progress trigger comes
-- first (class_done_pending), notes written after it stay, as before, until a user deletion in a
-- later transaction.
CREATE OR REPLACE FUNCTION "class_summaries_progress"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    -- This statement held every progress row of the students the users trigger noted before it.
    DELETE FROM "class_gone_students" WHERE "txid" = txid_current();
  END IF;

  DELETE FROM "class_done" WHERE "completed" = 0;
  RETURN NULL;
END
$$;
