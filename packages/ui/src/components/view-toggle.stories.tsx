import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { ViewToggle, type ViewMode } from "./view-toggle";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/ViewToggle",
  component: ViewToggle,
  parameters: componentDocs({
    usage: "Switches a collection between a grid of cards and a list.",
    do: [
      "Remember the user's choice for the collection.",
      "Keep both views showing the same items in the same order.",
    ],
    dont: ["Offer it where only one view makes sense.", "Use it to switch between different data."],
  }),
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
