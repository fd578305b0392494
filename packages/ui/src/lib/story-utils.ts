// Helpers for the stories' play functions only (not exported from the package).
import { expect, waitFor } from "storybook/test";

/**
 * Waits until a closed Radix overlay (dialog, select) has finished cleaning up. Radix removes its
 * `aria-hidden` marks from the rest of the page in an effect that runs after the DOM update, and
 * the axe check that follows every story must not see the page still hidden.
 */
export async function overlaysSettled(canvasElement: HTMLElement): Promise<void> {
  const document = canvasElement.ownerDocument;
  await waitFor(() =>
    expect(document.querySelector("[data-aria-hidden], [data-radix-focus-guard]")).toBeNull(),
  );
}
