/**
 * The toasts' layer: a manual popover in the browser's top layer, so that toasts show above
 * anything on the page, an open dialog's overlay included, whatever its z-index.
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
