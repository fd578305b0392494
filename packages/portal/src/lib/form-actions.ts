import type { ApiFailure, ApiResult } from "@lms/core";
import { toast, useConfirm } from "@lms/ui";
import { useCallback, useMemo } from "react";
import { failureText } from "./errors";
import { useI18n } from "./i18n";
import { staleChanges, useStaleRecord, type StaleEdit } from "./stale-record";

export interface ConfirmedSave<T> {
  /** Update (true) or create (false): picks the dialog's texts. */
  update: boolean;
  /** The record's kind in the user's language, e.g. t("entity.school"). */
  entity: string;
  run: () => Promise<ApiResult<T>>;
  /** Puts a failure on the form's fields; false when it could not, so a toast says it instead. */
  onFailure: (failure: ApiFailure) => boolean;
  /** The success message (SPEC.md §4: '... has been created.'). */
  success: string;
  /**
   * An edit of a versioned record (issue 45): when someone saved it since the form was opened,
   * the user sees what they changed and chooses to reload their version or overwrite it.
   */
  stale?: StaleEdit<T>;
}

export const isStale = (failure: ApiFailure) =>
  failure.status === 409 && failure.code === "errors.staleRecord" && failure.data !== undefined;

/**
 * SPEC.md §4: saving a form asks first; the dialog stays pending while the call runs; a failure
 * keeps what was typed and shows its errors. Resolves `{ saved }`, or null when cancelled or failed.
 */
export function useConfirmedSave() {
  const confirm = useConfirm();
  const chooseStale = useStaleChoice();
  const i18n = useI18n();
  return useCallback(
    async <T>(action: ConfirmedSave<T>): Promise<{ saved: T } | null> => {
      const { t } = i18n;
      let answer: { saved: T } | null = null;
      let theirs: (T & { version: number }) | null = null;
      const confirmed = await confirm({
        title: t(action.update ? "confirm.updateTitle" : "confirm.createTitle"),
        message: t(action.update ? "confirm.updateMessage" : "confirm.createMessage", {
          entity: action.entity,
        }),
        confirmLabel: t(action.update ? "common.update" : "common.create"),
        cancelLabel: t("common.cancel"),
        onConfirm: async () => {
          const result = await action.run();
          if (result.ok) answer = { saved: result.data };
          else if (action.stale && chooseStale && isStale(result)) {
            theirs = result.data as T & { version: number };
          } else {
            const marked = action.onFailure(result);
            // A conflict is said in SPEC.md §8's words as well as on the field that is taken.
            if (!marked || result.status === 409) toast.error(failureText(result, i18n));
          }
        },
      });
      if (confirmed && theirs && action.stale && chooseStale) {
        answer = await chooseStale(action.entity, action.stale, theirs, action.onFailure);
      }
      if (!confirmed || !answer) return null;
      toast.success(action.success);
      return answer;
    },
    [confirm, chooseStale, i18n],
  );
}

/**
 * Someone saved the record meanwhile (a 409 `errors.staleRecord` with their record): the user
 * reloads theirs, overwrites it with what was typed, or keeps editing. Resolves the overwrite's
 * saved record, or null. Null itself outside a StaleRecordProvider.
 */
export function useStaleChoice() {
  const askStale = useStaleRecord();
  const i18n = useI18n();
  return useMemo(
    () =>
      askStale &&
      (async <T>(
        entity: string,
        stale: StaleEdit<T>,
        theirs: T & { version: number },
        onFailure: (failure: ApiFailure) => boolean,
      ): Promise<{ saved: T } | null> => {
        let saved: { saved: T } | null = null;
        const choice = await askStale({
          entity,
          changes: staleChanges(stale.read, theirs, stale.values, stale.labelOf),
          overwrite: async () => {
            const again = await stale.saveAt(theirs.version);
            if (again.ok) saved = { saved: again.data };
            else if (!onFailure(again) || again.status === 409) {
              toast.error(failureText(again, i18n));
            }
          },
        });
        if (choice === "reload") {
          stale.reload(theirs);
          toast.info(i18n.t("stale.reloaded"));
        }
        return choice === "overwrite" ? saved : null;
      }),
    [askStale, i18n],
  );
}

/** SPEC.md §4: cancelling a changed form asks too. Resolves true when the user may leave. */
export function useDiscardGuard() {
  const confirm = useConfirm();
  const { t } = useI18n();
  return useCallback(
    async (dirty: boolean) =>
      !dirty ||
      confirm({
        title: t("confirm.cancelTitle"),
        message: t("confirm.cancelMessage"),
        confirmLabel: t("common.discard"),
        cancelLabel: t("common.keepEditing"),
        tone: "destructive",
      }),
    [confirm, t],
  );
}
