import type * as Sonner from "sonner";

type ToastKind = "success" | "error" | "info" | "warning";

let sonner: Promise<typeof Sonner> | undefined;
let requested = false;
const requestListeners = new Set<() => void>();
let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => (markShown = resolve));

/** The mounted `Toaster` starts showing toasts once one has been asked for. */
export function subscribeToToastRequests(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export function toastRequested(): boolean {
  return requested;
}

/** Called by the sonner toaster once it listens: a toast asked for earlier waits until then. */
export function toasterListening(): void {
  markShown();
}

function show(kind: ToastKind | undefined, message: string): void {
  sonner ??= import("sonner");
  if (!requested) {
    requested = true;
    for (const listener of requestListeners) listener();
  }
  void Promise.all([sonner, shown]).then(([{ toast }]) =>
    kind ? toast[kind](message) : toast(message),
  );
}

/**
 * `toast(text)`, `toast.success(text)`, `toast.error(text)`… anywhere, with a `Toaster` mounted
 * near the root. The toasts' library (sonner, its code and styles) loads with the first toast,
 * not with the page.
 */
export const toast = Object.assign((message: string) => show(undefined, message), {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
  warning: (message: string) => show("warning", message),
});
