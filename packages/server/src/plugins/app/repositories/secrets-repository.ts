import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { serverSecrets } from "../../../db/schema";

/** Secrets shared by every server process on one database (migration 0007). */
export class SecretsRepository {
  constructor(private readonly db: Db) {}

  /** The secret of this name; `candidate` is stored when there is none yet (the first one wins). */
  async getOrCreate(name: string, candidate: string): Promise<string> {
    await this.db
      .insert(serverSecrets)
      .values({ name, value: candidate })
      .onConflictDoNothing({ target: serverSecrets.name });
    const [row] = await this.db
      .select({ value: serverSecrets.value })
      .from(serverSecrets)
      .where(eq(serverSecrets.name, name))
      .limit(1);
    return row!.value;
  }
}
