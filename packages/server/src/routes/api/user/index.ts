import { CONTRACT, USER_STATUS, bulkUploadTemplate, MAX_BULK_UPLOAD_BYTES } from "@lms/core";
import { defineResource, implement } from "../../../dispatch/commands";
import { exportColumns, filtersOf, sendCsv } from "../../../lib/command-io";
import { by, scopeOf, GLOBAL_SCOPE } from "../../../services/caller";
import { BOM } from "../../../lib/csv";
import { conflict, forbidden, isUniqueViolation, notFound } from "../../../lib/errors";
import { listAnswer, nameListSource } from "../../../lib/list";
import { IMAGE_PART_BYTES } from "../../../lib/uploads";
import { templateSchoolCode } from "../../../services/bulk-upload-names";
import { deletionImpact, moveToBin } from "../../../services/recycle-bin";
import { recycleBinCommands } from "../recycle-bin-commands";
import { runBulkUpload } from "../../../services/user-bulk-upload";
import {
  USER_FILTER_EXTRAS,
  assertNameAndEmailFree,
  bulkUsers,
  checkUserWrite,
  setUsersStatus,
  storePhoto,
  userBinRecord,
  userWrite,
} from "../../../services/users";
import { profileCommands } from "./profile";
import { sessionCommands } from "./session";
import { versionedWrite } from "../../../services/record-versions";

const USER_EXPORT_COLUMNS = [
  "id",
  "salutation",
  "firstName",
  "middleName",
  "lastName",
  "suffix",
  "userName",
  "email",
  "employeeNumber",
  "learningReferenceNumber",
  "roleId",
  "roleName",
  "status",
  "registered",
  "schoolId",
  "schoolName",
  "schoolYearFrom",
  "schoolYearTo",
  "grade",
  "section",
  "subject",
  "title",
  "assignedLoad",
  "subscriptionType",
  "lang",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
] as const;

const userSpecs = CONTRACT.user;

/**
 * Users (SPEC.md): sign-in and passwords (./session), one's own profile (./profile), and the
 * administration of other users declared here.
 */
export const userResource = defineResource("user", {
  ...sessionCommands,
  ...profileCommands,
  list: implement(userSpecs.list, {
    async handler({ app, caller, input, form, reply }) {
      const { rows, total, estimate, fromIndex } = await app.repos.usersSearch.list(
        input,
        filtersOf(form, USER_FILTER_EXTRAS),
        scopeOf(caller),
      );
      nameListSource(reply, fromIndex && "index");
      return { data: listAnswer(input, rows, total, estimate) };
    },
  }),

  export: implement(userSpecs.export, {
    async handler({ app, caller, input, form, reply }) {
      const columns = exportColumns(input.columns, USER_EXPORT_COLUMNS);
      return sendCsv(
        reply,
        "users.csv",
        columns,
        app.repos.usersSearch.exportBatches(
          input,
          filtersOf(form, USER_FILTER_EXTRAS),
          scopeOf(caller),
        ),
      );
    },
  }),

  get: implement(userSpecs.get, {
    async handler({ app, caller, input }) {
      const record = await app.repos.users.get(input.id, scopeOf(caller));
      if (!record) throw notFound();
      return { data: record };
    },
  }),

  create: implement(userSpecs.create, {
    target: { byHandler: "role" },
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const schoolId = await checkUserWrite(app, caller, input);
      await assertNameAndEmailFree(app, "errors.userCreateConflict", input.userName, input.email);
      const photo = await storePhoto(app, file("photo"));
      let id: number;
      try {
        id = await app.repos.transaction(async (tx) => {
          const [newId] = await app.repos.users.insertMany(
            tx,
            [userWrite(input, schoolId)],
            by(caller),
          );
          await app.repos.users.setLoads(tx, newId!, input.assignedLoad, by(caller));
          await app.repos.users.setChildren(tx, newId!, input.children, by(caller));
          if (photo) await app.repos.users.setPhoto(tx, newId!, photo, by(caller));
          await app.auth.issueLinks(
            tx,
            "activation",
            [{ userId: newId!, email: input.email, firstName: input.firstName, lang: input.lang }],
            by(caller),
          );
          return newId!;
        });
      } catch (error) {
        if (photo) await app.storage.remove([photo]);
        if (isUniqueViolation(error)) throw conflict("errors.userCreateConflict");
        throw error;
      }
      app.auth.deliver();
      return { message: "users.created", data: await app.repos.users.get(id, GLOBAL_SCOPE) };
    },
  }),

  update: implement(userSpecs.update, {
    // The user edited is within the caller's reach (checked before the handler runs).
    target: { user: "id", act: "edit" },
    maxFileBytes: IMAGE_PART_BYTES,
    stored: (app, id) => app.repos.users.get(id, GLOBAL_SCOPE),
    async handler({ app, caller, input, file }) {
      const existing = await app.repos.users.findById(input.id, scopeOf(caller));
      if (!existing) throw notFound();
      // The role given is within the caller's rights; one's own role and school stay.
      const self = existing.id === caller.userId ? existing : undefined;
      // One's own e-mail changes only through the profile, which asks for the current password
      // and tells the old address (a stolen session cannot take the account over).
      if (self && input.email.toLowerCase() !== existing.email.toLowerCase()) throw forbidden();
      const schoolId = await checkUserWrite(app, caller, input, self);
      await assertNameAndEmailFree(
        app,
        "errors.userUpdateConflict",
        input.userName,
        input.email,
        input.id,
      );
      const photo = await storePhoto(app, file("photo"));
      try {
        const target = {
          record: "users",
          id: input.id,
          version: input.version,
          current: () => app.repos.users.get(input.id, GLOBAL_SCOPE),
        } as const;
        await versionedWrite(app, target, async (tx) => {
          await app.repos.users.update(tx, input.id, userWrite(input, schoolId), by(caller));
          await app.repos.users.setLoads(tx, input.id, input.assignedLoad, by(caller));
          await app.repos.users.setChildren(tx, input.id, input.children, by(caller));
          if (photo) await app.repos.users.setPhoto(tx, input.id, photo, by(caller));
        });
      } catch (error) {
        if (photo) await app.storage.remove([photo]);
        if (isUniqueViolation(error)) throw conflict("errors.userUpdateConflict");
        throw error;
      }
      if (photo && existing.photo) await app.storage.remove([existing.photo]);
      return { message: "users.updated", data: await app.repos.users.get(input.id, GLOBAL_SCOPE) };
    },
  }),

  impact: implement(userSpecs.impact, {
    target: { user: "id", act: "act" },
    async handler({ app, caller, input }) {
      const user = await app.repos.users.findById(input.id, scopeOf(caller));
      if (!user) throw notFound();
      return { data: await deletionImpact(app, userBinRecord(user)) };
    },
  }),

  /** To the recycle bin, each user with its progress and attempts; sessions end (issue 13). */
  delete: implement(userSpecs.delete, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const binIds = await app.repos.transaction(async (tx) => {
        const targets = await bulkUsers(app, tx, caller, input, form, "modify");
        const ids: number[] = [];
        for (const user of targets) {
          ids.push(
            await moveToBin(app, tx, userBinRecord(user), by(caller), () =>
              app.repos.users.deleteMany(tx, [user.id]),
            ),
          );
        }
        return ids;
      });
      return { message: "users.deleted", data: { count: binIds.length, binIds } };
    },
  }),

  ...recycleBinCommands("user", userSpecs),

  activate: implement(userSpecs.activate, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count = await setUsersStatus(app, caller, input, form, USER_STATUS.active);
      return { message: "users.activated", data: { count } };
    },
  }),

  deactivate: implement(userSpecs.deactivate, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count = await setUsersStatus(app, caller, input, form, USER_STATUS.inactive);
      return { message: "users.deactivated", data: { count } };
    },
  }),

  resendactivation: implement(userSpecs.resendactivation, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count = await app.repos.transaction(async (tx) => {
        const targets = await bulkUsers(app, tx, caller, input, form, "unregistered");
        for (const user of targets) {
          await app.repos.tokens.expireLinks(tx, user.id, "activation");
        }
        await app.auth.issueLinks(
          tx,
          "activation",
          targets.map((u) => ({
            userId: u.id,
            email: u.email,
            firstName: u.firstName,
            lang: u.lang,
          })),
          by(caller),
        );
        return targets.length;
      });
      app.auth.deliver();
      return { message: "users.activationSent", data: { count } };
    },
  }),

  bulkupload: implement(userSpecs.bulkupload, {
    target: { byHandler: "rows" },
    maxFileBytes: MAX_BULK_UPLOAD_BYTES,
    handler: (ctx) => runBulkUpload(ctx),
  }),

  // The examples carry a real school code: `schoolId`'s (a school's Users tab) when reached.
  template: implement(userSpecs.template, {
    async handler({ app, caller, input, reply }) {
      const code = await templateSchoolCode(app, caller, input.schoolId);
      return reply
        .code(200)
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="bulk-user-upload.csv"')
        .send(BOM + bulkUploadTemplate(code) + "\r\n");
    },
  }),
});
