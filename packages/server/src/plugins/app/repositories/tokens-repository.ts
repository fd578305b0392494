import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { passwordTokens, rateLimits } from "../../../db/schema";
import { insertRows } from "../../../db/insert-rows";

export type LinkKind = "reset" | "activation";

/** Password links (hashed, single use, expiring) and the shared rate-limit counters. */
export class TokensRepository {
  constructor(private readonly db: Db) {}

  async createLinks(
    db: Executor,
    rows: { userId: number; kind: LinkKind; tokenHash: string; expiresAt: Date }[],
    by: string | null,
  ): Promise<void> {
    await insertRows(
      db,
      passwordTokens,
      rows.map((r) => ({ ...r, createdBy: by })),
    );
  }

  /** Earlier unused links of the same kind stop working when a new one is sent. */
  async expireLinks(db: Executor, userId: number, kind: LinkKind): Promise<void> {
    await db
      .update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordTokens.userId, userId),
          eq(passwordTokens.kind, kind),
          isNull(passwordTokens.usedAt),
        ),
      );
  }

  async findValidLink(kind: LinkKind, tokenHash: string) {
    const [row] = await this.db
      .select()
      .from(passwordTokens)
      .where(
        and(
          eq(passwordTokens.tokenHash, tokenHash),
          eq(passwordTokens.kind, kind),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row;
  }

  /** Uses a link: only one request can, whatever runs at the same time. */
  async consumeLink(db: Executor, kind: LinkKind, tokenHash: string) {
    const [row] = await db
      .update(passwordTokens)
      .set({ usedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(passwordTokens.tokenHash, tokenHash),
          eq(passwordTokens.kind, kind),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordTokens.userId });
    return row;
  }

  /**
   * Counts an attempt first, in one statement, so that parallel requests cannot pass the limit:
   * the counter goes up only when the attempt is allowed, and then the row comes back.
   * - strict (no back-off): allowed while the window's count is under the limit.
   * - back-off: past the limit, one more attempt each 1 s, 2 s, 4 s … (capped) after the last
   *   one; a counter left alone for its window starts again.
   * Answers the count when allowed, or how many seconds to wait.
   */
  async reserve(
    key: string,
    limit: number,
    windowSeconds: number,
    backoffCapSeconds: number | null,
  ): Promise<{ allowed: true; count: number } | { allowed: false; retryAfter: number }> {
    const window = sql`make_interval(secs => ${windowSeconds})`;
    // A back-off counter restarts after a quiet window; a strict one when its window has passed.
    const stale =
      backoffCapSeconds === null
        ? sql`${rateLimits.windowStart} < now() - ${window}`
        : sql`coalesce(${rateLimits.updatedAt}, ${rateLimits.windowStart}) < now() - ${window}`;
    const delay = sql`make_interval(secs => least(power(2, least(${rateLimits.count} - ${limit}, 30)), ${backoffCapSeconds ?? 0}))`;
    const allowed =
      backoffCapSeconds === null
        ? sql`(${stale} or ${rateLimits.count} < ${limit})`
        : sql`(${stale} or ${rateLimits.count} < ${limit} or coalesce(${rateLimits.updatedAt}, ${rateLimits.windowStart}) + ${delay} <= now())`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: sql`now()`, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${stale} then now() else ${rateLimits.windowStart} end`,
          updatedAt: sql`now()`,
        },
        setWhere: allowed,
      })
      .returning({ count: rateLimits.count });
    if (row) return { allowed: true, count: row.count };
    const wait =
      backoffCapSeconds === null
        ? sql`${rateLimits.windowStart} + ${window}`
        : sql`coalesce(${rateLimits.updatedAt}, ${rateLimits.windowStart}) + ${delay}`;
    const [left] = await this.db
      .select({ seconds: sql<number>`ceil(extract(epoch from (${wait} - now())))::int` })
      .from(rateLimits)
      .where(eq(rateLimits.key, key))
      .limit(1);
    return { allowed: false, retryAfter: Math.max(1, Number(left?.seconds ?? 1)) };
  }

  /** Gives back an attempt that succeeded (the counters count failures and attempts in flight). */
  async release(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, key));
  }

  /** Adds one to a counter (a new window when the old one has passed); returns the count. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const windowStart = sql`now() - make_interval(secs => ${windowSeconds})`;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.windowStart} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`case when ${rateLimits.windowStart} < ${windowStart} then now() else ${rateLimits.windowStart} end`,
          updatedAt: new Date(),
        },
      })
      .returning({ count: rateLimits.count });
    return row?.count ?? 1;
  }

  /** The count of a counter in its current window. */
  async peek(key: string, windowSeconds: number): Promise<number> {
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(
        and(
          eq(rateLimits.key, key),
          gt(rateLimits.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`),
        ),
      )
      .limit(1);
    return row?.count ?? 0;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
