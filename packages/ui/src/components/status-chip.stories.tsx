import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { StatusChip } from "./status-chip";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/StatusChip",
  component: StatusChip,
  parameters: componentDocs({
    usage:
      "A coloured chip for a row's status (SPEC.md §4): green for active, enabled and published; yellow for unpublished; red for inactive and disabled; grey for neutral. The portal passes the text; the status picks the colour.",
    do: [
      "Use the same status for the same state on every screen.",
      "Keep the text one or two words.",
    ],
    dont: [
      "Use the colour alone: the chip always has its text.",
      "Make it clickable: change status through the row's actions.",
    ],
  }),
  args: { status: "active", children: "Active" },
} satisfies Meta<typeof StatusChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ canvasElement }) => {
    const chip = within(canvasElement).getByText("Active").closest("[data-slot='status-chip']");
    await expect(chip).toHaveAttribute("data-status", "active");
  },
};
export const Inactive: Story = { args: { status: "inactive", children: "Inactive" } };
export const Enabled: Story = { args: { status: "enabled", children: "Enabled" } };
export const Disabled: Story = { args: { status: "disabled", children: "Disabled" } };
export const Published: Story = { args: { status: "published", children: "Published" } };
export const Unpublished: Story = { args: { status: "unpublished", children: "Unpublished" } };
export const Neutral: Story = { args: { status: "neutral", children: "Pending" } };

export const AllStatuses: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      <StatusChip status="active">Active</StatusChip>
      <StatusChip status="inactive">Inactive</StatusChip>
      <StatusChip status="enabled">Enabled</StatusChip>
      <StatusChip status="disabled">Disabled</StatusChip>
      <StatusChip status="published">Published</StatusChip>
      <StatusChip status="unpublished">Unpublished</StatusChip>
    </div>
  ),
};
