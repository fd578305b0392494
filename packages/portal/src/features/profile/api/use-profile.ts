import type { ChangePasswordInput, Permissions, UserRecord } from "@lms/core";
import { useCallback } from "react";
import { useSession, useSessionStore } from "../../../lib/api-context";
import { USER_PATH } from "../../../lib/api-paths";
import { useCommand, useRecordQuery } from "../../../lib/data";
import { preloadCatalogue } from "../../../lib/i18n";
import { sessionPatchAfterSave, type ProfileFormValues } from "../utils/profile";

export const PROFILE_PATH = USER_PATH;

/** The answer of cmdType=profile: one's own user record plus one's effective permissions. */
export type ProfileAnswer = UserRecord & { permissions?: Permissions };

/**
 * cmdType=profile: my own record. It shares its cache entry with the shell's profile read, so
 * the top bar and this page see one answer.
 */
export function useProfile() {
  const { token } = useSession();
  return useRecordQuery<ProfileAnswer>(PROFILE_PATH, token ? {} : null, "profile");
}

/**
 * cmdType=updateprofile: names, e-mail and language, plus the photo as a file part when one was
 * chosen. On success the session takes the new first name, photo and language at once.
 */
export function useUpdateProfile() {
  const run = useCommand();
  const store = useSessionStore();
  return useCallback(
    async (values: ProfileFormValues, photo: File | null) => {
      // The chosen language's texts load while the server saves, so switching shows no spinner.
      const [result] = await Promise.all([
        run<Partial<UserRecord> | null>({
          path: PROFILE_PATH,
          cmdType: "updateprofile",
          fields: values,
          files: photo ? { photo: { blob: photo, filename: photo.name } } : undefined,
        }),
        preloadCatalogue(values.lang).catch(() => undefined),
      ]);
      if (result.ok) {
        const patch = sessionPatchAfterSave(store.get(), values, result.data);
        if (Object.keys(patch).length > 0) store.set(patch);
      }
      return result;
    },
    [run, store],
  );
}

/**
 * cmdType=changepassword for oneself. The server ends the user's other sessions only; this one
 * stays signed in, so nothing here signs out.
 */
export function useChangePassword() {
  const run = useCommand();
  const store = useSessionStore();
  return useCallback(
    async (values: ChangePasswordInput) => {
      const result = await run<{ token?: unknown } | null>(
        {
          path: PROFILE_PATH,
          cmdType: "changepassword",
          fields: {
            currentPassword: values.currentPassword,
            newPassword: values.newPassword,
            confirmPassword: values.confirmPassword,
          },
        },
        [],
      );
      // Should the server hand this session a fresh token, keep using it.
      const token = result.ok ? result.data?.token : undefined;
      if (typeof token === "string" && token) store.set({ token });
      return result;
    },
    [run, store],
  );
}
