import {
  PERMISSION_MODULES,
  RIGHTS,
  ROLE_NAMES,
  ROLE_IDS,
  emptyPermissions,
  type PermissionModule,
  type Permissions,
  type Right,
  type RoleId,
} from "@lms/core";
import type { Db } from "./client";
import { rolePermissions, roles } from "./schema";

/**
 * The production defaults of the built-in roles, seeded at every start whatever the demo data
 * (seed.ts holds the demo data only).
 */
const SEED = "seed";
const all = RIGHTS;
const read: Right[] = ["access", "view"];

/**
 * Seeded default permissions (ARCHITECTURE.md "Data", editable in the roles screen): admin and
 * rex admin everything; lsg schools and their users; school admin its school, users and courses;
 * teacher the courses and materials of its load; student its courses; parent reports.
 */
export const DEFAULT_ROLE_RIGHTS: Record<
  RoleId,
  Partial<Record<PermissionModule, readonly Right[]>>
> = {
  [ROLE_IDS.admin]: Object.fromEntries(PERMISSION_MODULES.map((m) => [m, all])),
  [ROLE_IDS.rexAdmin]: Object.fromEntries(PERMISSION_MODULES.map((m) => [m, all])),
  [ROLE_IDS.lsg]: { schools: all, users: all, roles: read },
  [ROLE_IDS.schoolAdmin]: {
    schools: ["access", "view", "modify"],
    users: all,
    roles: read,
    courses: all,
    materials: all,
    reports: read,
  },
  [ROLE_IDS.teacher]: {
    courses: ["access", "view", "add", "modify"],
    materials: ["access", "view", "add", "modify"],
  },
  [ROLE_IDS.student]: { courses: read },
  [ROLE_IDS.parent]: { reports: read },
};

export function defaultPermissions(roleId: RoleId): Permissions {
  const permissions = emptyPermissions();
  for (const [module, rights] of Object.entries(DEFAULT_ROLE_RIGHTS[roleId])) {
    for (const right of rights ?? []) permissions[module as PermissionModule][right] = true;
  }
  return permissions;
}

/** The built-in roles with SPEC.md's ids; idempotent, runs at every start. */
export async function seedRoles(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [id, name] of Object.entries(ROLE_NAMES)) {
      const roleId = Number(id) as RoleId;
      const inserted = await tx
        .insert(roles)
        .values({ id: roleId, roleName: name, builtIn: true, enabled: true, createdBy: SEED })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (inserted.length === 0) continue;
      const permissions = defaultPermissions(roleId);
      await tx.insert(rolePermissions).values(
        PERMISSION_MODULES.map((module) => ({
          roleId,
          module,
          ...permissions[module],
          createdBy: SEED,
        })),
      );
    }
  });
}
