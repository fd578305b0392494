import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { OfflineBanner } from "./offline-banner";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Feedback/OfflineBanner",
  component: OfflineBanner,
  args: { offline: true, message: "No internet connection." },
  parameters: {
    ...componentDocs({
      usage:
        "A strip under the top bar that says the app is offline; shown while `offline` is true, with an optional action such as a retry button.",
      do: [
        "Pass SPEC.md §8's text, \"No internet connection.\", in the user's language.",
        "Say what still works, when something does.",
      ],
      dont: [
        "Block the page while offline.",
        "Show it for a single failed request: that is a toast.",
      ],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof OfflineBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Offline: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "No internet connection.",
    );
  },
};

export const WithAction: Story = {
  args: {
    action: (
      <Button size="sm" variant="outline" className="ms-2 h-7 text-foreground">
        Retry
      </Button>
    ),
  },
};

export const Online: Story = {
  args: { offline: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("status")).toBeNull();
  },
};
