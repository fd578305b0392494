import { callCommand, commandRef, type ForgotPasswordInput } from "@lms/core";
import { Button, TextField } from "@lms/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { Field } from "../../../components/field";
import { useApiClient } from "../../../lib/api-context";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { AccountLayout } from "../components/account-layout";
import { FormAlert } from "../components/form-alert";
import { lazyResolver } from "../utils/lazy-resolver";

const resolver = lazyResolver<ForgotPasswordInput>((v) => v.zodResolver(v.forgotPasswordSchema));

export default function ForgotPasswordPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useApiClient();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver,
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await callCommand(client, commandRef("user", "forgotpassword"), { email });
    if (result.ok) setSent(true);
    else setFailure(failureText(result, i18n));
  });

  return (
    <AccountLayout title={t("auth.forgotTitle")} subtitle={t("auth.forgotInstructions")}>
      {sent ? <FormAlert tone="notice">{t("auth.resetLinkSent")}</FormAlert> : null}
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <form noValidate className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)}>
        <Field label={t("auth.email")} error={errors.email?.message} required>
          <TextField type="email" autoComplete="email" autoFocus {...form.register("email")} />
        </Field>
        <Button type="submit" pending={isSubmitting} className="w-full">
          {t("auth.sendResetLink")}
        </Button>
        <Link
          to={paths.account.login.getHref()}
          className="text-center text-sm text-primary underline-offset-4 hover:underline"
        >
          {t("auth.backToLogin")}
        </Link>
      </form>
    </AccountLayout>
  );
}
