import { eq } from "drizzle-orm";
import { courseElements, courses, materials, roles, schools, users } from "../../../db/schema";
import type { Executor } from "../../../db/client";

/** The tables whose rows carry a version (migration 0028). */
const VERSIONED = {
  schools,
  users,
  roles,
  courses,
  elements: courseElements,
  materials,
} as const;

export type VersionedRecord = keyof typeof VERSIONED;

export class RecordVersionsRepository {
  /**
   * A record's version, its row locked until the transaction ends: no other write moves it between
   * this read and the caller's own update. Undefined when the record does not exist.
   */
  async lock(db: Executor, record: VersionedRecord, id: number): Promise<number | undefined> {
    const table = VERSIONED[record];
    const [row] = await db
      .select({ version: table.version })
      .from(table)
      .where(eq(table.id, id))
      .for("update");
    return row?.version;
  }
}
