import type { LoginInput } from "@lms/core";
import { useCallback } from "react";
import { startKeptSessionSignIn } from "../../../app/class-service-sign-in";
import { useApiClient, useSessionStore } from "../../../lib/api-context";
import { takeVisitorLanguage } from "../utils/visitor-language";

/**
 * Signs in; the hidden class-service sign-in starts at once, while the next page loads, and a
 * language the visitor chose is kept.
 */
export function useLogin() {
  const client = useApiClient();
  const session = useSessionStore();
  return useCallback(
    async (input: LoginInput) => {
      const result = await client.login({ userName: input.userName, password: input.password });
      if (!result.ok) return result;
      startKeptSessionSignIn(client, session);
      // A language chosen on the sign-in screen becomes the account's (issue 13).
      const chosen = takeVisitorLanguage();
      if (chosen && chosen !== result.data.lang) {
        session.set({ lang: chosen });
        await client.request({ path: "/user/", cmdType: "setlanguage", fields: { lang: chosen } });
      }
      return result;
    },
    [client, session],
  );
}
