import * as React from "react";
import { subscribeToToastRequests, toast, toastRequested } from "../lib/toast";
import type { ToasterProps } from "./toaster-sonner";

const SonnerToaster = React.lazy(() => import("./toaster-sonner"));

/**
 * Mount once near the root; call `toast.success(text)`, `toast.error(text)` or `toast(text)` anywhere.
 * Top-right by default (SPEC.md §9). Renders nothing, and loads nothing, until the first toast.
 */
function Toaster(props: ToasterProps) {
  const requested = React.useSyncExternalStore(
    subscribeToToastRequests,
    toastRequested,
    () => false,
  );
  if (!requested) return null;
  return (
    <React.Suspense fallback={null}>
      <SonnerToaster {...props} />
    </React.Suspense>
  );
}

export { toast, Toaster };
export type { ToasterProps };
