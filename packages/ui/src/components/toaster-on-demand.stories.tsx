import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Button } from "./button";
import { toast, Toaster } from "./toaster";
import { componentDocs } from "../lib/story-docs";

// A file of its own: the toaster's code loads once per page, and here no toast has loaded it yet.
const meta = {
  title: "Feedback/Toaster/Loaded with the first toast",
  component: Toaster,
  args: { loadWhenIdle: false },
  parameters: {
    ...componentDocs({
      usage:
        "`loadWhenIdle={false}` for pages that seldom toast (the sign-in pages): sonner downloads with the first toast, which waits a moment for the new live region.",
      do: ["Keep the default (loaded when idle) on pages where toasts are common."],
      dont: ["Turn it off where a toast follows most actions: the first one comes late."],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoadsWithTheFirstToastAfterItsLiveRegion: Story = {
  render: (args) => (
    <div className="p-6">
      <Toaster {...args} />
      <Button onClick={() => toast.success("Your password has been changed.")}>Save</Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const page = canvasElement.ownerDocument;
    const region = () => page.querySelector('section[aria-live="polite"]');
    const seen: Record<string, number> = {};
    const observer = new MutationObserver(() => {
      if (region() && seen.region === undefined) seen.region = performance.now();
      if (page.querySelector("[data-sonner-toast]") && seen.toast === undefined)
        seen.toast = performance.now();
    });
    observer.observe(page.body, { childList: true, subtree: true });
    // Idle for longer than the idle loading's own limit: nothing loaded, no region.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    await expect(region()).toBeNull();

    await userEvent.click(within(canvasElement).getByRole("button", { name: "Save" }));
    await within(page.body).findByText("Your password has been changed.", {}, { timeout: 5000 });
    observer.disconnect();
    // The region was in the page a moment before the toast went in.
    await expect(seen.toast! - seen.region!).toBeGreaterThanOrEqual(250);
  },
};
