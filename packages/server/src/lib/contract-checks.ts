import { declaresError, type CommandSpec } from "@lms/core";
import { ApiError } from "./errors";
import { rowsRead, type JsonText } from "./json-text";

/**
 * LMS_CONTRACT_CHECKS (on in the server's tests): an answer its command does not declare in
 * @lms/core's contract is a server error, so that every test run proves the declarations true.
 */
export class UndeclaredAnswer extends Error {}

/** A refusal the command's declaration does not list. */
export function checkRefusal(spec: CommandSpec | undefined, error: unknown): void {
  if (!spec || !(error instanceof ApiError)) return;
  if (declaresError(spec, error.status, error.code)) return;
  throw new UndeclaredAnswer(
    `${spec.resource}.${spec.cmdType} answered ${error.status} ${error.code}, which its contract does not declare`,
  );
}

interface Checkable {
  safeParse(data: unknown): { success: boolean; error?: unknown };
}

const checkable = (schema: unknown): schema is Checkable =>
  typeof schema === "object" &&
  schema !== null &&
  typeof (schema as Partial<Checkable>).safeParse === "function";

/** A successful answer's data that does not match the declared answer (a list: each row). */
export function checkAnswer(spec: CommandSpec | undefined, data: unknown): void {
  if (!spec || !checkable(spec.output) || data === undefined) return;
  const values =
    spec.answer === "list"
      ? rowsRead((data as { data?: unknown[] | JsonText } | null)?.data ?? [])
      : [data];
  for (const value of values) {
    const result = spec.output.safeParse(value);
    if (!result.success) {
      throw new UndeclaredAnswer(
        `${spec.resource}.${spec.cmdType} answered data its contract does not declare: ${String(result.error)}`,
      );
    }
  }
}
