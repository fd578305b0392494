import { CONTRACT } from "@lms/core";
import { implement } from "../../../dispatch/commands";
import { by, GLOBAL_SCOPE } from "../../../services/caller";
import { notFound } from "../../../lib/errors";
import { IMAGE_PART_BYTES } from "../../../lib/uploads";
import { assertCurrentPassword } from "../../../services/passwords";
import { assertNameAndEmailFree, storePhoto } from "../../../services/users";
import { versionedWrite } from "../../../services/record-versions";

const userSpecs = CONTRACT.user;

/** The user resource's commands on the caller's own profile. */
export const profileCommands = {
  profile: implement(userSpecs.profile, {
    async handler({ app, caller }) {
      const record = await app.repos.users.get(caller.userId, GLOBAL_SCOPE);
      if (!record) throw notFound();
      return { data: record };
    },
  }),

  updateprofile: implement(userSpecs.updateprofile, {
    auditsCaller: true,
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const user = await app.repos.users.findById(caller.userId);
      if (!user) throw notFound();
      // A new e-mail address takes the current password (it receives the reset links).
      const emailChanged = input.email.toLowerCase() !== (user.email ?? "").toLowerCase();
      if (emailChanged) await assertCurrentPassword(app, user, input.currentPassword);
      await assertNameAndEmailFree(
        app,
        "errors.userUpdateConflict",
        user.userName,
        input.email,
        user.id,
      );
      const photo = await storePhoto(app, file("photo"));
      const target = {
        record: "users",
        id: user.id,
        version: input.version,
        current: () => app.repos.users.get(user.id, GLOBAL_SCOPE),
      } as const;
      await versionedWrite(app, target, async (tx) => {
        // The old address hears of it, in the user's language.
        if (emailChanged && user.email) {
          await app.auth.notifyEmailChanged(
            tx,
            {
              userId: user.id,
              email: user.email,
              firstName: user.firstName,
              lang: input.lang || user.lang,
            },
            input.email,
            by(caller),
          );
        }
        await app.repos.users.update(
          tx,
          user.id,
          {
            salutation: input.salutation,
            firstName: input.firstName,
            middleName: input.middleName,
            lastName: input.lastName,
            suffix: input.suffix,
            email: input.email,
            ...(input.lang ? { lang: input.lang } : {}),
          },
          by(caller),
        );
        if (photo) await app.repos.users.setPhoto(tx, user.id, photo, by(caller));
      });
      if (photo && user.photo) await app.storage.remove([user.photo]);
      if (emailChanged) app.auth.deliver();
      return {
        message: "profile.updated",
        data: await app.repos.users.get(user.id, GLOBAL_SCOPE),
      };
    },
  }),

  setlanguage: implement(userSpecs.setlanguage, {
    async handler({ app, caller, input }) {
      await app.repos.users.setLang(caller.userId, input.lang, by(caller));
      return { message: "language.changed", data: { lang: input.lang } };
    },
  }),
};
