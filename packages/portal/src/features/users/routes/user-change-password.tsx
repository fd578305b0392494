import { zodResolver } from "@hookform/resolvers/zod";
import { newPasswordPairSchema } from "@lms/core";
import { Button, FullPageSpinner, PageHeader, toast, useConfirm } from "@lms/ui";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { applyFieldErrors, failureText } from "../../../lib/errors";
import { useUnsavedChangesGuard } from "../../../lib/unsaved-changes";
import { useI18n } from "../../../lib/i18n";
import NotFoundPage from "../../../components/not-found-page";
import { useUserCommands } from "../api/use-users";
import { fullName } from "../../../lib/names";
import { useUserFromRoute } from "./use-user-param";

type Values = { newPassword: string; confirmPassword: string };

/** An administrator sets another user's password (SPEC.md §2 /users/{id}/change-password). */
export default function UserChangePasswordPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { data: user, notFound } = useUserFromRoute();
  const { changePassword } = useUserCommands();
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordPairSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  if (notFound) return <NotFoundPage />;
  if (!user) return <FullPageSpinner label={t("app.loading")} />;

  const onSubmit = form.handleSubmit(async (values) => {
    let failed = false;
    const ok = await confirm({
      title: t("confirm.updateTitle"),
      message: t("confirm.updateMessage", { entity: t("entity.user") }),
      confirmLabel: t("common.update"),
      cancelLabel: t("common.cancel"),
      onConfirm: async () => {
        const result = await changePassword(user.id, values);
        if (result.ok) return;
        failed = true;
        if (!applyFieldErrors(result, form.setError, ["newPassword", "confirmPassword"]))
          toast.error(failureText(result, i18n));
      },
    });
    if (!ok || failed) return;
    toast.success(t("users.passwordChanged"));
    guard.leave(() => navigate(paths.users.details.getHref(user.id)));
  });

  async function cancel() {
    await guard.cancel(() => navigate(paths.users.details.getHref(user!.id)));
  }

  return (
    <div className="flex max-w-md flex-col gap-6 p-6">
      <PageHeader
        title={t("users.changePasswordTitle")}
        description={fullName(user, { salutation: false })}
      />
      <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)}>
        <NewPasswordFields
          register={form.register}
          errors={errors}
          value={form.watch("newPassword")}
        />
        <div className="flex justify-end gap-3">
          <Button type="button" variant="outline" onClick={() => void cancel()}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" pending={isSubmitting}>
            {t("common.update")}
          </Button>
        </div>
      </form>
    </div>
  );
}
