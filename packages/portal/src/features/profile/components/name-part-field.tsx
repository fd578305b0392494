import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, TextField } from "@lms/ui";
import { useState } from "react";
import { Field, pasteGuard } from "../../../components/field";
import { useT } from "../../../lib/i18n";
import { NONE, OTHER, choiceOf } from "../utils/profile";

/**
 * A salutation or suffix: one of the usual ones, none, or other with its own text
 * (SPEC.md §3: 'Mr., Ms., Mrs., or other'; 'Jr., Sr., or other').
 */
export function NamePartField({
  label,
  otherLabel,
  options,
  value,
  onChange,
  onBlur,
  error,
  onPasteRefused,
}: {
  label: string;
  otherLabel: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** An encoded validation message. */
  error?: string | undefined;
  onPasteRefused: (message: string) => void;
}) {
  const t = useT();
  const [other, setOther] = useState(() => choiceOf(value, options) === OTHER);
  const choice = other ? OTHER : choiceOf(value, options);

  function choose(next: string) {
    if (next === OTHER) {
      setOther(true);
      // Keep a custom text; a usual one is replaced by what the user types.
      if (options.includes(value.trim())) onChange("");
      return;
    }
    setOther(false);
    onChange(next === NONE ? "" : next);
  }

  return (
    <>
      <Field label={label} error={other ? undefined : error}>
        <Select value={choice} onValueChange={choose}>
          <SelectTrigger onBlur={onBlur}>
            <SelectValue placeholder={t("common.selectPlaceholder")} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{t("common.none")}</SelectItem>
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {option}
              </SelectItem>
            ))}
            <SelectItem value={OTHER}>{t("common.other")}</SelectItem>
          </SelectContent>
        </Select>
      </Field>
      {other ? (
        <Field label={otherLabel} error={error}>
          <TextField
            value={value}
            maxLength={10}
            onChange={(event) => onChange(event.currentTarget.value)}
            onBlur={onBlur}
            onPaste={pasteGuard("name", onPasteRefused)}
          />
        </Field>
      ) : null}
    </>
  );
}
