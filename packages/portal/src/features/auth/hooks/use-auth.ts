import { callCommand, commandRef, type Lang } from "@lms/core";
import { useCallback, useEffect } from "react";
import { useApiClient, useSession, useSessionStore } from "../../../lib/api-context";
import { useRead } from "../../../lib/data";
import { preloadCatalogue } from "../../../lib/i18n";

export function useLogout() {
  const client = useApiClient();
  return useCallback(() => client.logout(), [client]);
}

/** My profile, refreshed from the server; keeps the session's permissions and photo current. */
export function useMyProfile() {
  const session = useSession();
  const store = useSessionStore();
  const query = useRead(commandRef("user", "profile"), session.token ? undefined : null);
  const data = query.data;
  useEffect(() => {
    if (!data) return;
    const current = store.get();
    const patch: Partial<typeof current> = {};
    if (
      data.permissions &&
      JSON.stringify(data.permissions) !== JSON.stringify(current.permissions)
    )
      patch.permissions = data.permissions;
    if ((data.photo ?? null) !== current.photo) patch.photo = data.photo ?? null;
    if (current.profile && data.firstName !== current.profile.firstName)
      patch.profile = { ...current.profile, firstName: data.firstName };
    if (Object.keys(patch).length) store.set(patch);
  }, [data, store]);
  return query;
}

/** Changes the language on the server and in the session (SPEC.md §1). */
export function useChangeLanguage() {
  const client = useApiClient();
  const store = useSessionStore();
  return useCallback(
    async (lang: Lang) => {
      // The catalogue loads while the server saves, so the switch shows no loading screen.
      const [result] = await Promise.all([
        callCommand(client, commandRef("user", "setlanguage"), { lang }),
        preloadCatalogue(lang),
      ]);
      if (result.ok) store.set({ lang });
      return result;
    },
    [client, store],
  );
}
