import { eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db, type Executor } from "../../../db/client";
import { outbox } from "../../../db/schema";
import { insertRows } from "../../../db/insert-rows";

export interface OutboxMessage {
  recipient: string;
  subject: string;
  body: string;
  link: string;
}

export interface OutboxRow extends OutboxMessage {
  id: number;
  /** Attempts so far, this one included. */
  attempts: number;
}

/**
 * What is left of a message's body and link once it has gone out: the link's token (and the
 * link where the body quotes it) is replaced by "redacted", so the row still shows which kind
 * of link went to whom and when, but can no longer be used.
 */
const redactedLink = sql`regexp_replace(${outbox.link}, 'token=[^&#]*', 'token=redacted', 'g')`;
const REDACTED = {
  body: sql`replace(${outbox.body}, ${outbox.link}, ${redactedLink})`,
  link: redactedLink,
};

export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async add(db: Executor, messages: OutboxMessage[], by: string | null): Promise<void> {
    await insertRows(
      db,
      outbox,
      messages.map((m) => ({ ...m, createdBy: by })),
    );
  }

  /**
   * Claims messages due for sending; two processes never claim the same one (SKIP LOCKED). A
   * message that failed waits 1, 2, 4 then 8 minutes before its next attempt; one left "sending"
   * by a process that stopped is taken again after 10 minutes.
   */
  async claim(limit: number): Promise<OutboxRow[]> {
    return rowsOf<OutboxRow>(
      this.db.execute(sql`
        update outbox set status = 'sending', attempts = attempts + 1, updated_at = now()
         where id in (select id from outbox
                       where (status = 'pending' and (attempts = 0 or updated_at <=
                                now() - interval '1 minute' * power(2, attempts - 1)))
                          or (status = 'sending' and updated_at <= now() - interval '10 minutes')
                       order by id
                       limit ${limit} for update skip locked)
        returning id, recipient, subject, body, link, attempts`),
    );
  }

  /**
   * Records how a message went. Once it has gone out (or been given up) the password-link token
   * in its link and body is redacted; recipient, subject, status and time stay.
   */
  async finish(id: number, status: "sent" | "logged" | "failed" | "pending", error?: string) {
    await this.db
      .update(outbox)
      .set({
        status,
        error: error ?? null,
        sentAt: status === "sent" || status === "logged" ? new Date() : null,
        updatedAt: new Date(),
        ...(status === "pending" ? {} : REDACTED),
      })
      .where(eq(outbox.id, id));
  }

  async finishMany(ids: number[], status: "logged" | "sent") {
    if (ids.length === 0) return;
    const now = new Date();
    await this.db
      .update(outbox)
      .set({ status, sentAt: now, updatedAt: now, ...REDACTED })
      .where(inArray(outbox.id, ids));
  }

  async all() {
    return this.db.select().from(outbox).orderBy(outbox.id);
  }
}
