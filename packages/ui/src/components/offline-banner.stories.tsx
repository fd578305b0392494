import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { OfflineBanner } from "./offline-banner";

const meta = {
  title: "Feedback/OfflineBanner",
  component: OfflineBanner,
  args: { offline: true, message: "No internet connection." },
  parameters: { layout: "fullscreen" },
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
