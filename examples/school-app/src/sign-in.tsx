import { loginSchema, toFieldErrors } from "@lms/core";
import { Button, FormField, PasswordField, TextField } from "@lms/ui";
import { useState, type FormEvent } from "react";
import { client } from "./client";

/** The service's sign-in, with the rules and messages of @lms/core. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      setErrors(Object.fromEntries(toFieldErrors(parsed.error).map((e) => [e.field, e.message])));
      return;
    }
    setErrors({});
    const result = await client.login(parsed.data);
    if (result.ok) onSignedIn();
    else setFailure(result.message);
  }

  return (
    <form onSubmit={submit} className="mx-auto mt-16 flex max-w-sm flex-col gap-4" noValidate>
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <FormField label="User name" error={errors.userName}>
        <TextField name="userName" autoComplete="username" />
      </FormField>
      <FormField label="Password" error={errors.password}>
        <PasswordField name="password" autoComplete="current-password" />
      </FormField>
      {failure && <p className="text-destructive text-sm">{failure}</p>}
      <Button type="submit">Sign in</Button>
    </form>
  );
}
