import { z } from "zod";
import { integerField, optionalIntegerField, optionalText } from "../validation/rules";
import { listRequestSchema } from "../schemas/list";
import type { ListResource } from "../schemas/list-wire";
import type { ContractSchema } from "./define";

/**
 * The input shapes many commands share (an id, a list request with its export columns, a bulk
 * action, a recycle bin), built from this package's own rules so every message is a catalogue key.
 */
export const MAX_ID = 2_147_483_647;
export const idField = () => integerField(1, MAX_ID);

export const emptyInput = z.object({});

export const idInput = z.object({ id: idField() });

/** A list request (API.md "List protocol"); `columns`: an export's chosen columns. */
export const listInput = <R extends ListResource>(resource: R) =>
  listRequestSchema(resource).extend({ columns: optionalText({ max: 2000 }) });

/** `delete { id, confirmCode? }`: the record's code, typed when its deletion needs it. */
export const deleteInput = idInput.extend({ confirmCode: optionalText({ max: 200 }) });

/** A resource's recycle bin (`trash`); elements and materials may narrow it to one course. */
export const trashInput = listInput("trash").extend({ courseId: idField().optional() });

/**
 * The input of a bulk action: a list request (its search and filters name "every match") with
 * `id` optional; `ids` (JSON array) and `allMatching` are read from the form by the server.
 */
export const bulkInput = <R extends ListResource>(resource: R) =>
  listInput(resource).extend({ id: optionalIntegerField(1, MAX_ID) });

/**
 * An answer described by its TypeScript type only (no runtime schema): the typed client knows
 * it, the OpenAPI document shows an object. Prefer a zod schema where one is cheap to keep.
 */
export function answerType<T>(): ContractSchema & { _zod: { input: T; output: T } } {
  return { _zod: { input: undefined as T, output: undefined as T }, typeOnly: true } as never;
}

/** `{ count }`: how many records a bulk command changed. */
export const countAnswer = z.object({ count: z.number().int() });
/** `{ binIds }`: the recycle bin entries a delete made. */
export const binIdsAnswer = z.object({ binIds: z.array(z.number().int()) });
/** `{ recordId }`: the record a restore brought back. */
export const restoredAnswer = z.object({ recordId: z.number().int() });
