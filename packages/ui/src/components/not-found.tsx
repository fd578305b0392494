import type * as React from "react";
import { cn } from "../lib/cn";
import { CompassIcon } from "../lib/icons";

type NotFoundProps = Omit<React.ComponentProps<"main">, "title"> & {
  /** The heading, for example "Page not found". */
  title: React.ReactNode;
  /** A sentence under the heading. */
  description?: React.ReactNode;
  /** The big code above the title; `null` shows none. */
  code?: React.ReactNode;
  /** A way back, for example a link to the home page. */
  action?: React.ReactNode;
};

/** The page shown for an unknown route. */
function NotFound({
  title,
  description,
  code = "404",
  action,
  className,
  ...props
}: NotFoundProps) {
  return (
    <main
      data-slot="not-found"
      className={cn(
        "flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 py-16 text-center",
        className,
      )}
      {...props}
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground [&_svg]:size-8">
        <CompassIcon />
      </div>
      {code === null ? null : (
        <p className="text-5xl font-bold tracking-tight text-primary">{code}</p>
      )}
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
      {description ? (
        <p className="max-w-md text-base text-muted-foreground">{description}</p>
      ) : null}
      {action ? <div className="mt-2 flex gap-2">{action}</div> : null}
    </main>
  );
}

export { NotFound };
export type { NotFoundProps };
