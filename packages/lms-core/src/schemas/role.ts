import { z } from "zod";
import { PERMISSION_MODULES, RIGHTS, type PermissionModule, type Right } from "../constants";
import { booleanField, jsonField, optionalText, requiredText } from "../validation/rules";

export type Rights = Record<Right, boolean>;
export type Permissions = Record<PermissionModule, Rights>;

const rightsSchema = z.object(
  Object.fromEntries(RIGHTS.map((r) => [r, z.boolean().default(false)])) as Record<
    Right,
    z.ZodDefault<z.ZodBoolean>
  >,
);

/** Every module present; a missing module or right means no access. */
export const permissionsSchema = z
  .partialRecord(z.enum(PERMISSION_MODULES), rightsSchema)
  .transform(
    (value) =>
      Object.fromEntries(
        PERMISSION_MODULES.map((m) => [m, { ...noRights(), ...(value[m] ?? {}) }]),
      ) as Permissions,
  );

export function noRights(): Rights {
  return { access: false, add: false, view: false, modify: false };
}

export function emptyPermissions(): Permissions {
  return Object.fromEntries(PERMISSION_MODULES.map((m) => [m, noRights()])) as Permissions;
}

export function fullPermissions(): Permissions {
  return Object.fromEntries(
    PERMISSION_MODULES.map((m) => [m, { access: true, add: true, view: true, modify: true }]),
  ) as Permissions;
}

/** True when `inner` grants nothing that `outer` does not (a school admin cannot give more). */
export function permissionsWithin(inner: Permissions, outer: Permissions): boolean {
  return PERMISSION_MODULES.every((m) => RIGHTS.every((r) => !inner[m][r] || outer[m][r]));
}

export const roleSchema = z.object({
  roleName: requiredText({ min: 2, max: 50 }),
  description: optionalText({ max: 255 }),
  enabled: booleanField().default(true),
  permissions: jsonField(permissionsSchema).default(emptyPermissions),
});

export type RoleInput = z.input<typeof roleSchema>;
export type RoleValues = z.output<typeof roleSchema>;
