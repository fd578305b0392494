import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { createDataTableState } from "./data-table-state";
import { DataTableToolbar } from "./data-table-toolbar";
import { schoolFilters } from "../lib/story-fixtures";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/DataTable parts/Toolbar",
  component: DataTableToolbar,
  parameters: componentDocs({
    usage:
      "The row above a list: search box, filters, then the page's own buttons at the end (create, view toggle, export). A change of search or filter goes back to page 1.",
    do: [
      "Put the screen's create button at the end of the toolbar.",
      "Hide the search (`searchable={false}`) on lists too short to need it.",
    ],
    dont: [
      "Put bulk actions here: they belong in the selection bar.",
      "Crowd it with more than three filters.",
    ],
  }),
  args: {
    state: createDataTableState({ page: 3 }),
    onStateChange: fn(),
    searchDebounceMs: 200,
    filters: schoolFilters,
    children: <Button>Create New School</Button>,
  },
  render: function Render(args) {
    const [state, setState] = useState(args.state);
    return (
      <DataTableToolbar
        {...args}
        state={state}
        onStateChange={(next) => {
          setState(next);
          args.onStateChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof DataTableToolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SearchGoesBackToPageOne: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole("searchbox", { name: "Search" }), "luna");
    await waitFor(() => expect(args.onStateChange).toHaveBeenCalledTimes(1));
    await expect(args.onStateChange).toHaveBeenCalledWith(
      expect.objectContaining({ search: "luna", page: 1 }),
    );
  },
};

export const FilterKeepsTheOthers: Story = {
  args: { state: createDataTableState({ page: 2, filters: { status: ["enabled"] } }) },
  play: async ({ args, canvasElement }) => {
    await userEvent.selectOptions(
      within(canvasElement).getByRole("combobox", { name: "Subscription" }),
      "Premium",
    );
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        page: 1,
        filters: { status: ["enabled"], subscription: ["premium"] },
      }),
    );
  },
};

export const WithoutSearch: Story = {
  args: { searchable: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("searchbox")).toBeNull();
    await expect(canvas.getByRole("button", { name: "Create New School" })).toBeVisible();
  },
};
