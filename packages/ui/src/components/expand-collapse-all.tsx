import type * as React from "react";
import { cn } from "../lib/cn";
import { ChevronsDownUpIcon, ChevronsUpDownIcon } from "../lib/icons";
import { Button } from "./button";

type ExpandCollapseAllProps = React.ComponentProps<"div"> & {
  /** Whether every section is open, every one is closed, or some of each. */
  state: "expanded" | "collapsed" | "mixed";
  onExpandAll: () => void;
  onCollapseAll: () => void;
  expandAllLabel?: string;
  collapseAllLabel?: string;
};

/** Two buttons that open or close every section of a list (course elements and materials). */
function ExpandCollapseAll({
  state,
  onExpandAll,
  onCollapseAll,
  expandAllLabel = "Expand all",
  collapseAllLabel = "Collapse all",
  className,
  ...props
}: ExpandCollapseAllProps) {
  return (
    <div
      data-slot="expand-collapse-all"
      className={cn("inline-flex items-center gap-1", className)}
      {...props}
    >
      <Button variant="ghost" size="sm" disabled={state === "expanded"} onClick={onExpandAll}>
        <ChevronsUpDownIcon />
        {expandAllLabel}
      </Button>
      <Button variant="ghost" size="sm" disabled={state === "collapsed"} onClick={onCollapseAll}>
        <ChevronsDownUpIcon />
        {collapseAllLabel}
      </Button>
    </div>
  );
}

export { ExpandCollapseAll };
export type { ExpandCollapseAllProps };
