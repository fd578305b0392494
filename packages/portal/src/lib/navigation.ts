import {
  ROLE_IDS,
  auditReach,
  type MessageKey,
  type Permissions,
  type PermissionModule,
  type Profile,
} from "@lms/core";
import { paths } from "../app/paths";

export interface NavEntry {
  key: string;
  label: MessageKey;
  href: string;
  /** Which module's access right shows the entry. */
  module?: PermissionModule;
  /** Which right beyond access is needed (create entries need add). */
  right?: "add" | "view";
  /** Where the entry counts as the current page. */
  match: string;
  /** Only for these roles (a teacher's Classes: the classes of its load). */
  roleIds?: readonly number[];
}

/**
 * The side menu (SPEC.md §2): lsg and school admin get a single Schools entry, the school
 * admin's going to its own school; a student gets My courses and a parent the children's courses
 * (both /courses); other roles get the entries whose module their role may access.
 */
export function navigationFor(profile: Profile, permissions: Permissions | null): NavEntry[] {
  const audit = auditEntry(profile, permissions);
  return [...menuOf(profile, permissions), ...(audit ? [audit] : [])];
}

/** The Audit log, for those who may read it (global admins; a school admin, its school's). */
function auditEntry(profile: Profile, permissions: Permissions | null): NavEntry | null {
  const schoolId = profile.schoolId ? Number(profile.schoolId) : null;
  if (auditReach({ schoolId, permissions }) === null) return null;
  return {
    key: "audit",
    label: "nav.auditLog",
    href: paths.audit.list.getHref(),
    match: paths.audit.list.path,
  };
}

function menuOf(profile: Profile, permissions: Permissions | null): NavEntry[] {
  const roleId = Number(profile.roleId);
  if (roleId === ROLE_IDS.lsg) {
    return [
      {
        key: "schools",
        label: "nav.schools",
        href: paths.schools.list.getHref(),
        match: "/schools",
      },
    ];
  }
  if (roleId === ROLE_IDS.schoolAdmin && profile.schoolId) {
    return [
      {
        key: "schools",
        label: "nav.schools",
        href: paths.schools.details.getHref(profile.schoolId),
        match: "/schools",
      },
    ];
  }
  if (roleId === ROLE_IDS.student || roleId === ROLE_IDS.parent) {
    const student = roleId === ROLE_IDS.student;
    const entry: NavEntry = {
      key: "courses",
      label: student ? "journey.myCourses" : "journey.childrenCourses",
      href: paths.courses.list.getHref(),
      module: student ? "courses" : "reports",
      right: "view",
      match: "/courses",
    };
    const rights = permissions?.[entry.module!];
    return rights?.access && rights.view ? [entry] : [];
  }
  const entries: NavEntry[] = [
    {
      key: "schools",
      label: "nav.schoolManagement",
      href: paths.schools.list.getHref(),
      module: "schools",
      right: "view",
      match: "/schools",
    },
    {
      key: "schools-create",
      label: "nav.createSchool",
      href: paths.schools.create.getHref(),
      module: "schools",
      right: "add",
      match: "/schools/create",
    },
    {
      key: "users",
      label: "nav.userManagement",
      href: paths.users.list.getHref(),
      module: "users",
      right: "view",
      match: "/users",
    },
    {
      key: "users-create",
      label: "nav.createUser",
      href: paths.users.create.getHref(),
      module: "users",
      right: "add",
      match: "/users/create",
    },
    {
      key: "roles",
      label: "nav.rolesAndPermissions",
      href: paths.roles.list.getHref(),
      module: "roles",
      right: "view",
      match: "/roles-and-permissions",
    },
    {
      key: "courses",
      label: "nav.courses",
      href: paths.courses.list.getHref(),
      module: "courses",
      right: "view",
      match: "/courses",
    },
    {
      key: "classes",
      label: "nav.classes",
      href: paths.classes.list.getHref(),
      module: "courses",
      right: "view",
      match: "/classes",
      roleIds: [ROLE_IDS.teacher],
    },
    {
      key: "materials",
      label: "nav.materials",
      href: paths.materials.list.getHref(),
      module: "materials",
      right: "view",
      match: "/materials",
    },
  ];
  if (!permissions) return [];
  return entries.filter((entry) => {
    if (entry.roleIds && !entry.roleIds.includes(roleId)) return false;
    if (!entry.module) return true;
    const rights = permissions[entry.module];
    return rights.access && (!entry.right || rights[entry.right]);
  });
}

/** The entry that holds the current path: the longest match wins (Create New User over Users). */
export function activeEntry(entries: NavEntry[], pathname: string): NavEntry | undefined {
  return entries
    .filter((e) => pathname === e.match || pathname.startsWith(`${e.match}/`))
    .sort((a, b) => b.match.length - a.match.length)[0];
}

/** Where a user starts: the first entry of its menu (its profile when the menu is empty). */
export function homeHref(profile: Profile, permissions: Permissions | null): string {
  return navigationFor(profile, permissions)[0]?.href ?? paths.profile.details.getHref();
}
