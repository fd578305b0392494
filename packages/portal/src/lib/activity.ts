import { useSyncExternalStore } from "react";

/** Counts requests in flight, for the green loading bar (SPEC.md §9). */
let inFlight = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function trackedFetch(...args: Parameters<typeof fetch>): ReturnType<typeof fetch> {
  inFlight++;
  notify();
  return fetch(...args).finally(() => {
    inFlight--;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRequestsInFlight(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => inFlight > 0,
    () => false,
  );
}
