import {
  ROLE_IDS,
  USER_STATUS,
  adminChangePasswordSchema,
  bulkUploadTemplate,
  MAX_BULK_UPLOAD_BYTES,
  changePasswordSchema,
  createUserInputSchema,
  forgotPasswordSchema,
  isLang,
  loginSchema,
  optionalIntegerField,
  resetPasswordSchema,
  setLanguageSchema,
  setPasswordSchema,
  updateProfileSchema,
  updateUserInputSchema,
  verifyTokenSchema,
  type LoginAnswer,
  type UserValues,
} from "@lms/core";
import type { FastifyInstance } from "fastify";
import {
  command,
  defineResource,
  publicCommand,
  requireRight,
  type Caller,
} from "../../lib/commands";
import { BOM } from "../../lib/csv";
import { checkPasswordLink } from "../../services/abuse-limits";
import { templateSchoolCode } from "../../services/bulk-upload-names";
import type { AuditNote } from "../../services/audit";
import { signIn } from "../../services/sign-in";
import {
  ApiError,
  conflict,
  fieldError,
  forbidden,
  invalidField,
  isUniqueViolation,
  notFound,
  unauthenticated,
} from "../../lib/errors";
import { fieldValue, type RequestForm, type UploadedFile } from "../../lib/form";
import { MAX_ID, emptyObject, idInput, listInput } from "../../lib/inputs";
import { listAnswer } from "../../lib/list";
import { newStorageKey } from "../../lib/storage";
import { IMAGE_PART_BYTES, checkImage } from "../../lib/uploads";
import type { UserWrite } from "../../plugins/app/repositories/users-repository";
import { GLOBAL_SCOPE } from "../../plugins/app/repositories/records";
import { deletionImpact, moveToBin, type BinRecord } from "../../services/recycle-bin";
import { runBulkUpload } from "./user-bulk-upload";
import { recycleBinCommands } from "./recycle-bin-commands";
import { bulkInput, bulkTargets, targetsField } from "./bulk";
import type { Executor } from "../../db/client";
import {
  assertMayGiveRole,
  assertUsersInReach,
  userInReach,
  type TargetUser,
} from "../../services/user-authority";
import { by, exportColumns, filtersOf, parseWith, scopeOf, sendCsv } from "./shared";

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

const USER_FILTER_EXTRAS = ["schoolId", "roleId"] as const;

const bulkUserInput = bulkInput("users");
const templateInput = emptyObject.extend({ schoolId: optionalIntegerField(1, MAX_ID) });
type BulkUserInput = (typeof bulkUserInput)["_zod"]["output"];

function userBinRecord(user: {
  id: number;
  firstName: string;
  lastName: string;
  schoolId: number | null;
  roleId: number;
}): BinRecord {
  return {
    resource: "user",
    id: user.id,
    label: `${user.firstName} ${user.lastName}`,
    code: null,
    schoolId: user.schoolId,
    courseId: null,
    roleId: user.roleId,
  };
}

/** The row a command writes, from validated values (global roles have no school). */
export function userWrite(values: UserValues, schoolId: number | null): UserWrite {
  return {
    salutation: values.salutation,
    firstName: values.firstName,
    middleName: values.middleName,
    lastName: values.lastName,
    suffix: values.suffix,
    userName: values.userName,
    email: values.email,
    employeeNumber: values.employeeNumber,
    learningReferenceNumber: values.learningReferenceNumber,
    roleId: values.roleId,
    schoolId,
    schoolYearFrom: values.schoolYearFrom ?? null,
    schoolYearTo: values.schoolYearTo ?? null,
    grade: values.grade ?? null,
    section: values.section,
    subject: values.subject,
    title: values.title,
    parent: values.parent
      ? Object.fromEntries(
          Object.entries(values.parent).filter(([, v]) => v !== undefined && v !== ""),
        )
      : null,
    subscriptionType: values.subscriptionType,
    ...(values.lang ? { lang: values.lang } : {}),
  };
}

/**
 * Field-level authorisation of a user write (issue 4): the role given must be within the caller's
 * rights and school, and not a change of the caller's own (services/user-authority); the school
 * must exist; a parent's children must be students the caller can see. `self`: the caller's own
 * record when it edits itself. Returns the school to store.
 */
export async function checkUserWrite(
  app: FastifyInstance,
  caller: Caller,
  values: Pick<UserValues, "roleId" | "schoolId" | "children">,
  self?: TargetUser,
): Promise<number | null> {
  const schoolId = await assertMayGiveRole(app, caller, values, self);
  if (schoolId !== null && !(await app.repos.schools.findById(schoolId))) {
    throw invalidField("schoolId", "validation.invalidValue");
  }
  const children = values.children ?? [];
  if (children.length > 0) {
    if (values.roleId !== ROLE_IDS.parent)
      throw invalidField("children", "validation.invalidValue");
    const found = await app.repos.users.countInScope(
      [...new Set(children)],
      scopeOf(caller),
      ROLE_IDS.student,
    );
    if (found !== new Set(children).size) throw invalidField("children", "validation.invalidValue");
  }
  return schoolId;
}

/** Stores an uploaded photo under a server-generated name; returns its key. */
async function storePhoto(app: FastifyInstance, file: UploadedFile | undefined) {
  if (!file || file.size === 0) return undefined;
  const checked = await checkImage(file, "photo");
  const key = newStorageKey("photos", checked.extension);
  await app.storage.put(key, checked.data);
  return key;
}

async function loginAnswer(
  app: FastifyInstance,
  userId: number,
  session: { token: string; wsToken: string; sessionKey: string },
): Promise<LoginAnswer> {
  const record = await app.repos.users.get(userId, GLOBAL_SCOPE);
  if (!record) throw unauthenticated(false);
  const permissions = await app.repos.roles.permissionsOf(record.roleId);
  const role = await app.repos.roles.findById(record.roleId);
  return {
    token: session.token,
    wsToken: session.wsToken,
    sessionKey: session.sessionKey,
    profile: {
      userId: record.id,
      userName: record.userName,
      firstName: record.firstName,
      roleId: record.roleId,
      schoolId: record.schoolId,
      children: record.children,
    },
    photo: record.photo,
    lang: isLang(record.lang) ? record.lang : "es",
    ...(permissions && role?.enabled ? { permissions } : {}),
  };
}

/**
 * 422 on `currentPassword` unless it is the user's password (missing: required; wrong:
 * incorrect), counted like a password change's guesses.
 */
async function assertCurrentPassword(
  app: FastifyInstance,
  user: { id: number; passwordHash: string | null },
  password: string | undefined,
): Promise<void> {
  if (!password) throw invalidField("currentPassword", "validation.required");
  const rule = app.config.rateLimits.loginPerAccount;
  const key = `password:account:${user.id}`;
  await app.auth.assertUnderLimit(key, rule);
  if (!(await app.auth.verifyPassword(user.passwordHash, password))) {
    await app.auth.recordFailure(key, rule);
    throw invalidField("currentPassword", "validation.passwordIncorrect");
  }
}

/**
 * 409 with SPEC.md §8's conflict text when another user has this user name or e-mail, each taken
 * field marked (issue 13: the user is told which one).
 */
async function assertNameAndEmailFree(
  app: FastifyInstance,
  key: "errors.userCreateConflict" | "errors.userUpdateConflict",
  userName: string,
  email: string,
  exceptId?: number,
): Promise<void> {
  const taken = await app.repos.users.takenFields(userName, email, exceptId);
  if (taken.length === 0) return;
  throw new ApiError(409, key, {
    errors: taken.map((field) =>
      fieldError(field, field === "userName" ? "users.userNameTaken" : "users.emailTaken"),
    ),
  });
}

export const userResource = defineResource("user", {
  login: publicCommand({
    input: loginSchema,
    async handler({ app, input, request }) {
      const { user, session } = await signIn(app, request, input.userName, input.password);
      return { data: await loginAnswer(app, user.id, session) };
    },
  }),

  getisloggedinstatus: command({
    access: "signedIn",
    async handler({ caller, form }) {
      const asked = fieldValue(form.entries, "userid", "userId");
      if (asked !== undefined && asked !== "" && Number(asked) !== caller.userId) {
        throw unauthenticated(false);
      }
      return { data: { userId: caller.userId } };
    },
  }),

  logout: command({
    access: "signedIn",
    async handler({ app, caller }) {
      await app.auth.revokeSession(caller.sessionId);
      return { message: "auth.loggedOut" };
    },
  }),

  forgotpassword: publicCommand({
    input: forgotPasswordSchema,
    async handler({ app, input, request }) {
      const rules = app.config.rateLimits;
      const email = input.email.toLowerCase();
      await app.auth.countAttempt(`forgot:address:${request.ip}`, rules.forgotPerAddress);
      await app.auth.countAttempt(`forgot:account:${email}`, rules.forgotPerAccount);
      const user = await app.repos.users.findByEmail(email);
      // The same answer whether the account exists or not (API.md: no account enumeration).
      if (user && user.status === USER_STATUS.active) {
        await app.repos.transaction(async (tx) => {
          await app.repos.tokens.expireLinks(tx, user.id, "reset");
          await app.auth.issueLinks(
            tx,
            "reset",
            [{ userId: user.id, email: user.email, firstName: user.firstName, lang: user.lang }],
            null,
          );
        });
        app.auth.deliver();
      }
      return { message: "auth.resetLinkSent" };
    },
  }),

  verifytoken: publicCommand({
    input: verifyTokenSchema,
    async handler({ app, input, request }) {
      await checkPasswordLink(
        app,
        request.ip,
        input.kind,
        input.token,
        () =>
          new ApiError(
            410,
            input.kind === "reset" ? "auth.forgotLinkExpired" : "auth.registrationLinkExpired",
          ),
      );
      return { data: { valid: true, kind: input.kind } };
    },
  }),

  resetpassword: publicCommand({
    input: resetPasswordSchema,
    handler: ({ app, input, request, audit }) =>
      usePasswordLink(app, request.ip, "reset", input.token, input.newPassword, audit),
  }),

  setpassword: publicCommand({
    input: setPasswordSchema,
    handler: ({ app, input, request, audit }) =>
      usePasswordLink(app, request.ip, "activation", input.token, input.newPassword, audit),
  }),

  changepassword: command({
    access: "signedIn",
    // Another user's password: a users/modify right, and that user within the caller's reach.
    target: {
      user: "userId",
      act: "act",
      otherThanCaller: true,
      right: { module: "users", right: "modify" },
    },
    async handler({ app, caller, form }) {
      const target = fieldValue(form.entries, "userId");
      if (target !== undefined && target !== "" && Number(target) !== caller.userId) {
        requireRight(caller, "users", "modify");
        const input = parseWith(adminChangePasswordSchema, form);
        // Declared as the command's target, and asked again for the very id parsed here.
        await userInReach(app, caller, input.userId);
        if (app.auth.isCommon(input.newPassword)) {
          throw invalidField("newPassword", "validation.passwordCommon");
        }
        const hash = await app.auth.hashPassword(input.newPassword);
        await app.repos.transaction(async (tx) => {
          await app.repos.users.setPassword(tx, input.userId, hash, by(caller));
          await app.auth.revokeUserSessions(tx, input.userId);
        });
        return { message: "users.passwordChanged" };
      }
      const input = parseWith(changePasswordSchema, form);
      const rule = app.config.rateLimits.loginPerAccount;
      const key = `password:account:${caller.userId}`;
      await app.auth.assertUnderLimit(key, rule);
      const user = await app.repos.users.findById(caller.userId);
      if (!user || !(await app.auth.verifyPassword(user.passwordHash, input.currentPassword))) {
        await app.auth.recordFailure(key, rule);
        throw invalidField("currentPassword", "validation.passwordIncorrect");
      }
      if (app.auth.isCommon(input.newPassword)) {
        throw invalidField("newPassword", "validation.passwordCommon");
      }
      const hash = await app.auth.hashPassword(input.newPassword);
      await app.repos.transaction(async (tx) => {
        await app.repos.users.setPassword(tx, caller.userId, hash, by(caller));
        // A password change ends the user's other sessions (issue 4 "Sessions").
        await app.auth.revokeUserSessions(tx, caller.userId, caller.sessionId);
      });
      return { message: "password.changed" };
    },
  }),

  profile: command({
    access: "signedIn",
    async handler({ app, caller }) {
      const record = await app.repos.users.get(caller.userId, GLOBAL_SCOPE);
      if (!record) throw notFound();
      return { data: record };
    },
  }),

  updateprofile: command({
    access: "signedIn",
    auditsCaller: true,
    input: updateProfileSchema,
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
      await app.repos.transaction(async (tx) => {
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

  setlanguage: command({
    access: "signedIn",
    input: setLanguageSchema,
    async handler({ app, caller, input }) {
      await app.repos.users.setLang(caller.userId, input.lang, by(caller));
      return { message: "language.changed", data: { lang: input.lang } };
    },
  }),

  list: command({
    access: { module: "users", right: "view" },
    input: listInput("users"),
    async handler({ app, caller, input, form }) {
      const { rows, total, estimate } = await app.repos.users.list(
        input,
        filtersOf(form, USER_FILTER_EXTRAS),
        scopeOf(caller),
      );
      return { data: listAnswer(input, rows, total, estimate) };
    },
  }),

  export: command({
    access: { module: "users", right: "view" },
    input: listInput("users"),
    async handler({ app, caller, input, form, reply }) {
      const columns = exportColumns(input.columns, USER_EXPORT_COLUMNS);
      return sendCsv(
        reply,
        "users.csv",
        columns,
        app.repos.users.exportBatches(input, filtersOf(form, USER_FILTER_EXTRAS), scopeOf(caller)),
      );
    },
  }),

  get: command({
    access: { module: "users", right: "view" },
    input: idInput,
    async handler({ app, caller, input }) {
      const record = await app.repos.users.get(input.id, scopeOf(caller));
      if (!record) throw notFound();
      return { data: record };
    },
  }),

  create: command({
    access: { module: "users", right: "add" },
    input: createUserInputSchema,
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

  update: command({
    access: { module: "users", right: "modify" },
    input: updateUserInputSchema,
    // The user edited is within the caller's reach (checked before the handler runs).
    target: { user: "id", act: "edit" },
    maxFileBytes: IMAGE_PART_BYTES,
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
        await app.repos.transaction(async (tx) => {
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

  impact: command({
    access: { module: "users", right: "modify" },
    input: idInput,
    target: { user: "id", act: "act" },
    async handler({ app, caller, input }) {
      const user = await app.repos.users.findById(input.id, scopeOf(caller));
      if (!user) throw notFound();
      return { data: await deletionImpact(app, userBinRecord(user)) };
    },
  }),

  /** To the recycle bin, each user with its progress and attempts; sessions end (issue 13). */
  delete: command({
    access: { module: "users", right: "modify" },
    input: bulkUserInput,
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

  ...recycleBinCommands("user", "users"),

  activate: command({
    access: { module: "users", right: "modify" },
    input: bulkUserInput,
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count = await app.repos.transaction(async (tx) => {
        const targets = await bulkUsers(app, tx, caller, input, form, "modify");
        const ids = targets.map((u) => u.id);
        await app.repos.users.setStatusMany(tx, ids, USER_STATUS.active, by(caller));
        return ids.length;
      });
      return { message: "users.activated", data: { count } };
    },
  }),

  deactivate: command({
    access: { module: "users", right: "modify" },
    input: bulkUserInput,
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count = await app.repos.transaction(async (tx) => {
        const targets = await bulkUsers(app, tx, caller, input, form, "modify");
        const ids = targets.map((u) => u.id);
        await app.repos.users.setStatusMany(tx, ids, USER_STATUS.inactive, by(caller));
        for (const id of ids) await app.auth.revokeUserSessions(tx, id);
        return ids.length;
      });
      return { message: "users.deactivated", data: { count } };
    },
  }),

  resendactivation: command({
    access: { module: "users", right: "modify" },
    input: bulkUserInput,
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

  bulkupload: command({
    access: { module: "users", right: "add" },
    target: { byHandler: "rows" },
    maxFileBytes: MAX_BULK_UPLOAD_BYTES,
    handler: (ctx) => runBulkUpload(ctx),
  }),

  // The examples carry a real school code: `schoolId`'s (a school's Users tab) when reached.
  template: command({
    access: { module: "users", right: "add" },
    input: templateInput,
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

/**
 * The users a bulk action names (`id`, `ids` or `allMatching` with the list fields), each checked
 * as one user is (services/user-authority): in scope (else 404), not the caller and not above the
 * caller's rights (else 403); for an activation link, also not yet registered (else 422). Run
 * inside the action's transaction, so that one refusal leaves every user as it was.
 */
async function bulkUsers(
  app: FastifyInstance,
  db: Executor,
  caller: Caller,
  input: BulkUserInput,
  form: RequestForm,
  check: "modify" | "unregistered",
) {
  const targets = bulkTargets(form, input.id);
  let rows;
  if ("allMatching" in targets) {
    rows = await app.repos.users.findMatching(
      input,
      filtersOf(form, USER_FILTER_EXTRAS),
      scopeOf(caller),
      db,
    );
  } else {
    rows = await app.repos.users.findManyInScope(targets.ids, scopeOf(caller), db);
    if (rows.length !== targets.ids.length) throw notFound();
  }
  await assertUsersInReach(app, caller, rows, db);
  if (check === "unregistered" && rows.some((u) => u.registered === 1)) {
    throw invalidField(targetsField(targets), "validation.invalidValue");
  }
  return rows;
}

/** Reset (forgot password) and set (activation) links: single use; sessions end. */
async function usePasswordLink(
  app: FastifyInstance,
  address: string,
  kind: "reset" | "activation",
  token: string,
  newPassword: string,
  audit: AuditNote,
) {
  const expired = () =>
    new ApiError(410, kind === "reset" ? "auth.forgotLinkExpired" : "auth.passwordSetFailed");
  // The link is counted and checked before any hashing work (issue 12).
  await checkPasswordLink(app, address, kind, token, expired);
  if (app.auth.isCommon(newPassword))
    throw invalidField("newPassword", "validation.passwordCommon");
  const hash = await app.auth.hashPassword(newPassword);
  const done = await app.repos.transaction(async (tx) => {
    const link = await app.auth.consumeLink(tx, kind, token);
    if (!link) return false;
    // The audit trail names the link's user as the one who set the password.
    const user = await app.repos.users.findById(link.userId, undefined, tx);
    if (user) {
      audit.actor = {
        id: user.id,
        name: user.userName,
        roleId: user.roleId,
        schoolId: user.schoolId,
      };
    }
    audit.recordIds = [link.userId];
    await app.repos.users.setPassword(tx, link.userId, hash, null);
    await app.auth.revokeUserSessions(tx, link.userId);
    return true;
  });
  if (!done) throw expired();
  return { message: kind === "reset" ? ("auth.resetDone" as const) : ("auth.setDone" as const) };
}
