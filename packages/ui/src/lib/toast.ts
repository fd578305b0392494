import * as React from "react";
import type * as Sonner from "sonner";
import { toasterListening } from "./toaster-listening";

type ToastKind = "success" | "error" | "info" | "warning";

let loading: Promise<typeof Sonner> | undefined;
let requested = false;
const requestListeners = new Set<() => void>();

/** sonner and the toaster's own module; a failed load (offline) is tried again next time. */
function load(): Promise<typeof Sonner> {
  loading ??= Promise.all([import("sonner"), import("../components/toaster-sonner")]).then(
    ([sonner]) => sonner,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The mounted `Toaster` shows sonner's toaster once its code is here and it has been asked for. */
export function subscribeToToastRequests(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export function toastRequested(): boolean {
  return requested;
}

/**
 * Loads the toaster and mounts it (the `Toaster` calls this once the page is idle, unless told
 * not to), so its live region is in the page before the first toast is announced.
 */
export function loadToaster(): Promise<typeof Sonner> {
  return load().then((sonner) => {
    if (!requested) {
      requested = true;
      for (const listener of requestListeners) listener();
    }
    return sonner;
  });
}

/**
 * How long a live region mounted for a toast is in the page before the toast goes in: screen
 * readers often miss a text added to a region that appeared with it.
 */
const LIVE_REGION_SETTLE_MS = 300;

let listening = false;
void toasterListening.then(() => (listening = true));

const spokenListeners = new Set<(message: string) => void>();

/**
 * The last toast's text while the calling component is mounted: an open modal dialog hides the
 * toaster's live region (`aria-hidden`), so the dialog speaks the toasts in a region of its own.
 */
export function useSpokenToast(): string {
  const [spoken, setSpoken] = React.useState("");
  React.useEffect(() => {
    spokenListeners.add(setSpoken);
    return () => void spokenListeners.delete(setSpoken);
  }, []);
  return spoken;
}

function show(kind: ToastKind | undefined, message: string): void {
  for (const listener of spokenListeners) listener(message);
  const regionThere = listening;
  // Offline, the toaster's code may not load: the toast is dropped (the offline banner speaks).
  loadToaster()
    .then(async (sonner) => {
      await toasterListening;
      if (!regionThere) await new Promise((resolve) => setTimeout(resolve, LIVE_REGION_SETTLE_MS));
      if (kind) sonner.toast[kind](message);
      else sonner.toast(message);
    })
    .catch(() => undefined);
}

/**
 * `toast(text)`, `toast.success(text)`, `toast.error(text)`, `toast.info(text)` and
 * `toast.warning(text)` anywhere, with a `Toaster` mounted near the root. The toasts' library
 * (sonner, its code and styles) loads once the page is idle or with the first toast, not with the
 * page; a toast that comes with the toaster's first mount waits a moment for its live region.
 */
export const toast = Object.assign((message: string) => show(undefined, message), {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
  warning: (message: string) => show("warning", message),
});
