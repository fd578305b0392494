import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SkeletonTable } from "./skeleton-table";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/SkeletonTable",
  component: SkeletonTable,
  parameters: componentDocs({
    usage:
      "A table of pulsing placeholders under the real column headers (5 rows, SPEC.md §9), so the layout does not jump when the data arrives. DataTable shows its own skeleton rows once a load (`loading`) has taken 400 ms.",
    do: ["Use the list's own column headers.", "Give `loadingLabel` in the user's language."],
    dont: [
      "Show it after the data has come, or for an empty list.",
      "Use it for content that is not a table.",
    ],
  }),
  args: { columns: ["School code", "School name", "City", "Status"] },
} satisfies Meta<typeof SkeletonTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FiveRows: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table");
    await expect(table).toHaveAttribute("aria-busy", "true");
    await expect(within(table).getAllByRole("row")).toHaveLength(1 + 5);
    await expect(within(table).getAllByRole("columnheader")).toHaveLength(4);
  },
};

export const TenRows: Story = { args: { rows: 10 } };

export const TwoColumns: Story = { args: { columns: ["Module", "Access"] } };
