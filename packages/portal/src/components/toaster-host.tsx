import { Suspense, lazy, useEffect, useSyncExternalStore } from "react";
import { useSession } from "../lib/api-context";

const Toaster = lazy(() => import("./toaster"));

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the toasts from now on. Signed-in pages always have them; a visitor page that toasts
 * (a password just set) asks first, so the sign-in page does not download the toaster.
 */
export function showToasts() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function ToasterHost() {
  const { token, profile } = useSession();
  const signedIn = Boolean(token && profile);
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (signedIn) showToasts();
  }, [signedIn]);
  if (!shown && !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
