import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Checkbox } from "./checkbox";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/Checkbox",
  component: Checkbox,
  parameters: componentDocs({
    usage:
      'A Radix checkbox. `checked="indeterminate"` shows a dash for "some selected" (a table\'s select-page box, a permission row). Inside a FormField it takes the field\'s label and error.',
    do: [
      "Give every checkbox a visible label or an `aria-label`.",
      "Use indeterminate only for a box that controls a group.",
    ],
    dont: [
      "Use a checkbox for an on/off setting that applies at once: that is a Switch.",
      "Hide the label to save space in a form.",
    ],
  }),
  args: { "aria-label": "Require parent account", onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};

export const TogglesOnClick: Story = {
  play: async ({ args, canvasElement }) => {
    const checkbox = within(canvasElement).getByRole("checkbox", {
      name: "Require parent account",
    });
    await userEvent.click(checkbox);
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = { args: { checked: "indeterminate" } };

export const Invalid: Story = { args: { "aria-invalid": true } };

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };
