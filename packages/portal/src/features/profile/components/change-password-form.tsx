import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordSchema, type ChangePasswordInput } from "@lms/core";
import { Button, PasswordField, toast, useConfirm } from "@lms/ui";
import { useForm } from "react-hook-form";
import { Field } from "../../../components/field";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { applyFieldErrors, failureText } from "../../../lib/errors";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useI18n } from "../../../lib/i18n";
import { useChangePassword } from "../api/use-profile";
import { passwordFieldOfCode } from "../utils/profile";

const FIELD_NAMES = ["currentPassword", "newPassword", "confirmPassword"] as const;

/**
 * Update my password: the current one, then the new one twice with its strength and criteria.
 * The server's verdicts (wrong current password, too common a new one) land on their fields.
 */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirm = useConfirm();
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    let failed = false;
    const ok = await confirm({
      title: t("confirm.updateTitle"),
      message: t("password.confirmChange"),
      confirmLabel: t("common.update"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const result = await changePassword(values);
        if (result.ok) return;
        failed = true;
        if (applyFieldErrors(result, form.setError, FIELD_NAMES)) return;
        const field = passwordFieldOfCode(result.code);
        if (field && result.code) {
          form.setError(field, { type: "server", message: result.code }, { shouldFocus: true });
          return;
        }
        toast.error(failureText(result, i18n));
      },
    });
    if (!ok || failed) return;
    toast.success(t("password.changed"));
    guard.leave(onDone);
  });

  async function cancel() {
    await guard.cancel(onDone);
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <Field label={t("auth.currentPassword")} error={errors.currentPassword?.message} required>
        <PasswordField
          autoComplete="current-password"
          showLabel={t("auth.showPassword")}
          hideLabel={t("auth.hidePassword")}
          {...form.register("currentPassword")}
        />
      </Field>
      <NewPasswordFields
        register={form.register}
        errors={errors}
        value={form.watch("newPassword") ?? ""}
      />
      <p className="text-sm text-muted-foreground">{t("profile.otherSessionsNote")}</p>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="outline" onClick={() => void cancel()}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  );
}
