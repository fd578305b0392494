import type { LoginInput } from "@lms/core";
import { useCallback } from "react";
import { startKeptSessionSignIn } from "../../../app/class-service-sign-in";
import { useApiClient, useSessionStore } from "../../../lib/api-context";

/** Signs in; the hidden class-service sign-in starts at once, while the next page loads. */
export function useLogin() {
  const client = useApiClient();
  const session = useSessionStore();
  return useCallback(
    async (input: LoginInput) => {
      const result = await client.login({ userName: input.userName, password: input.password });
      if (result.ok) startKeptSessionSignIn(client, session);
      return result;
    },
    [client, session],
  );
}
