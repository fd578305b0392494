import type * as React from "react";
import { cn } from "../lib/cn";
import { WifiOffIcon } from "../lib/icons";

type OfflineBannerProps = React.ComponentProps<"div"> & {
  /** Shows the banner; nothing renders when false. */
  offline: boolean;
  /** SPEC.md §8: "No internet connection." — passed in by the portal. */
  message: React.ReactNode;
  /** Optional action, for example a retry button. */
  action?: React.ReactNode;
};

/** A strip under the top bar that says the app is offline. */
function OfflineBanner({ offline, message, action, className, ...props }: OfflineBannerProps) {
  if (!offline) return null;
  return (
    <div
      data-slot="offline-banner"
      role="status"
      className={cn(
        "flex items-center justify-center gap-2 bg-offline px-4 py-2 text-sm font-medium text-offline-foreground [&_svg]:size-4",
        className,
      )}
      {...props}
    >
      <WifiOffIcon />
      <span>{message}</span>
      {action}
    </div>
  );
}

export { OfflineBanner };
export type { OfflineBannerProps };
