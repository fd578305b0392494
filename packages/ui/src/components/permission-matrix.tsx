import type * as React from "react";
import { cn } from "../lib/cn";
import { Checkbox } from "./checkbox";
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from "./table";

// SPEC.md §3 and §6: a role's permissions per module, with the rights access, add, view, modify.
const PERMISSION_RIGHTS = ["access", "add", "view", "modify"] as const;

/** Granted rights per module key: `{ courses: { access: true, view: true } }`. */
type PermissionValue = Record<string, Record<string, boolean>>;

type PermissionMatrixModule = { key: string; label: string; description?: string };

type PermissionMatrixLabels = {
  /** Header of the module column. */
  module: string;
  /** Name of the checkbox that selects every right of every module. */
  selectAll: string;
  /** Each right's column header. */
  rights: Record<string, string>;
  /** Name of the checkbox that selects a whole row. */
  selectRow: (module: string) => string;
  /** Name of one cell's checkbox. */
  cell: (module: string, right: string) => string;
};

const defaultLabels: PermissionMatrixLabels = {
  module: "Module",
  selectAll: "Select all",
  rights: { access: "Access", add: "Add", view: "View", modify: "Modify" },
  selectRow: (module) => `All rights for ${module}`,
  cell: (module, right) => `${right} ${module}`,
};

type PermissionMatrixProps = Omit<React.ComponentProps<"div">, "onChange"> & {
  modules: readonly PermissionMatrixModule[];
  /** The rights, as columns; access, add, view and modify by default. */
  rights?: readonly string[];
  value: PermissionValue;
  onChange?: (next: PermissionValue) => void;
  /** Shows the grants without letting them change (the role's view page). */
  readOnly?: boolean;
  labels?: Partial<PermissionMatrixLabels>;
};

type CheckState = boolean | "indeterminate";

function toCheckState(granted: number, total: number): CheckState {
  if (total > 0 && granted === total) return true;
  return granted > 0 ? "indeterminate" : false;
}

/** A modules × rights grid of checkboxes, with select-all and whole-row selection. */
function PermissionMatrix({
  modules,
  rights = PERMISSION_RIGHTS,
  value,
  onChange,
  readOnly = false,
  labels: labelsProp,
  className,
  ...props
}: PermissionMatrixProps) {
  const labels = {
    ...defaultLabels,
    ...labelsProp,
    rights: { ...defaultLabels.rights, ...labelsProp?.rights },
  };
  const rightLabel = (right: string) => labels.rights[right] ?? right;
  const has = (module: string, right: string) => value[module]?.[right] === true;

  const setMany = (cells: readonly (readonly [string, string])[], granted: boolean) => {
    const next: PermissionValue = {};
    for (const module of modules) next[module.key] = { ...value[module.key] };
    for (const [module, right] of cells) {
      const row = next[module] ?? (next[module] = {});
      row[right] = granted;
    }
    onChange?.(next);
  };

  const allCells = modules.flatMap((module) => rights.map((right) => [module.key, right] as const));
  const allState = toCheckState(allCells.filter(([m, r]) => has(m, r)).length, allCells.length);

  return (
    <TableContainer
      data-slot="permission-matrix"
      data-readonly={readOnly || undefined}
      className={className}
      {...props}
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">
              {readOnly ? (
                labels.module
              ) : (
                <span className="flex items-center gap-3">
                  <Checkbox
                    aria-label={labels.selectAll}
                    checked={allState}
                    onCheckedChange={() => setMany(allCells, allState !== true)}
                  />
                  {labels.module}
                </span>
              )}
            </TableHead>
            {rights.map((right) => (
              <TableHead key={right} scope="col" className="w-24 text-center">
                {rightLabel(right)}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {modules.map((module) => {
            const rowCells = rights.map((right) => [module.key, right] as const);
            const rowState = toCheckState(
              rights.filter((right) => has(module.key, right)).length,
              rights.length,
            );
            return (
              <TableRow key={module.key}>
                <th scope="row" className="px-4 py-3 text-start font-medium text-foreground">
                  <span className="flex items-center gap-3">
                    {readOnly ? null : (
                      <Checkbox
                        aria-label={labels.selectRow(module.label)}
                        checked={rowState}
                        onCheckedChange={() => setMany(rowCells, rowState !== true)}
                      />
                    )}
                    <span className="flex flex-col">
                      {module.label}
                      {module.description ? (
                        <span className="text-xs font-normal text-muted-foreground">
                          {module.description}
                        </span>
                      ) : null}
                    </span>
                  </span>
                </th>
                {rights.map((right) => (
                  <TableCell key={right} className="py-3 text-center">
                    <Checkbox
                      aria-label={labels.cell(module.label, rightLabel(right))}
                      checked={has(module.key, right)}
                      disabled={readOnly}
                      onCheckedChange={(checked) =>
                        setMany([[module.key, right]], checked === true)
                      }
                      className={cn(
                        "align-middle",
                        readOnly && "disabled:cursor-default disabled:opacity-100",
                      )}
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export { PERMISSION_RIGHTS, PermissionMatrix };
export type {
  PermissionMatrixLabels,
  PermissionMatrixProps,
  PermissionMatrixModule,
  PermissionValue,
};
