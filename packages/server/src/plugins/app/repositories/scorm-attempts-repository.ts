import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { materials, progress, scormAttempts } from "../../../db/schema";
import { created, updated } from "./records";
import { scormCountedScore, scormFailed, scormPassed } from "./scorm-results";

/**
 * A student's SCORM attempts at a material: what its runtime commits, per SCO and rolled up, and
 * the attempts as a whole (issue 15 "Attempts and results").
 */
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

  /**
   * A student's SCORM results per material: attempts, the score that counts (percent, by the
   * material's grading) and pass/fail (null while no attempt reported either).
   */
  async scormResults(userId: number, materialIds: number[]) {
    if (materialIds.length === 0) return [];
    const rows = await this.db
      .select({
        materialId: scormAttempts.materialId,
        attempts: count(),
        bestScore: sql<
          string | null
        >`${scormCountedScore("scorm_attempts", "materials.scorm_settings")}`,
        passed: sql<boolean | null>`bool_or(${scormPassed("scorm_attempts")})`,
        failed: sql<boolean | null>`bool_or(${scormFailed("scorm_attempts")})`,
      })
      .from(scormAttempts)
      .innerJoin(materials, eq(materials.id, scormAttempts.materialId))
      .where(
        and(
          eq(scormAttempts.userId, userId),
          inArray(scormAttempts.materialId, materialIds),
          sql`${scormAttempts.cmi} <> '{}'::jsonb`,
          eq(scormAttempts.sco, ""),
        ),
      )
      .groupBy(scormAttempts.materialId, materials.id);
    return rows.map((r) => ({
      materialId: r.materialId,
      attempts: Number(r.attempts),
      bestScore: r.bestScore === null ? null : Number(r.bestScore),
      passed: r.passed ? true : r.failed ? false : null,
    }));
  }

  /**
   * The latest SCORM attempt of a student (or the given one): of the package's only SCO or its
   * rolled-up record (`sco` ""), or of one SCO of a package with several.
   */
  async scormAttempt(userId: number, materialId: number, sco = "", attempt?: number) {
    const [row] = await this.db
      .select()
      .from(scormAttempts)
      .where(
        and(
          eq(scormAttempts.userId, userId),
          eq(scormAttempts.materialId, materialId),
          eq(scormAttempts.sco, sco),
          attempt === undefined ? undefined : eq(scormAttempts.attempt, attempt),
        ),
      )
      .orderBy(desc(scormAttempts.attempt))
      .limit(1);
    return row;
  }

  /** Every SCO's data of a package with several, in an attempt (not the rolled-up record). */
  async scormScoAttempts(
    userId: number,
    materialId: number,
    attempt: number,
    db: Executor = this.db,
  ) {
    return db
      .select()
      .from(scormAttempts)
      .where(
        and(
          eq(scormAttempts.userId, userId),
          eq(scormAttempts.materialId, materialId),
          eq(scormAttempts.attempt, attempt),
          ne(scormAttempts.sco, ""),
        ),
      );
  }

  /** Writes the rolled-up record of a package with several SCOs (its "" row) as computed. */
  async writeScormRollup(
    db: Executor,
    values: {
      userId: number;
      materialId: number;
      attempt: number;
      cmi: Record<string, string>;
      seconds: number;
      /** The committing player session, when it named one. */
      session?: number;
    },
    by: string | null,
  ) {
    const seconds = Math.round(values.seconds);
    const session = values.session === undefined ? {} : { session: values.session };
    await db
      .insert(scormAttempts)
      .values({
        userId: values.userId,
        materialId: values.materialId,
        attempt: values.attempt,
        sco: "",
        cmi: values.cmi,
        totalSeconds: seconds,
        ...session,
        ...created(by),
      })
      .onConflictDoUpdate({
        target: [
          scormAttempts.userId,
          scormAttempts.materialId,
          scormAttempts.attempt,
          scormAttempts.sco,
        ],
        set: { cmi: values.cmi, totalSeconds: seconds, ...session, ...updated(by) },
      });
  }

  /**
   * Stores what a runtime committed: merged into the attempt (1 unless given), its session time
   * added. With an order (player session, sequence number), a commit not newer than the stored
   * one is not written; answers whether it was.
   */
  async commitScorm(
    db: Executor,
    values: {
      userId: number;
      materialId: number;
      attempt?: number;
      cmi: Record<string, string>;
      seconds: number;
      order?: { session: number; seq: number };
      /** The SCO of a package with several (see scormAttempt). */
      sco?: string;
    },
    by: string | null,
  ): Promise<boolean> {
    const { order } = values;
    const written = await db
      .insert(scormAttempts)
      .values({
        userId: values.userId,
        materialId: values.materialId,
        attempt: values.attempt ?? 1,
        sco: values.sco ?? "",
        cmi: values.cmi,
        totalSeconds: Math.round(values.seconds),
        ...(order ? { session: order.session, seq: order.seq } : {}),
        ...created(by),
      })
      .onConflictDoUpdate({
        target: [
          scormAttempts.userId,
          scormAttempts.materialId,
          scormAttempts.attempt,
          scormAttempts.sco,
        ],
        set: {
          cmi: sql`${scormAttempts.cmi} || ${JSON.stringify(values.cmi)}::jsonb`,
          totalSeconds: sql`${scormAttempts.totalSeconds} + ${Math.round(values.seconds)}`,
          ...(order ? { session: order.session, seq: order.seq } : {}),
          ...updated(by),
        },
        ...(order
          ? {
              setWhere: sql`(${scormAttempts.session}, ${scormAttempts.seq}) < (${order.session}::bigint, ${order.seq}::integer)`,
            }
          : {}),
      })
      .returning({ userId: scormAttempts.userId });
    return written.length > 0;
  }
}
