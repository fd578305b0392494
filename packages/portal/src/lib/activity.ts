import { startTransition, useEffect, useState } from "react";

/** Counts requests in flight, for the green loading bar (SPEC.md §9). */
let inFlight = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** `send`, its requests counted while in flight. */
export function tracked(send: typeof fetch): typeof fetch {
  return (...args) => {
    inFlight++;
    notify();
    return send(...args).finally(() => {
      inFlight--;
      notify();
    });
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether requests are in flight. The bar follows as a transition: a page's first requests start
 * while it commits, and a store read by useSyncExternalStore would re-render the shell at once,
 * inside that commit's task.
 */
export function useRequestsInFlight(): boolean {
  const [busy, setBusy] = useState(() => inFlight > 0);
  useEffect(() => {
    const update = () => startTransition(() => setBusy(inFlight > 0));
    update();
    return subscribe(update);
  }, []);
  return busy;
}
