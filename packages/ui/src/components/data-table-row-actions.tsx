import type * as React from "react";
import { cn } from "../lib/cn";
import { MoreHorizontalIcon, PencilIcon } from "../lib/icons";
import { ActionMenu } from "./action-menu";
import { withDefaultLabels, type DataTableLabels } from "./data-table-state";
import { IconButton } from "./icon-button";
import { TableCell, TableHead } from "./table";

/** An entry of a row's actions menu. */
type DataTableRowAction = {
  label: string;
  onSelect: () => void;
  /** Painted red, for deletes. */
  destructive?: boolean;
  disabled?: boolean;
};

type DataTableRowActionsProps = {
  /** Names the row in the buttons' accessible names ("Edit Rizal High School"). */
  rowLabel: string;
  /** Adds an edit button. */
  onEdit?: () => void;
  /** Entries of the actions menu; no menu when empty. */
  actions?: readonly DataTableRowAction[];
  labels?: Partial<Pick<DataTableLabels, "editRow" | "rowActions">>;
};

/** A row's edit button and its "more actions" menu (status change, delete...). */
function DataTableRowActions({
  rowLabel,
  onEdit,
  actions = [],
  labels: labelsProp,
}: DataTableRowActionsProps) {
  const labels = withDefaultLabels(labelsProp);
  return (
    <div className="inline-flex items-center gap-1">
      {onEdit ? (
        <IconButton size="sm" label={labels.editRow(rowLabel)} onClick={onEdit}>
          <PencilIcon />
        </IconButton>
      ) : null}
      {actions.length > 0 ? (
        <ActionMenu
          trigger={
            <IconButton size="sm" label={labels.rowActions(rowLabel)}>
              <MoreHorizontalIcon />
            </IconButton>
          }
          items={actions}
        />
      ) : null}
    </div>
  );
}

// The actions column stays in view at the end of a table that scrolls sideways (narrow screens,
// long values), so a row's actions are always one tap away.
const stickyEnd =
  "sticky end-0 text-end whitespace-nowrap shadow-[inset_1px_0_0_var(--color-border)]";

/** The actions column's header cell, pinned to the table's end. */
function DataTableActionsHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <TableHead
      scope="col"
      data-slot="data-table-actions"
      className={cn(stickyEnd, "w-px bg-muted", className)}
      {...props}
    />
  );
}

/** A row's actions cell, pinned to the table's end. */
function DataTableActionsCell({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <TableCell
      data-slot="data-table-actions"
      className={cn(stickyEnd, "bg-surface py-1", className)}
      {...props}
    />
  );
}

export { DataTableActionsCell, DataTableActionsHead, DataTableRowActions };
export type { DataTableRowAction, DataTableRowActionsProps };
