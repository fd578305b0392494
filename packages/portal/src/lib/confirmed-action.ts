import type { ApiResult } from "@lms/core";
import { toast, useConfirm } from "@lms/ui";
import { useCallback } from "react";
import { failureText } from "./errors";
import { useI18n } from "./i18n";

export interface ConfirmedAction {
  title: string;
  message: string;
  confirmLabel: string;
  tone?: "default" | "destructive";
  run: () => Promise<ApiResult<unknown>>;
  /** The success message (SPEC.md §4: '... has been created.'). */
  success: string;
}

/**
 * SPEC.md §4: every create, update or delete asks first; the dialog stays pending while the call
 * runs; success shows its message, failure the answer's text. Resolves true when it was done.
 */
export function useConfirmedAction() {
  const confirm = useConfirm();
  const i18n = useI18n();
  return useCallback(
    async (action: ConfirmedAction): Promise<boolean> => {
      let failure: string | null = null;
      const done = await confirm({
        title: action.title,
        message: action.message,
        confirmLabel: action.confirmLabel,
        cancelLabel: i18n.t("common.cancel"),
        tone: action.tone,
        onConfirm: async () => {
          const result = await action.run();
          if (!result.ok) failure = failureText(result, i18n);
        },
      });
      if (!done) return false;
      if (failure) {
        toast.error(failure);
        return false;
      }
      toast.success(action.success);
      return true;
    },
    [confirm, i18n],
  );
}
