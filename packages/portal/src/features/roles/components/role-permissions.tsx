import { RIGHTS, type Permissions } from "@lms/core";
import { PermissionMatrix } from "@lms/ui";
import { useMemo } from "react";
import { useT } from "../../../lib/i18n";
import { useRoleModules } from "../api/use-roles";
import { toPermissions } from "../utils/permissions";

/**
 * A role's matrix of modules × rights (SPEC.md §3, §6) in the user's language: editable with
 * select-all and whole-row selection, or read-only on the view page.
 */
export function RolePermissions({
  value,
  onChange,
  readOnly = false,
  labelledBy,
}: {
  value: Permissions;
  onChange?: (next: Permissions) => void;
  readOnly?: boolean;
  /** Id of the heading or legend that names the matrix. */
  labelledBy?: string;
}) {
  const t = useT();
  const { modules } = useRoleModules();
  const rows = useMemo(
    () => modules.map((key) => ({ key, label: t(`roles.module.${key}`) })),
    [modules, t],
  );
  const labels = useMemo(
    () => ({
      module: t("roles.module"),
      selectAll: t("roles.selectAll"),
      rights: Object.fromEntries(RIGHTS.map((right) => [right, t(`roles.right.${right}`)])),
      selectRow: (module: string) => t("roles.selectRow", { module }),
      cell: (module: string, right: string) => t("roles.permissionCell", { module, right }),
    }),
    [t],
  );
  return (
    <PermissionMatrix
      role="group"
      aria-labelledby={labelledBy}
      modules={rows}
      rights={RIGHTS}
      value={value}
      readOnly={readOnly}
      // The matrix answers with the modules it shows; the others keep what they had.
      onChange={onChange ? (next) => onChange(toPermissions({ ...value, ...next })) : undefined}
      labels={labels}
    />
  );
}
