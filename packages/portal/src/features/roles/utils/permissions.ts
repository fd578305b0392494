import {
  PERMISSION_MODULES,
  RIGHTS,
  noRights,
  type PermissionModule,
  type Permissions,
  type RoleRecord,
  type Timestamps,
} from "@lms/core";

const KNOWN = new Set<string>(PERMISSION_MODULES);

function isModule(value: unknown): value is PermissionModule {
  return typeof value === "string" && KNOWN.has(value);
}

/**
 * Any permissions value (the matrix's value, a record's object, or the JSON text the wire
 * carries) as the complete matrix: every module, every right, true only where granted.
 */
export function toPermissions(value: unknown): Permissions {
  let source: unknown = value;
  if (typeof source === "string") {
    try {
      source = JSON.parse(source);
    } catch {
      source = null;
    }
  }
  const modules = (source && typeof source === "object" ? source : {}) as Record<string, unknown>;
  return Object.fromEntries(
    PERMISSION_MODULES.map((module) => {
      const granted = modules[module];
      const rights = noRights();
      if (granted && typeof granted === "object") {
        for (const right of RIGHTS)
          rights[right] = (granted as Record<string, unknown>)[right] === true;
      }
      return [module, rights];
    }),
  ) as Permissions;
}

/** How many of a role's rights are granted, out of all of them. */
export function grantedCount(permissions: Permissions): { granted: number; total: number } {
  let granted = 0;
  for (const module of PERMISSION_MODULES)
    for (const right of RIGHTS) if (permissions[module][right]) granted += 1;
  return { granted, total: PERMISSION_MODULES.length * RIGHTS.length };
}

/**
 * The modules the server's `modules` command lists, in its order, keeping only those the portal
 * has texts for. The answer may be a list of keys or of `{ key }` objects, bare or under
 * `modules`; when it is missing or names nothing known, every module of API.md is shown.
 */
export function moduleKeysFrom(answer: unknown): PermissionModule[] {
  const list: unknown =
    answer && typeof answer === "object" && !Array.isArray(answer)
      ? (answer as { modules?: unknown }).modules
      : answer;
  if (!Array.isArray(list)) return [...PERMISSION_MODULES];
  const keys: PermissionModule[] = [];
  for (const item of list) {
    const key =
      item && typeof item === "object"
        ? ((item as { key?: unknown; module?: unknown; name?: unknown }).key ??
          (item as { module?: unknown }).module ??
          (item as { name?: unknown }).name)
        : item;
    if (isModule(key) && !keys.includes(key)) keys.push(key);
  }
  return keys.length > 0 ? keys : [...PERMISSION_MODULES];
}

/** The values a role form starts with: an empty, enabled role, or the role being edited. */
export function roleFormDefaults(role?: RoleRecord) {
  return {
    roleName: role?.roleName ?? "",
    description: role?.description ?? "",
    enabled: role?.enabled ?? true,
    permissions: toPermissions(role?.permissions),
  };
}

/** The fields of a create or update command; nested permissions travel as JSON text (API.md). */
export function roleCommandFields(
  values: { roleName: string; description: string; enabled: boolean; permissions: unknown },
  id?: number,
) {
  return {
    ...(id ? { id } : {}),
    roleName: values.roleName,
    description: values.description,
    enabled: values.enabled,
    permissions: JSON.stringify(toPermissions(values.permissions)),
  };
}

/**
 * SPEC.md §3 timestamp object: the created part always, the updated part only when updatedBy
 * is set.
 */
export function visibleTimestamps(record: Timestamps): {
  created: { at: string; by: string | null };
  updated: { at: string | null; by: string } | null;
} {
  const updatedBy = record.updatedBy?.trim();
  return {
    created: { at: record.createdAt, by: record.createdBy },
    updated: updatedBy ? { at: record.updatedAt, by: updatedBy } : null,
  };
}

/** The role id of a route parameter, or null for anything that is not one ('create' included). */
export function roleIdFrom(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
