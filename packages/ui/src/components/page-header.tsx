import type * as React from "react";
import { cn } from "../lib/cn";

type PageHeaderProps = Omit<React.ComponentProps<"header">, "title"> & {
  /** The page's heading (an h1). */
  title: React.ReactNode;
  /** A line under the title. */
  description?: React.ReactNode;
  /** Shown above the title, for example breadcrumbs or a back link. */
  eyebrow?: React.ReactNode;
  /** Buttons at the end of the header, for example "Create New School". */
  actions?: React.ReactNode;
};

/** The title block at the top of a page, with its actions. */
function PageHeader({
  title,
  description,
  eyebrow,
  actions,
  className,
  ...props
}: PageHeaderProps) {
  return (
    <header
      data-slot="page-header"
      className={cn("flex flex-wrap items-end justify-between gap-x-6 gap-y-3 pb-6", className)}
      {...props}
    >
      <div className="flex min-w-0 flex-col gap-1">
        {eyebrow ? <div className="text-sm text-muted-foreground">{eyebrow}</div> : null}
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

export { PageHeader };
export type { PageHeaderProps };
