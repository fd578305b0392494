import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Feedback/EmptyState",
  component: EmptyState,
  parameters: componentDocs({
    usage:
      "What a list or page shows when it has nothing to show: an icon, a title, a line of help and at most one action.",
    do: [
      'Say why it is empty and what to do ("Try another search, or create the first school").',
      "Offer the create action when the user may create.",
    ],
    dont: [
      "Show an empty state while data loads: that is the skeleton.",
      'Blame the user ("You have no...").',
    ],
  }),
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
