import { COMMANDS, type ChangePasswordInput } from "@lms/core";
import { useCallback } from "react";
import { useSession, useSessionStore } from "../../../lib/api-context";
import { useRead, useRun } from "../../../lib/data";
import { preloadCatalogue } from "../../../lib/i18n";
import { sessionPatchAfterSave, type ProfileFormValues } from "../utils/profile";

const user = COMMANDS.user;

/**
 * cmdType=profile: my own record. It shares its cache entry with the shell's profile read, so
 * the top bar and this page see one answer.
 */
export function useProfile() {
  const { token } = useSession();
  return useRead(user.profile, token ? undefined : null);
}

/**
 * cmdType=updateprofile: names, e-mail and language, plus the photo as a file part when one was
 * chosen. On success the session takes the new first name, photo and language at once.
 */
export function useUpdateProfile() {
  const run = useRun();
  const store = useSessionStore();
  return useCallback(
    async (values: ProfileFormValues, photo: File | null) => {
      // The chosen language's texts load while the server saves, so switching shows no spinner.
      const [result] = await Promise.all([
        run(user.updateprofile, values, {
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
  const run = useRun();
  return useCallback(
    (values: ChangePasswordInput) =>
      run(
        user.changepassword,
        {
          currentPassword: values.currentPassword,
          newPassword: values.newPassword,
          confirmPassword: values.confirmPassword,
        },
        { invalidates: [] },
      ),
    [run],
  );
}
