import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ExpandCollapseAll } from "./expand-collapse-all";

const meta = {
  title: "Data/ExpandCollapseAll",
  component: ExpandCollapseAll,
  args: { state: "mixed", onExpandAll: fn(), onCollapseAll: fn() },
} satisfies Meta<typeof ExpandCollapseAll>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Mixed: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Expand all" }));
    await expect(args.onExpandAll).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "Collapse all" }));
    await expect(args.onCollapseAll).toHaveBeenCalledTimes(1);
  },
};

export const AllExpanded: Story = {
  args: { state: "expanded" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Expand all" })).toBeDisabled();
  },
};

export const AllCollapsed: Story = { args: { state: "collapsed" } };
