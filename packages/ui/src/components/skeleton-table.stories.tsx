import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SkeletonTable } from "./skeleton-table";

const meta = {
  title: "Data/SkeletonTable",
  component: SkeletonTable,
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
