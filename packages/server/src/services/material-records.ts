import type { MaterialRecord, MaterialType } from "@lms/core";
import type { materials } from "../db/schema";
import { sanitizePageHtml } from "../lib/page-html";
import { timestamps } from "../plugins/app/repositories/records";

type MaterialRow = typeof materials.$inferSelect;

/** A listed material: every column but a page's HTML and the SCORM settings. */
export type ListedMaterialRow = Omit<MaterialRow, "content" | "scormSettings">;

/** A material as the API answers it; a page's HTML only `withContent`. */
export function toMaterialRecord(
  row: ListedMaterialRow & Partial<Pick<MaterialRow, "content">>,
  withContent = false,
): MaterialRecord {
  return {
    id: row.id,
    courseId: row.courseId,
    elementId: row.elementId,
    name: row.name,
    type: row.type as MaterialType,
    size: row.size,
    author: row.author,
    position: row.position,
    published: row.published,
    lastModified: row.lastModified.toISOString(),
    version: row.version,
    ...(row.type === "link" ? { url: row.url } : {}),
    // Sanitised on save; again here, for rows stored before and for every app reading the API.
    ...(withContent && row.type === "page" ? { content: sanitizePageHtml(row.content ?? "") } : {}),
    ...timestamps(row),
  };
}
