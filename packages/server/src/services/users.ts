import { ROLE_IDS, USER_STATUS, type UserValues, type bulkUserInput } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../db/client";
import { bulkTargets, targetsField } from "../lib/bulk-targets";
import { by, scopeOf, type Caller } from "./caller";
import { filtersOf } from "../lib/command-io";
import { ApiError, fieldError, invalidField, notFound } from "../lib/errors";
import type { RequestForm, UploadedFile } from "../lib/form";
import { newStorageKey } from "../lib/storage";
import { checkImage } from "../lib/uploads";
import type { UserWrite } from "../plugins/app/repositories/users-repository";
import type { BinRecord } from "./recycle-bin";
import { assertMayGiveRole, assertUsersInReach, type TargetUser } from "./user-authority";

/** The fields besides the list's own that the users' list and bulk actions filter on. */
export const USER_FILTER_EXTRAS = ["schoolId", "roleId"] as const;

type BulkUserInput = (typeof bulkUserInput)["_zod"]["output"];

export function userBinRecord(user: {
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
export async function storePhoto(app: FastifyInstance, file: UploadedFile | undefined) {
  if (!file || file.size === 0) return undefined;
  const checked = await checkImage(file, "photo");
  const key = newStorageKey("photos", checked.extension);
  await app.storage.put(key, checked.data);
  return key;
}

/**
 * 409 with SPEC.md §8's conflict text when another user has this user name or e-mail, each taken
 * field marked (issue 13: the user is told which one).
 */
export async function assertNameAndEmailFree(
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

/**
 * The users a bulk action names (`id`, `ids` or `allMatching` with the list fields), each checked
 * as one user is (services/user-authority): in scope (else 404), not the caller and not above the
 * caller's rights (else 403); for an activation link, also not yet registered (else 422). Run
 * inside the action's transaction, so that one refusal leaves every user as it was.
 */
export async function bulkUsers(
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

/** Activates or deactivates the users a bulk action names, all or none; a deactivated one's sessions end. */
export async function setUsersStatus(
  app: FastifyInstance,
  caller: Caller,
  input: BulkUserInput,
  form: RequestForm,
  status: 0 | 1,
): Promise<number> {
  return app.repos.transaction(async (tx) => {
    const targets = await bulkUsers(app, tx, caller, input, form, "modify");
    const ids = targets.map((u) => u.id);
    await app.repos.users.setStatusMany(tx, ids, status, by(caller));
    if (status === USER_STATUS.inactive) {
      for (const id of ids) await app.auth.revokeUserSessions(tx, id);
    }
    return ids.length;
  });
}
