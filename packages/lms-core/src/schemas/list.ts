import { z } from "zod";
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT_ORDER, PAGE_SIZES, SORT_ORDERS } from "../constants";
import { encodeMessage } from "../validation/message";
import { SORTABLE_COLUMNS, type ListResource } from "./list-wire";

/** Validates a list request for one resource: page size, sort column and order, search. */
export function listRequestSchema<R extends ListResource>(resource: R) {
  const columns = SORTABLE_COLUMNS[resource];
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    rowsPerPage: z.coerce
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
        error: encodeMessage("validation.invalidValue"),
      })
      .default(DEFAULT_PAGE_SIZE),
    sortBy: z
      .enum(columns as unknown as readonly [string, ...string[]], {
        error: encodeMessage("validation.sortBy"),
      })
      .optional(),
    sortOrder: z
      .enum(SORT_ORDERS, { error: encodeMessage("validation.invalidValue") })
      .default(DEFAULT_SORT_ORDER),
    search: z
      .string()
      .max(100, { error: encodeMessage("validation.maxLength", { n: 100 }) })
      // No text the database keeps holds a NUL byte (PostgreSQL refuses one): every list says so.
      .refine((s) => !s.includes("\u0000"), { error: encodeMessage("validation.invalidValue") })
      .default("")
      .transform((s) => s.trim().toLowerCase()),
  });
}
