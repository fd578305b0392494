import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";
import { InboxIcon } from "../lib/icons";

const emptyStateVariants = cva("flex flex-col items-center justify-center text-center", {
  variants: {
    size: {
      default: "gap-3 px-6 py-16",
      compact: "gap-2 px-4 py-10",
    },
  },
  defaultVariants: { size: "default" },
});

type EmptyStateProps = Omit<React.ComponentProps<"div">, "title"> &
  VariantProps<typeof emptyStateVariants> & {
    title: React.ReactNode;
    description?: React.ReactNode;
    /** An icon; an inbox by default. Pass `null` for none. */
    icon?: React.ReactNode;
    /** A call to action, for example a "Create" button. */
    action?: React.ReactNode;
  };

/** What a list or page shows when it has nothing to show. */
function EmptyState({
  title,
  description,
  icon = <InboxIcon />,
  action,
  size,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn(emptyStateVariants({ size }), className)} {...props}>
      {icon ? (
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">
          {icon}
        </div>
      ) : null}
      <p className="text-base font-semibold text-foreground">{title}</p>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export { EmptyState, emptyStateVariants };
export type { EmptyStateProps };
