import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

const meta = {
  title: "Feedback/EmptyState",
  component: EmptyState,
  args: { title: "No schools yet", description: "Schools you create appear here." },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No schools yet")).toBeVisible();
  },
};

export const WithAction: Story = { args: { action: <Button>Create New School</Button> } };

export const Compact: Story = { args: { size: "compact", description: undefined } };

export const WithoutIcon: Story = { args: { icon: null } };
