/**
 * The toasts' layer: a manual popover in the browser's top layer, so that toasts show above a
 * modal `<dialog>` (whose backdrop covers everything else). The top layer stacks its elements in
 * the order they entered it: a toast shown while a modal dialog is open puts the layer back on top.
 */
let layer: HTMLElement | null = null;

/** Whether the browser has popovers (else the layer is an ordinary fixed element). */
export const POPOVERS =
  typeof HTMLElement !== "undefined" && typeof HTMLElement.prototype.showPopover === "function";

/** Shows `element` as the toasts' layer until the returned function is called. */
export function showToastLayer(element: HTMLElement): () => void {
  if (!POPOVERS) return () => undefined;
  element.showPopover();
  layer = element;
  return () => {
    if (layer === element) layer = null;
    if (element.matches(":popover-open")) element.hidePopover();
  };
}

/** Puts the toasts above a modal dialog opened since the layer was shown. */
export function raiseToastLayer(): void {
  if (!layer?.isConnected || !document.querySelector("dialog:modal")) return;
  layer.hidePopover();
  layer.showPopover();
}
