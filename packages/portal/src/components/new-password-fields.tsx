import {
  PASSWORD_CRITERIA,
  hasValidPasswordLength,
  passwordCriteria,
  passwordStrength,
} from "@lms/core";
import { PasswordField, StrengthMeter } from "@lms/ui";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useT } from "../lib/i18n";
import { Field } from "./field";

type PasswordPair = { newPassword: string; confirmPassword: string };

/**
 * New password and its confirmation, with the strength meter and the criteria of SPEC.md §5
 * ticked as the user types.
 */
export function NewPasswordFields<T extends PasswordPair>({
  register,
  errors,
  value,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PasswordPair>;
  value: string;
}) {
  const t = useT();
  const strength = passwordStrength(value);
  const met = passwordCriteria(value);
  const reg = register as unknown as UseFormRegister<PasswordPair>;
  const checks = [
    { key: "length", ok: hasValidPasswordLength(value) },
    ...PASSWORD_CRITERIA.map((c) => ({ key: c, ok: met[c] })),
  ] as const;
  return (
    <>
      <Field label={t("auth.newPassword")} error={errors.newPassword?.message} required>
        <PasswordField
          autoComplete="new-password"
          showLabel={t("auth.showPassword")}
          hideLabel={t("auth.hidePassword")}
          {...reg("newPassword")}
        />
      </Field>
      <StrengthMeter
        value={strength.count}
        label={t("password.strength")}
        showLevel
        levelLabels={{
          weak: t("password.strength.weak"),
          medium: t("password.strength.medium"),
          strong: t("password.strength.strong"),
        }}
      />
      <div className="text-sm text-muted-foreground">
        <p>{t("password.criteriaTitle")}</p>
        <ul className="mt-1 flex flex-col gap-0.5">
          {checks.map((check) => (
            <li key={check.key} className={check.ok ? "text-success-soft-foreground" : undefined}>
              <span aria-hidden="true">{check.ok ? "✓ " : "• "}</span>
              {t(`password.criterion.${check.key}`)}
            </li>
          ))}
        </ul>
      </div>
      <Field label={t("auth.confirmPassword")} error={errors.confirmPassword?.message} required>
        <PasswordField
          autoComplete="new-password"
          showLabel={t("auth.showPassword")}
          hideLabel={t("auth.hidePassword")}
          {...reg("confirmPassword")}
        />
      </Field>
    </>
  );
}
