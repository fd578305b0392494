import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button";
import { DataTableSelectionBar } from "./data-table-selection";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/DataTable parts/SelectionBar",
  component: DataTableSelectionBar,
  parameters: componentDocs({
    usage:
      'The bar above a list with selected rows: how many, "Select all N matching rows" once the whole page is selected, clear, and the bulk actions. Selection is kept as ids, so it survives paging.',
    do: [
      'Name bulk actions after what they do to the selection ("Disable selected").',
      "Confirm destructive bulk actions with the count.",
    ],
    dont: [
      "Show the bar when nothing is selected.",
      'Offer "select all matching" for actions the server cannot run on a filter.',
    ],
  }),
  args: {
    count: 10,
    totalCount: 57,
    allMatchingSelected: false,
    canSelectAllMatching: true,
    onSelectAllMatching: fn(),
    onClear: fn(),
    children: <Button size="sm">Disable selected</Button>,
  },
} satisfies Meta<typeof DataTableSelectionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WholePageSelected: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("10 selected")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Select all 57 matching rows" }));
    await expect(args.onSelectAllMatching).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "Clear selection" }));
    await expect(args.onClear).toHaveBeenCalledTimes(1);
  },
};

export const SomeRowsSelected: Story = {
  args: { count: 2, canSelectAllMatching: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("2 selected")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: /Select all/ })).toBeNull();
  },
};

export const AllMatchingSelected: Story = {
  args: { count: 57, allMatchingSelected: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("All 57 matching rows are selected.")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: /Select all/ })).toBeNull();
    await expect(canvas.getByRole("button", { name: "Disable selected" })).toBeVisible();
  },
};
