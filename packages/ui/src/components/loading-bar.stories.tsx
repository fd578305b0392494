import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LoadingBar } from "./loading-bar";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Feedback/LoadingBar",
  component: LoadingBar,
  args: { loading: true },
  parameters: {
    ...componentDocs({
      usage:
        "A thin green bar across the top of the page while a page or request loads (SPEC.md §9: green, 2 px).",
      do: ["Show it for any wait the user started.", "Let the AppShell place it."],
      dont: [
        "Show it together with a full-page spinner.",
        "Use it to show progress of a long upload.",
      ],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof LoadingBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Loading" });
    // SPEC.md §9: green, 2 px.
    await expect(getComputedStyle(bar).height).toBe("2px");
  },
};

export const Idle: Story = {
  args: { loading: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("progressbar")).toBeNull();
  },
};
