import { eq } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { courseDeletions } from "../../../db/schema";

/** Large course deletions, run as a job (services/recycle-bin.ts): the courses being deleted. */
export class CourseDeletionsRepository {
  constructor(private readonly db: Db) {}

  /** Marks the course as being deleted; false when it already is. */
  async markCourseDeletion(courseId: number, deletedBy: string | null): Promise<boolean> {
    const rows = await this.db
      .insert(courseDeletions)
      .values({ courseId, deletedBy })
      .onConflictDoNothing()
      .returning({ courseId: courseDeletions.courseId });
    return rows.length > 0;
  }

  async isCourseBeingDeleted(courseId: number, db: Executor = this.db): Promise<boolean> {
    const rows = await db
      .select({ courseId: courseDeletions.courseId })
      .from(courseDeletions)
      .where(eq(courseDeletions.courseId, courseId))
      .limit(1);
    return rows.length > 0;
  }

  /** The course's deletion, locked for the job that runs it; undefined if another holds it. */
  async claimCourseDeletion(db: Executor, courseId: number) {
    const [row] = await db
      .select()
      .from(courseDeletions)
      .where(eq(courseDeletions.courseId, courseId))
      .for("update", { skipLocked: true });
    return row;
  }

  async endCourseDeletion(courseId: number, db: Executor = this.db): Promise<void> {
    await db.delete(courseDeletions).where(eq(courseDeletions.courseId, courseId));
  }

  async pendingCourseDeletions(): Promise<number[]> {
    const rows = await this.db.select({ courseId: courseDeletions.courseId }).from(courseDeletions);
    return rows.map((r) => r.courseId);
  }
}
