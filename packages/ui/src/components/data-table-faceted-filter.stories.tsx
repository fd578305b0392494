import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { DataTableFacetedFilter } from "./data-table-faceted-filter";
import { overlaysSettled } from "../lib/story-utils";

const meta = {
  title: "Data/DataTable parts/FacetedFilter",
  component: DataTableFacetedFilter,
  args: {
    filter: {
      key: "status",
      label: "Status",
      options: [
        { value: "enabled", label: "Enabled" },
        { value: "disabled", label: "Disabled" },
      ],
    },
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
