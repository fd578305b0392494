import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { progress, scormAttempts } from "../../../db/schema";
import { updated } from "./records";

/** A student's SCORM attempts at a material, as a whole (issue 15 "Attempts and results"). */
export class ScormAttemptsRepository {
  constructor(private readonly db: Db) {}

  /** How many attempts of the student hold data the package reported. */
  async countWithData(userId: number, materialId: number, db: Executor = this.db) {
    const [row] = await db
      .select({ n: count() })
      .from(scormAttempts)
      .where(
        and(
          eq(scormAttempts.userId, userId),
          eq(scormAttempts.materialId, materialId),
          ne(scormAttempts.cmi, sql`'{}'::jsonb`),
          // The material's record of each attempt, not its SCOs' rows.
          eq(scormAttempts.sco, ""),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /**
   * Deletes every attempt of the student at the material and makes the material incomplete for
   * them (it stays opened); answers how many attempts were deleted (every SCO's rows of an
   * attempt go with it, counted once).
   */
  async reset(db: Executor, userId: number, materialId: number, by: string | null) {
    const deleted = await db
      .delete(scormAttempts)
      .where(and(eq(scormAttempts.userId, userId), eq(scormAttempts.materialId, materialId)))
      .returning({ attempt: scormAttempts.attempt });
    await db
      .update(progress)
      .set({ completedAt: null, ...updated(by) })
      .where(and(eq(progress.userId, userId), eq(progress.materialId, materialId)));
    return new Set(deleted.map((d) => d.attempt)).size;
  }
}
