import * as React from "react";
import { loadToaster, subscribeToToastRequests, toast, toastRequested } from "../lib/toast";
import type { ToasterProps } from "./toaster-sonner";

const SonnerToaster = React.lazy(() => import("./toaster-sonner"));

/** How long after mounting the toaster loads at the latest when the page is never idle. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Mount once near the root; call `toast.success(text)`, `toast.error(text)` or `toast(text)` anywhere.
 * Top-right by default (SPEC.md §9). sonner's code and styles load once the page is idle (or with
 * an earlier first toast), not with the page; its live region is then in place before a toast.
 */
function Toaster(props: ToasterProps) {
  const requested = React.useSyncExternalStore(
    subscribeToToastRequests,
    toastRequested,
    () => false,
  );
  React.useEffect(() => {
    if (requested) return;
    const load = () => void loadToaster().catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(id);
  }, [requested]);
  if (!requested) return null;
  return (
    <React.Suspense fallback={null}>
      <SonnerToaster {...props} />
    </React.Suspense>
  );
}

export { toast, Toaster };
export type { ToasterProps };
