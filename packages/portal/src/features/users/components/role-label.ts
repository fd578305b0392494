import { isRoleId, type MessageKey, type Translator } from "@lms/core";

/** A built-in role's name in the user's language; a custom role's own name. */
export function roleLabel(t: Translator["t"], roleId: number, roleName?: string | null): string {
  if (isRoleId(roleId)) return t(`roles.name.${roleId}` as MessageKey);
  return roleName ?? String(roleId);
}
