import { callCommand, commandRef, type LoginInput } from "@lms/core";
import { useCallback } from "react";
import { startKeptSessionSignIn } from "../../../lib/class-service-sign-in";
import { useApiClient, useSessionStore } from "../../../lib/api-context";
import { loadFullI18n } from "../../../lib/i18n";
import { takeVisitorLanguage } from "../utils/visitor-language";

/**
 * Signs in; the hidden class-service sign-in starts at once, while the next page loads, and a
 * language the visitor chose is kept. The whole catalogue loads while the server answers: the
 * signed-in pages and a failure's text may need any of its texts.
 */
export function useLogin() {
  const client = useApiClient();
  const session = useSessionStore();
  return useCallback(
    async (input: LoginInput) => {
      const [result] = await Promise.all([
        client.login({ userName: input.userName, password: input.password }),
        loadFullI18n().catch(() => undefined),
      ]);
      if (!result.ok) return result;
      startKeptSessionSignIn(client, session);
      // A language chosen on the sign-in screen becomes the account's (issue 13).
      const chosen = takeVisitorLanguage();
      if (chosen && chosen !== result.data.lang) {
        session.set({ lang: chosen });
        await callCommand(client, commandRef("user", "setlanguage"), { lang: chosen });
      }
      return result;
    },
    [client, session],
  );
}
