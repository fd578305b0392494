import type { LoginInput } from "@lms/core";
import { Button, PasswordField, TextField } from "@lms/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { Field } from "../../../components/field";
import { useSession, useSessionStore } from "../../../lib/api-context";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { AccountLayout } from "../components/account-layout";
import { FormAlert } from "../components/form-alert";
import { lazyResolver } from "../utils/lazy-resolver";
import { useLogin } from "../hooks/use-login";

const resolver = lazyResolver<LoginInput>((v) => v.zodResolver(v.loginSchema));

export default function LoginPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const login = useLogin();
  const navigate = useNavigate();
  const session = useSession();
  const store = useSessionStore();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { userName: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await login(values);
    if (result.ok) navigate(paths.schools.list.getHref(), { replace: true });
    else setFailure(failureText(result, i18n));
  });

  return (
    <AccountLayout title={t("app.greeting")} subtitle={t("app.greetingSubtitle")}>
      {session.expiredSession && !failure ? (
        <FormAlert tone="notice">{t("auth.sessionExpired")}</FormAlert>
      ) : null}
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          if (session.expiredSession) store.set({ expiredSession: false });
          void onSubmit(event);
        }}
      >
        <Field label={t("auth.userName")} error={errors.userName?.message} required>
          <TextField autoComplete="username" autoFocus {...form.register("userName")} />
        </Field>
        <Field label={t("auth.password")} error={errors.password?.message} required>
          <PasswordField
            autoComplete="current-password"
            showLabel={t("auth.showPassword")}
            hideLabel={t("auth.hidePassword")}
            {...form.register("password")}
          />
        </Field>
        <Button type="submit" pending={isSubmitting} className="w-full">
          {t("auth.signIn")}
        </Button>
        <Link
          to={paths.account.forgotPassword.getHref()}
          className="text-center text-sm text-primary underline-offset-4 hover:underline"
        >
          {t("auth.forgotPasswordLink")}
        </Link>
      </form>
    </AccountLayout>
  );
}
