import * as React from "react";

const FOCUSABLE =
  "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]";

type Opened = { returnTo: HTMLElement | null; ancestors: HTMLElement[] };

/**
 * Focus back to the element on closing; when it has gone meanwhile (the row it deleted) and
 * nothing new took focus, to the nearest of its ancestors at opening still on the page that takes
 * it (the page's main region), rather than the document's body.
 */
function returnFocus({ returnTo, ancestors }: Opened) {
  if (returnTo?.isConnected) {
    returnTo.focus();
    return;
  }
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  for (const element of ancestors) {
    if (!element.isConnected || !element.matches(FOCUSABLE)) continue;
    element.focus();
    if (document.activeElement === element) return;
  }
}

/**
 * Radix Dialog's `onOpenAutoFocus`/`onCloseAutoFocus` pair for where focus goes on closing: the
 * trigger, else where focus was on opening (a dialog opened from code), else the nearest region
 * around it that takes focus. Radix alone sends focus to the trigger or the document's body.
 */
function useReturnFocus(trigger?: React.RefObject<HTMLElement | null>) {
  const opened = React.useRef<Opened>({ returnTo: null, ancestors: [] });
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      const returnTo = trigger?.current ?? (active instanceof HTMLElement ? active : null);
      const ancestors: HTMLElement[] = [];
      for (let at = returnTo?.parentElement; at && at !== document.body; at = at.parentElement) {
        ancestors.push(at);
      }
      opened.current = { returnTo, ancestors };
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      returnFocus(opened.current);
    },
  };
}

export { useReturnFocus };
