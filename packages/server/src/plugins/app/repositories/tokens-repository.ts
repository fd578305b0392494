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
