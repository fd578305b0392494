let markListening: () => void = () => {};

/** Settles once sonner's toaster listens: a toast asked for earlier waits for it. */
export const toasterListening = new Promise<void>((resolve) => (markListening = resolve));

/** Called by the sonner toaster once it has mounted (after sonner's own effect). */
export function markToasterListening(): void {
  markListening();
}
