import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { DataTableFacetedFilter } from "./data-table-faceted-filter";
import { schoolFilters } from "../lib/story-fixtures";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/DataTable parts/FacetedFilter",
  component: DataTableFacetedFilter,
  parameters: componentDocs({
    usage:
      'One filter of a list ("Status: Enabled"), a select named by the filter\'s label, with "All" to clear it. DataTable\'s toolbar renders one per entry of `filters`.',
    do: [
      "Offer filters for the few columns people narrow lists by (status, subscription).",
      "Name the \"All\" option in the user's language (`labels.filterAll` or the filter's `allLabel`).",
    ],
    dont: ["Use it for free text: that is the search box.", "Offer a filter with a single option."],
  }),
  args: {
    filter: schoolFilters[0],
    value: undefined,
    onChange: fn(),
  },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <DataTableFacetedFilter
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof DataTableFacetedFilter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllByDefault: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("combobox", { name: "Status" })).toHaveDisplayValue("All");
    await expect(canvas.getByText("Status:")).toBeVisible();
  },
};

export const ChoosesAndClears: Story = {
  args: { value: "enabled" },
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole("combobox", { name: "Status" });
    await userEvent.selectOptions(select, "Disabled");
    await expect(args.onChange).toHaveBeenLastCalledWith("disabled");
    // "All" clears the filter.
    await userEvent.selectOptions(select, "All");
    await expect(args.onChange).toHaveBeenLastCalledWith(undefined);
  },
};

export const OwnAllLabel: Story = {
  args: { allLabel: "Lahat" },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("combobox", { name: "Status" }),
    ).toHaveDisplayValue("Lahat");
  },
};
