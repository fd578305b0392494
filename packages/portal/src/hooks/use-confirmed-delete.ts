import type { ApiResult, DeletionImpact, Translator } from "@lms/core";
import { toast, useConfirm, type ConfirmFunction, type DataTableRowAction } from "@lms/ui";
import { useCallback, useMemo } from "react";
import { failureText } from "../lib/errors";
import { useI18n } from "../lib/i18n";
import { useDeletionImpact, type TrashPath } from "./use-trash";
import { impactText } from "../lib/impact-text";

export interface DeleteCommand {
  /** The resource's path, whose `impact` command says what goes with the record. */
  path: TrashPath;
  id: number;
  /** The delete itself, with the record's code when the user had to type it. */
  run: (confirmCode?: string) => Promise<ApiResult<unknown>>;
  /** SPEC.md's success text ('School has been deleted.'). */
  success: string;
}

/** What the delete flow talks to; the hook gives the app's, a test its own. */
export interface DeleteFlow {
  readImpact: (path: TrashPath, id: number) => Promise<ApiResult<DeletionImpact>>;
  confirm: ConfirmFunction;
  i18n: Translator;
  notify: { success: (text: string) => void; error: (text: string) => void };
}

/**
 * Issue 13: a delete first asks the server what goes with the record and says so ("Rizal National
 * High School, 412 users, 37 courses and their progress will be moved to the recycle bin."); a
 * record that needs its code asks the user to type it. Resolves true when the record was deleted.
 */
export async function confirmDelete(flow: DeleteFlow, command: DeleteCommand): Promise<boolean> {
  const { i18n, notify } = flow;
  const { t } = i18n;
  // Asked again when the record gained users or progress since the dialog opened.
  for (;;) {
    const impact = await flow.readImpact(command.path, command.id);
    if (!impact.ok) {
      notify.error(failureText(impact, i18n));
      return false;
    }
    const { code: recordCode, requiresCode } = impact.data;
    const code = requiresCode && recordCode ? recordCode : undefined;
    let answer: ApiResult<unknown> | null = null;
    const done = await flow.confirm({
      title: t("confirm.deleteTitle"),
      message: impactText(i18n, impact.data),
      confirmLabel: t("common.delete"),
      cancelLabel: t("common.cancel"),
      tone: "destructive",
      confirmText: code ? { value: code, label: t("trash.typeCode", { code }) } : undefined,
      onConfirm: async () => {
        answer = await command.run(code);
      },
    });
    const result = answer as ApiResult<unknown> | null;
    if (!done || !result) return false;
    if (result.ok) {
      // 202: a large course goes to the bin by a background job.
      notify.success(result.status === 202 ? t("courses.deletionStarted") : command.success);
      return true;
    }
    notify.error(failureText(result, i18n));
    if (result.code !== "errors.confirmCodeMismatch") return false;
  }
}

/** confirmDelete with the app's dialog, toasts, language and API client. */
export function useConfirmedDelete() {
  const confirm = useConfirm();
  const i18n = useI18n();
  const readImpact = useDeletionImpact();
  return useCallback(
    (command: DeleteCommand) =>
      confirmDelete({ readImpact, confirm, i18n, notify: toast }, command),
    [confirm, i18n, readImpact],
  );
}

/** The Delete entry of a table row, asking with the record's impact. */
export function useDeleteRowAction() {
  const i18n = useI18n();
  const remove = useConfirmedDelete();
  return useMemo(
    () =>
      (command: DeleteCommand): DataTableRowAction => ({
        label: i18n.t("common.delete"),
        destructive: true,
        onSelect: () => void remove(command),
      }),
    [i18n, remove],
  );
}
