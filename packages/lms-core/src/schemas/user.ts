import { z } from "zod";
import { GLOBAL_ROLE_IDS, LANGUAGES, ROLE_IDS, type RoleId } from "../constants";
import { encodeMessage } from "../validation/message";
import {
  emailAddress,
  integerField,
  jsonField,
  oneOf,
  optionalIntegerField,
  optionalText,
  personName,
  text,
  userName,
  versionField,
} from "../validation/rules";

const salutationOrSuffix = () => optionalText({ max: 10, name: true });

export const assignedLoadRowSchema = z.object({
  grade: integerField(1, 12),
  subject: text({ required: true, max: 100 }),
  section: text({ required: true, max: 50 }),
});

export const parentInfoSchema = z.object({
  firstName: personName(false),
  lastName: personName(false),
  email: emailAddress(false),
  mobile: optionalText({
    min: 7,
    minMessage: "minChars",
    max: 15,
    pattern: { regex: /^\+?\d+$/, key: "validation.number" },
  }),
});

const schoolYear = () => optionalIntegerField(2000, 2100);

/** The fields a user form and the user commands share (SPEC.md §3, API.md). */
export const userFieldsSchema = z.object({
  salutation: salutationOrSuffix(),
  firstName: personName(true),
  middleName: personName(false),
  lastName: personName(true),
  suffix: salutationOrSuffix(),
  userName: userName(),
  email: emailAddress(true),
  employeeNumber: optionalText({
    min: 4,
    minMessage: "minChars",
    max: 20,
    pattern: { regex: /^[A-Za-z0-9-]+$/, key: "validation.nameFormat" },
  }),
  learningReferenceNumber: optionalText({
    pattern: { regex: /^\d{12}$/, key: "validation.lrnFormat" },
  }),
  roleId: integerField(1, 1_000_000),
  schoolId: optionalIntegerField(1, 2_147_483_647),
  schoolYearFrom: schoolYear(),
  schoolYearTo: schoolYear(),
  grade: optionalIntegerField(1, 12),
  section: optionalText({ max: 50 }),
  subject: optionalText({ max: 100 }),
  title: optionalText({ max: 50 }),
  assignedLoad: jsonField(z.array(assignedLoadRowSchema).max(50)).default([]),
  parent: jsonField(parentInfoSchema.partial()).optional(),
  children: jsonField(z.array(z.coerce.number().int().positive()).max(20)).default([]),
  subscriptionType: optionalText({ max: 20 }),
  lang: z.union([z.literal(""), oneOf(LANGUAGES)]).optional(),
});

type UserFields = z.output<typeof userFieldsSchema>;

/** Role-dependent rules: who needs which field (SPEC.md §3). */
export function checkUserByRole(value: Partial<UserFields>, ctx: z.RefinementCtx) {
  const add = (path: string, key: Parameters<typeof encodeMessage>[0]) =>
    ctx.addIssue({ code: "custom", path: [path], message: encodeMessage(key) });
  const roleId = value.roleId as RoleId | undefined;
  if (roleId === undefined) return;
  if (!GLOBAL_ROLE_IDS.includes(roleId) && value.schoolId === undefined) {
    add("schoolId", "validation.schoolRequired");
  }
  if (roleId === ROLE_IDS.teacher && !value.employeeNumber) {
    add("employeeNumber", "validation.employeeNumberRequired");
  }
  if (roleId === ROLE_IDS.student) {
    if (!value.learningReferenceNumber) add("learningReferenceNumber", "validation.lrnRequired");
    if (value.grade === undefined) add("grade", "validation.gradeRequired");
  }
  if (
    value.schoolYearFrom !== undefined &&
    value.schoolYearTo !== undefined &&
    value.schoolYearTo <= value.schoolYearFrom
  ) {
    add("schoolYearTo", "validation.schoolYearOrder");
  }
}

export const createUserInputSchema = userFieldsSchema.superRefine(checkUserByRole);
export const updateUserInputSchema = userFieldsSchema
  .extend({ id: z.coerce.number().int().positive(), version: versionField() })
  .superRefine(checkUserByRole);

/** One's own profile: names, e-mail, language. Role, school and username stay as they are. */
/**
 * My profile's fields. `currentPassword` is asked only when the e-mail address changes (the
 * server checks it then: a wrong one is a 422 on that field).
 */
export const updateProfileSchema = userFieldsSchema
  .pick({
    salutation: true,
    firstName: true,
    middleName: true,
    lastName: true,
    suffix: true,
    email: true,
    lang: true,
  })
  .extend({ currentPassword: z.string().max(256).optional(), version: versionField() });

export type UserInput = z.input<typeof createUserInputSchema>;
export type UserValues = z.output<typeof createUserInputSchema>;
export type AssignedLoadRow = z.output<typeof assignedLoadRowSchema>;
export type ParentInfo = z.output<typeof parentInfoSchema>;
export type ProfileInput = z.input<typeof updateProfileSchema>;
