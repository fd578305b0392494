import * as React from "react";

const TABBABLE =
  "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(event: React.KeyboardEvent<HTMLDialogElement>) {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  const active = document.activeElement;
  const wrapTo = event.shiftKey
    ? active === first || active === event.currentTarget
      ? last
      : undefined
    : active === last
      ? first
      : undefined;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}

/** Whether an element takes focus from a script (a control, or one with a tabindex). */
function focusable(element: HTMLElement): boolean {
  return element.matches(TABBABLE) || element.hasAttribute("tabindex");
}

/**
 * Focus back to the element on closing; when it has gone meanwhile (the row it deleted) and
 * nothing new took focus, to the nearest of its ancestors at opening still on the page that takes
 * it (the page's main region), rather than the document's body.
 */
function returnFocus(returnTo: HTMLElement | null, ancestors: HTMLElement[]) {
  if (returnTo?.isConnected) {
    returnTo.focus();
    return;
  }
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  for (const element of ancestors) {
    if (!element.isConnected || !focusable(element)) continue;
    element.focus();
    if (document.activeElement === element) return;
  }
}

type ModalDialogOptions = {
  /** Escape, a press outside, or the browser's own close request (a back gesture). */
  onDismiss: () => void;
  /** While set, nothing dismisses the dialog (its work is running). */
  blocked?: boolean;
  /** Where focus goes back to on closing; else where it was on opening. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  /** What takes focus on opening; else the browser's choice, the first control. */
  initialFocus?: () => HTMLElement | null | undefined;
};

/**
 * The browser's own modal `<dialog>`, shown while the component using it is mounted: the rest of
 * the page inert, Escape or a press outside dismisses it, Tab stays inside, focus goes back on
 * closing. Spread the returned props on the `<dialog>`. No dialog library: it opens at once, and
 * offline too (SPEC.md §4's offline dialog).
 */
function useModalDialog(options: ModalDialogOptions) {
  const ref = React.useRef<HTMLDialogElement>(null);
  const latest = React.useRef(options);
  React.useLayoutEffect(() => {
    latest.current = options;
  });

  React.useLayoutEffect(() => {
    const dialog = ref.current!;
    const { returnFocusTo, initialFocus } = latest.current;
    const returnTo =
      returnFocusTo?.current ??
      (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const ancestors: HTMLElement[] = [];
    for (let at = returnTo?.parentElement; at && at !== document.body; at = at.parentElement) {
      ancestors.push(at);
    }
    dialog.showModal();
    initialFocus?.()?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // After the commit: the page behind may still be marked inert while this one unmounts.
      queueMicrotask(() => returnFocus(returnTo, ancestors));
    };
  }, []);

  const dismiss = () => {
    if (!latest.current.blocked) latest.current.onDismiss();
  };

  return {
    ref,
    // The browser's close request (a back gesture; Escape when no key handler took it).
    onCancel: (event: React.SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      dismiss();
    },
    // Closed by the browser itself (a repeated close request it no longer lets the page refuse):
    // dismissed, or shown again while its work runs.
    onClose: (event: React.SyntheticEvent<HTMLDialogElement>) => {
      const dialog = event.currentTarget;
      if (!dialog.isConnected || dialog.open) return;
      if (latest.current.blocked) dialog.showModal();
      else latest.current.onDismiss();
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLDialogElement>) => {
      // A popup inside (a select's list) that took the key has closed itself: the dialog stays.
      if (event.defaultPrevented) return;
      if (event.key === "Escape") {
        event.preventDefault();
        dismiss();
      } else if (event.key === "Tab") {
        keepFocusInside(event);
      }
    },
    // A press on the backdrop (outside the dialog's box) dismisses it.
    onPointerDown: (event: React.PointerEvent<HTMLDialogElement>) => {
      if (event.target !== event.currentTarget) return;
      const box = event.currentTarget.getBoundingClientRect();
      const outside =
        event.clientX < box.left ||
        event.clientX > box.right ||
        event.clientY < box.top ||
        event.clientY > box.bottom;
      if (outside) dismiss();
    },
  };
}

/** False on the server and in the first render of a hydrated page: no `document` to portal into. */
function useMounted(): boolean {
  return React.useSyncExternalStore(
    () => () => undefined,
    () => true,
    () => false,
  );
}

export { useModalDialog, useMounted };
