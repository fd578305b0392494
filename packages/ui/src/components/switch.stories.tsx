import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Switch } from "./switch";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/Switch",
  component: Switch,
  parameters: componentDocs({
    usage: "A Radix on/off switch for a setting that applies at once.",
    do: [
      'Label it with the setting, not the state ("Email notifications").',
      "Apply the change at once, with a toast if it saves.",
    ],
    dont: [
      "Use it in a form that needs a Save button: that is a Checkbox.",
      "Use it for two options that are not on/off.",
    ],
  }),
  args: { "aria-label": "Enabled", onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};

export const TogglesOnClick: Story = {
  play: async ({ args, canvasElement }) => {
    const control = within(canvasElement).getByRole("switch", { name: "Enabled" });
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const On: Story = { args: { defaultChecked: true } };

export const Disabled: Story = { args: { disabled: true } };
