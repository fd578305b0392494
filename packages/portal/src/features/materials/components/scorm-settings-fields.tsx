import { SCORM_COMPLETION, SCORM_GRADING, SCORM_NEW_ATTEMPT, type MaterialInput } from "@lms/core";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue, TextField } from "@lms/ui";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { Field } from "../../../components/field";
import { useT } from "../../../lib/i18n";

const ATTEMPT_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

type SelectName = "attemptsAllowed" | "grading" | "newAttempt" | "completion";

/**
 * A SCORM material's attempt settings in its form (issue 15): attempts allowed, the score that
 * counts, how a new attempt starts, and what completes the material (with its minimum score).
 */
export function ScormSettingsFields({
  form,
  readOnly,
}: {
  form: UseFormReturn<MaterialInput>;
  readOnly: boolean;
}) {
  const t = useT();
  const { errors } = form.formState;
  const completion = useWatch({ control: form.control, name: "completion" });
  const allowed = Number(useWatch({ control: form.control, name: "attemptsAllowed" }) ?? 0);
  const attemptOptions = [...new Set([...ATTEMPT_CHOICES, allowed])]
    .sort((a, b) => a - b)
    .map((n) => ({
      value: String(n),
      label: n === 0 ? t("materials.attemptsUnlimited") : String(n),
    }));

  const select = (name: SelectName, options: { value: string; label: string }[]) => (
    <Field label={t(`materials.field.${name}`)} error={errors[name]?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            value={field.value === undefined ? undefined : String(field.value)}
            onValueChange={(value) =>
              field.onChange(name === "attemptsAllowed" ? Number(value) : value)
            }
            disabled={readOnly}
          >
            <SelectTrigger onBlur={field.onBlur}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );

  return (
    <fieldset className="flex flex-col gap-4 rounded-control border border-border p-4">
      <legend className="px-1 text-sm font-medium">{t("materials.scormSettings")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {select("attemptsAllowed", attemptOptions)}
        {select(
          "grading",
          SCORM_GRADING.map((g) => ({ value: g, label: t(`materials.grading.${g}`) })),
        )}
        {select(
          "newAttempt",
          SCORM_NEW_ATTEMPT.map((n) => ({ value: n, label: t(`materials.newAttempt.${n}`) })),
        )}
        {select(
          "completion",
          SCORM_COMPLETION.map((c) => ({ value: c, label: t(`materials.completion.${c}`) })),
        )}
        {completion === "score" ? (
          <Field label={t("materials.field.minScore")} error={errors.minScore?.message}>
            <TextField
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              {...form.register("minScore")}
            />
          </Field>
        ) : null}
      </div>
    </fieldset>
  );
}
