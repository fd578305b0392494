import type { DeletionCounts } from "@lms/core";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../../db/client";

/** What a deletion takes (its impact): the rows that go with a record, counted. */
export class DeletionImpactRepository {
  constructor(private readonly db: Db) {}

  async schoolCounts(id: number): Promise<DeletionCounts> {
    const [row] = await rowsOf<{ users: number; courses: number; progress: number }>(
      this.db.execute(sql`
        select (select count(*) from users where school_id = ${id})::int as users,
               (select count(*) from courses where school_id = ${id})::int as courses,
               (select count(*) from progress p
                 where p.user_id in (select id from users where school_id = ${id})
                    or p.course_id in (select id from courses where school_id = ${id}))::int
                 as progress`),
    );
    return { users: row!.users, courses: row!.courses, progress: row!.progress };
  }

  async courseCounts(id: number): Promise<DeletionCounts> {
    const [row] = await rowsOf<{
      elements: number;
      materials: number;
      progress: number;
      attempts: number;
    }>(
      this.db.execute(sql`
        select (select count(*) from course_elements where course_id = ${id})::int as elements,
               (select count(*) from materials where course_id = ${id})::int as materials,
               (select count(*) from progress where course_id = ${id})::int as progress,
               ((select count(*) from attempts a join materials m on m.id = a.material_id
                  where m.course_id = ${id})
                + (select count(*) from scorm_attempts s join materials m on m.id = s.material_id
                  where m.course_id = ${id} and s.sco = ''))::int as attempts`),
    );
    return { ...row! };
  }

  async elementCounts(id: number): Promise<DeletionCounts> {
    const [row] = await rowsOf<{ materials: number; progress: number }>(
      this.db.execute(sql`
        select (select count(*) from materials where element_id = ${id})::int as materials,
               (select count(*) from progress p join materials m on m.id = p.material_id
                 where m.element_id = ${id})::int as progress`),
    );
    return { ...row! };
  }

  async materialCounts(id: number): Promise<DeletionCounts> {
    const [row] = await rowsOf<{ progress: number; attempts: number }>(
      this.db.execute(sql`
        select (select count(*) from progress where material_id = ${id})::int as progress,
               ((select count(*) from attempts where material_id = ${id})
                + (select count(*) from scorm_attempts where material_id = ${id} and sco = ''))::int
                 as attempts`),
    );
    return { ...row! };
  }

  async userCounts(id: number): Promise<DeletionCounts> {
    const [row] = await rowsOf<{ progress: number; attempts: number }>(
      this.db.execute(sql`
        select (select count(*) from progress where user_id = ${id})::int as progress,
               ((select count(*) from attempts where user_id = ${id})
                + (select count(*) from scorm_attempts where user_id = ${id} and sco = ''))::int
                 as attempts`),
    );
    return { ...row! };
  }
}
