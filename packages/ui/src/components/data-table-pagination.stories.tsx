import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DataTablePagination } from "./data-table-pagination";
import { createDataTableState } from "./data-table-state";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/DataTable parts/Pagination",
  component: DataTablePagination,
  parameters: componentDocs({
    usage:
      'The footer of a list: rows per page (10, 25, 50), the range shown ("11–20 of 57", or "of about N" when the server estimated the total) and first, previous, next and last page. A new page size goes back to page 1.',
    do: [
      "Keep the page size options SPEC.md §9 gives.",
      "Disable it while the page loads (`disabled`).",
    ],
    dont: [
      "Show it for a list that never has more than a page: drop the DataTable for a plain Table.",
      "Write the range text yourself: pass `labels.pageInfo` in the user's language.",
    ],
  }),
  args: { state: createDataTableState(), onStateChange: fn(), totalCount: 57 },
  render: function Render(args) {
    const [state, setState] = useState(args.state);
    return (
      <DataTablePagination
        {...args}
        state={state}
        onStateChange={(next) => {
          setState(next);
          args.onStateChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof DataTablePagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("1–10 of 57")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "First page" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Next page" })).toBeEnabled();
  },
};

export const GoesToTheLastPage: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Last page" }));
    await expect(args.onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 6 }));
    await expect(canvas.getByText("51–57 of 57")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Next page" })).toBeDisabled();
  },
};

export const NewPageSizeStartsOver: Story = {
  args: { state: createDataTableState({ page: 4 }) },
  play: async ({ args, canvasElement }) => {
    await userEvent.selectOptions(
      within(canvasElement).getByRole("combobox", { name: "Rows per page" }),
      "50",
    );
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ rowsPerPage: 50, page: 1 }),
    );
    await waitFor(() => expect(within(canvasElement).getByText("1–50 of 57")).toBeVisible());
  },
};

export const EstimatedTotal: Story = {
  args: { totalCount: 120_000, totalIsEstimate: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("1–10 of about 120000")).toBeVisible();
  },
};

export const WhileLoading: Story = {
  args: { state: createDataTableState({ page: 2 }), disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ["First page", "Previous page", "Next page", "Last page"]) {
      await expect(canvas.getByRole("button", { name })).toBeDisabled();
    }
  },
};

export const NoRows: Story = {
  args: { totalCount: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("0–0 of 0")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Last page" })).toBeDisabled();
  },
};
