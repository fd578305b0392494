import { callCommand, commandRef } from "@lms/core";
import { Button, FullPageSpinner, toast } from "@lms/ui";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { NewPasswordFields } from "../../../components/new-password-fields";
import { useApiClient } from "../../../lib/api-context";
import { applyFieldErrors, failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { AccountLayout } from "../components/account-layout";
import { FormAlert } from "../components/form-alert";
import { lazyResolver } from "../utils/lazy-resolver";

type Values = { newPassword: string; confirmPassword: string };

/**
 * Reset password (forgot-password link) and set password (activation link): both check the
 * link first and send an expired or used one to its invalid-link page.
 */
const resolver = lazyResolver<Values>((v) => v.zodResolver(v.newPasswordPairSchema));

export function NewPasswordPage({ kind }: { kind: "reset" | "activation" }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useApiClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invalidHref =
    kind === "reset"
      ? paths.account.invalidResetPassword.getHref()
      : paths.account.invalidActivation.getHref();
  const [state, setState] = useState<"checking" | "valid" | "invalid">(
    token ? "checking" : "invalid",
  );
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver,
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void callCommand(
      client,
      commandRef("user", "verifytoken"),
      { token, kind },
      { checkStatus: false },
    ).then((result) => {
      if (!cancelled) setState(result.ok ? "valid" : result.status === 0 ? "valid" : "invalid");
    });
    return () => {
      cancelled = true;
    };
  }, [client, kind, token]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const command = commandRef("user", kind === "reset" ? "resetpassword" : "setpassword");
    const result = await callCommand(client, command, { token, ...values }, { checkStatus: false });
    if (result.ok) {
      toast.success(t(kind === "reset" ? "auth.resetDone" : "auth.setDone"));
      navigate(paths.account.login.getHref(), { replace: true });
      return;
    }
    if (result.status === 410) {
      navigate(invalidHref, { replace: true });
      return;
    }
    if (!applyFieldErrors(result, form.setError, ["newPassword", "confirmPassword"])) {
      setFailure(kind === "activation" ? t("auth.passwordSetFailed") : failureText(result, i18n));
    }
  });

  if (state === "invalid") return <Navigate to={invalidHref} replace />;
  if (state === "checking") return <FullPageSpinner label={t("app.loading")} />;

  return (
    <AccountLayout
      title={t(kind === "reset" ? "auth.resetTitle" : "auth.setTitle")}
      subtitle={kind === "activation" ? t("auth.setInstructions") : undefined}
    >
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)}>
        <NewPasswordFields
          register={form.register}
          errors={errors}
          value={form.watch("newPassword")}
        />
        <Button type="submit" pending={isSubmitting} className="w-full">
          {t("common.save")}
        </Button>
      </form>
    </AccountLayout>
  );
}
