import { ROLE_IDS } from "@lms/core";
import { paths } from "../app/paths";

/**
 * Where a class's details open: inside its school's pages, except for a teacher, who reaches its
 * classes from its own Classes entry.
 */
export function classDetailsHref(
  record: { id: string; schoolId: number },
  roleId: number | string | undefined,
): string {
  return Number(roleId) === ROLE_IDS.teacher
    ? paths.classes.details.getHref(record.id)
    : paths.schools.classDetails.getHref(record.schoolId, record.id);
}

/** Whether the session may see classes (the server's rule: users view, or a teacher's load). */
export function canSeeClasses(
  roleId: number | string | undefined,
  permissions: { users: { view: boolean }; courses: { view: boolean } } | null | undefined,
): boolean {
  if (!permissions) return false;
  if (Number(roleId) === ROLE_IDS.teacher) return permissions.courses.view;
  return permissions.users.view;
}
