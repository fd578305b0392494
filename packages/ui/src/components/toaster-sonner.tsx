import * as React from "react";
import { Toaster as Sonner } from "sonner";
import { cn } from "../lib/cn";
import { markToasterListening } from "../lib/toaster-listening";
import { POPOVERS, showToastLayer } from "../lib/toast-layer";

type ToasterProps = React.ComponentProps<typeof Sonner>;

/** Sonner's toaster in the house style, loaded by `Toaster` with the first toast. */
function SonnerToaster({
  position = "top-right",
  toastOptions,
  className,
  ...props
}: ToasterProps) {
  const layer = React.useRef<HTMLDivElement>(null);
  React.useLayoutEffect(() => showToastLayer(layer.current!), []);
  // After sonner's own effect (a child's effects run first): it listens from now on.
  React.useEffect(markToasterListening, []);
  return (
    <div
      ref={layer}
      popover={POPOVERS ? "manual" : undefined}
      data-slot="toaster-layer"
      className="pointer-events-none fixed inset-0 z-[999999999] m-0 size-auto overflow-visible border-0 bg-transparent p-0 text-inherit [&_[data-sonner-toaster]]:pointer-events-auto"
    >
      <Sonner
        data-slot="toaster"
        position={position}
        className={cn("toaster", className)}
        toastOptions={{
          ...toastOptions,
          classNames: {
            toast:
              "!rounded-card !border !border-border !bg-surface !text-surface-foreground !shadow-lg !gap-3",
            title: "!text-sm !font-medium",
            description: "!text-sm !text-muted-foreground",
            success: "[&_[data-icon]]:!text-success",
            error: "[&_[data-icon]]:!text-destructive",
            warning: "[&_[data-icon]]:!text-warning-soft-foreground",
            info: "[&_[data-icon]]:!text-primary",
            actionButton: "!bg-primary !text-primary-foreground",
            cancelButton: "!bg-muted !text-foreground",
            closeButton: "!border-border !bg-surface !text-foreground",
            ...toastOptions?.classNames,
          },
        }}
        {...props}
      />
    </div>
  );
}

export default SonnerToaster;
export type { ToasterProps };
