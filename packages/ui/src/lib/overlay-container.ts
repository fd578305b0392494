import * as React from "react";

/**
 * Where a popup (a select's list, a menu) is placed: inside an open modal `<dialog>` (a
 * ConfirmDialog with a choice) rather than at the end of the page, which the dialog makes inert.
 */
const OverlayContainer = React.createContext<HTMLElement | null>(null);

/** The element popups go into here; undefined for the page's body (Radix's default). */
function useOverlayContainer(): HTMLElement | undefined {
  return React.useContext(OverlayContainer) ?? undefined;
}

export { OverlayContainer, useOverlayContainer };
