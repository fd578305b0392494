import type { ElementRecord, ElementType } from "@lms/core";
import type { courseElements } from "../db/schema";
import { timestamps } from "../plugins/app/repositories/records";

/** A course element as the API answers it. */
export function toElementRecord(row: typeof courseElements.$inferSelect): ElementRecord {
  return {
    id: row.id,
    courseId: row.courseId,
    name: row.name,
    type: row.type as ElementType,
    position: row.position,
    published: row.published,
    version: row.version,
    ...timestamps(row),
  };
}
