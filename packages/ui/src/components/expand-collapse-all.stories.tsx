import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ExpandCollapseAll } from "./expand-collapse-all";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/ExpandCollapseAll",
  component: ExpandCollapseAll,
  parameters: componentDocs({
    usage:
      "Two buttons that open or close every section of a list (course elements and materials).",
    do: ["Put it above the list it controls.", "Name both buttons in the user's language."],
    dont: ["Use it for a list of fewer than three sections.", "Use it to open one section."],
  }),
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
