import type { UserRecord } from "@lms/core";

/** The user form's values: every field as the inputs hold it, text. */
type LoadRow = { grade: string; subject: string; section: string };
export type ParentValues = { firstName: string; lastName: string; email: string; mobile: string };

export type UserFormValues = {
  salutation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  userName: string;
  email: string;
  employeeNumber: string;
  learningReferenceNumber: string;
  roleId: string;
  schoolId: string;
  schoolYearFrom: string;
  schoolYearTo: string;
  grade: string;
  section: string;
  subject: string;
  title: string;
  assignedLoad: LoadRow[];
  parent: ParentValues;
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

export function defaultsFrom(
  user: UserRecord | undefined,
  schoolId: number | null,
): UserFormValues {
  return {
    salutation: text(user?.salutation),
    firstName: text(user?.firstName),
    middleName: text(user?.middleName),
    lastName: text(user?.lastName),
    suffix: text(user?.suffix),
    userName: text(user?.userName),
    email: text(user?.email),
    employeeNumber: text(user?.employeeNumber),
    learningReferenceNumber: text(user?.learningReferenceNumber),
    roleId: text(user?.roleId),
    schoolId: text(user?.schoolId ?? schoolId),
    schoolYearFrom: text(user?.schoolYearFrom),
    schoolYearTo: text(user?.schoolYearTo),
    grade: text(user?.grade),
    section: text(user?.section),
    subject: text(user?.subject),
    title: text(user?.title),
    assignedLoad: (user?.assignedLoad ?? []).map((row) => ({
      grade: text(row.grade),
      subject: row.subject,
      section: row.section,
    })),
    parent: {
      firstName: text(user?.parent?.firstName),
      lastName: text(user?.parent?.lastName),
      email: text(user?.parent?.email),
      mobile: text(user?.parent?.mobile),
    },
  };
}

export const FIELD_NAMES = [
  ...Object.keys(defaultsFrom(undefined, null)),
  "parent.firstName",
  "parent.lastName",
  "parent.email",
  "parent.mobile",
  ...Array.from({ length: 50 }, (_, i) => [
    `assignedLoad.${i}.grade`,
    `assignedLoad.${i}.subject`,
    `assignedLoad.${i}.section`,
  ]).flat(),
];
