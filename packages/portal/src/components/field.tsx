import { checkPaste } from "@lms/core";
import { FormField } from "@lms/ui";
import type { ClipboardEvent, ReactNode } from "react";
import { useI18n } from "../lib/i18n";

type FieldProps = {
  label: string;
  /** An encoded validation message (react-hook-form error message) or nothing. */
  error?: string | undefined;
  required?: boolean;
  help?: ReactNode;
  className?: string;
  orientation?: "vertical" | "horizontal";
  children: ReactNode;
};

/** A labelled form field whose error is shown in the user's language. */
export function Field({ error, ...props }: FieldProps) {
  const i18n = useI18n();
  return <FormField {...props} error={error ? i18n.message(error) : undefined} />;
}

/**
 * SPEC.md §5: pasting invalid content is refused with 'Invalid character detected in paste
 * event.' Returns an onPaste handler that reports the encoded message.
 */
export function pasteGuard(
  kind: "name" | "email" | "number" | "text",
  report: (message: string) => void,
) {
  return (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const message = checkPaste(event.clipboardData.getData("text"), kind);
    if (message) {
      event.preventDefault();
      report(message);
    }
  };
}
