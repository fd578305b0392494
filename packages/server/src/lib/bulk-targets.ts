import { MAX_ID } from "@lms/core";
import { invalidField } from "./errors";
import { fieldValue, type RequestForm } from "./form";

export { bulkInput } from "@lms/core";

/** Most ids one `ids` field may name (docs/API-DETAILS.md "Bulk actions"). */
export const MAX_BULK_IDS = 1000;

/** What a bulk action names: ids, or every record the list request matches. */
export type BulkTargets = { ids: number[]; field: "id" | "ids" } | { allMatching: true };

export function parseIds(raw: string): number[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidField("ids", "validation.invalidValue");
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BULK_IDS) {
    throw invalidField("ids", "validation.invalidValue");
  }
  const ids = value.map((v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v));
  if (!ids.every((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID)) {
    throw invalidField("ids", "validation.invalidValue");
  }
  return [...new Set(ids as number[])];
}

/** Exactly one of `id`, `ids`, `allMatching=1`; anything else is a 422. */
export function bulkTargets(form: RequestForm, id: number | undefined): BulkTargets {
  const rawIds = fieldValue(form.entries, "ids");
  const rawAll = fieldValue(form.entries, "allMatching");
  const hasIds = rawIds !== undefined && rawIds.trim() !== "";
  let all = false;
  if (rawAll !== undefined && rawAll !== "") {
    if (rawAll === "1" || rawAll === "true") all = true;
    else if (rawAll !== "0" && rawAll !== "false") {
      throw invalidField("allMatching", "validation.invalidValue");
    }
  }
  const given = [id !== undefined, hasIds, all].filter(Boolean).length;
  if (given === 0) throw invalidField("id", "validation.required");
  if (given > 1) throw invalidField(hasIds ? "ids" : "allMatching", "validation.invalidValue");
  if (all) return { allMatching: true };
  if (hasIds) return { ids: parseIds(rawIds), field: "ids" };
  return { ids: [id!], field: "id" };
}

/** The field a refusal of one of the targets names. */
export const targetsField = (targets: BulkTargets) =>
  "allMatching" in targets ? "allMatching" : targets.field;
