import { useCallback, useEffect, useRef } from "react";
import { useBlocker, type Location } from "react-router-dom";
import { useDiscardGuard } from "./form-actions";

/** The forms on screen with unsaved changes (a sign-out asks when there is one). */
const dirtyForms = new Set<object>();
/** Set while the app leaves on purpose (a save, a confirmed cancel or sign-out). */
let leavingOnPurpose = false;

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/**
 * Runs `go` (a navigation) without asking: after a save, or once the user has agreed to discard.
 * The router checks its blocker as `navigate()` is called, so the flag needs to hold only meanwhile.
 */
export function leaveWithoutAsking(go: () => unknown): void {
  leavingOnPurpose = true;
  try {
    go();
  } finally {
    leavingOnPurpose = false;
  }
}

/**
 * Whether a navigation takes the user off the form: another page, or the same page with other
 * search parameters (a tab of the course screen unmounts the form in the other tab).
 */
export function leavesForm(current: Pick<Location, "pathname" | "search">, next: typeof current) {
  return current.pathname !== next.pathname || current.search !== next.search;
}

/** Whether a form holds a navigation back to ask first. */
export function holdsNavigation(
  dirty: boolean,
  current: Pick<Location, "pathname" | "search">,
  next: typeof current,
): boolean {
  return dirty && !leavingOnPurpose && leavesForm(current, next);
}

export interface UnsavedChangesGuard {
  /** The Cancel button: asks when there are changes, then runs `go` without asking again. */
  cancel: (go: () => unknown) => Promise<void>;
  /** Leaves on purpose (after a successful save): runs `go` without asking. */
  leave: (go: () => unknown) => void;
}

/**
 * Issue 13 (SPEC.md §4): a form with unsaved changes asks before the user leaves it by any route
 * (side menu, top bar, back button, a link) with the same dialog as its Cancel button, and the
 * browser asks before a reload or closing the tab. `dirty` is react-hook-form's isDirty (or'ed
 * with files picked outside it). Needs the data router and the ConfirmProvider above it.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const discardGuard = useDiscardGuard();
  // Set once the user has agreed to leave (or the form was saved): the form stays on screen until
  // the next page has rendered, and a second navigation meanwhile must not ask again. New changes
  // (dirty turning over) arm it again.
  const released = useRef(false);
  useEffect(() => {
    released.current = false;
  }, [dirty]);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        !released.current && holdsNavigation(dirty, currentLocation, nextLocation),
      [dirty],
    ),
  );

  // The question is asked once per held navigation: a new `discardGuard` meanwhile (new texts or
  // a new confirm function) must not ask again and drop the answer to the dialog already open.
  const ask = useRef(discardGuard);
  useEffect(() => {
    ask.current = discardGuard;
  }, [discardGuard]);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let live = true;
    void ask.current(true).then((discard) => {
      if (!live) return;
      if (!discard) return blocker.reset();
      released.current = true;
      blocker.proceed();
    });
    return () => {
      live = false;
    };
  }, [blocker]);

  const token = useRef({});
  useEffect(() => {
    if (!dirty) return;
    const form = token.current;
    dirtyForms.add(form);
    const ask = (event: BeforeUnloadEvent) => {
      if (leavingOnPurpose || released.current) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => {
      dirtyForms.delete(form);
      window.removeEventListener("beforeunload", ask);
    };
  }, [dirty]);

  const leave = useCallback((go: () => unknown) => {
    released.current = true;
    leaveWithoutAsking(go);
  }, []);
  const cancel = useCallback(
    async (go: () => unknown) => {
      if (await discardGuard(dirty)) leave(go);
    },
    [discardGuard, dirty, leave],
  );
  return { cancel, leave };
}
