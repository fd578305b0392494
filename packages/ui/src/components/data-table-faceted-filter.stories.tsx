import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { DataTableFacetedFilter } from "./data-table-faceted-filter";
import { schoolFilters } from "../lib/story-fixtures";
import { overlaysSettled } from "../lib/story-utils";
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
    await expect(within(canvasElement).getByRole("combobox", { name: "Status" })).toHaveTextContent(
      "Status:All",
    );
  },
};

export const ChoosesAndClears: Story = {
  args: { value: "enabled" },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole("combobox", { name: "Status" });
    await userEvent.click(trigger);
    await userEvent.click(await body.findByRole("option", { name: "Disabled" }));
    await expect(args.onChange).toHaveBeenLastCalledWith("disabled");
    await overlaysSettled(canvasElement);
    // "All" clears the filter.
    await userEvent.click(trigger);
    await userEvent.click(await body.findByRole("option", { name: "All" }));
    await expect(args.onChange).toHaveBeenLastCalledWith(undefined);
    await overlaysSettled(canvasElement);
  },
};

export const OwnAllLabel: Story = {
  args: { allLabel: "Lahat" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox", { name: "Status" })).toHaveTextContent(
      "Lahat",
    );
  },
};
