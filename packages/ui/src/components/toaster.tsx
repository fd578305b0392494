import * as React from "react";
import { loadToaster, subscribeToToastRequests, toast, toastRequested } from "../lib/toast";
import type { ToasterProps as SonnerToasterProps } from "./toaster-sonner";

const SonnerToaster = React.lazy(() => import("./toaster-sonner"));

/** How long after mounting the toaster loads at the latest when the page is never idle. */
const IDLE_TIMEOUT_MS = 3000;

type ToasterProps = SonnerToasterProps & {
  /**
   * Load sonner once the page is idle (the default), so that its live region is in place before
   * the first toast; `false` loads it with the first toast, which then waits a moment for the
   * region (for pages that seldom toast, such as a sign-in page, to spare their download).
   */
  loadWhenIdle?: boolean;
};

/**
 * Mount once near the root; call `toast.success(text)`, `toast.error(text)` or `toast(text)` anywhere.
 * Top-right by default (SPEC.md §9). sonner's code and styles load once the page is idle (or with
 * an earlier first toast), not with the page; its live region is then in place before a toast.
 */
function Toaster({ loadWhenIdle = true, ...props }: ToasterProps) {
  const requested = React.useSyncExternalStore(
    subscribeToToastRequests,
    toastRequested,
    () => false,
  );
  React.useEffect(() => {
    if (requested || !loadWhenIdle) return;
    const load = () => void loadToaster().catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(id);
  }, [requested, loadWhenIdle]);
  if (!requested) return null;
  return (
    <React.Suspense fallback={null}>
      <SonnerToaster {...props} />
    </React.Suspense>
  );
}

export { toast, Toaster };
export type { ToasterProps };
