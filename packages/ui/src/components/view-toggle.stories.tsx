import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { ViewToggle, type ViewMode } from "./view-toggle";

const meta = {
  title: "Data/ViewToggle",
  component: ViewToggle,
  args: { value: "grid", onValueChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState<ViewMode>(args.value);
    return (
      <ViewToggle
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof ViewToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grid: Story = {};

export const SwitchesToList: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Grid view" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await userEvent.click(canvas.getByRole("button", { name: "List view" }));
    await expect(args.onValueChange).toHaveBeenCalledWith("list");
    await expect(canvas.getByRole("button", { name: "List view" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  },
};

export const List: Story = { args: { value: "list" } };
