import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PencilIcon, XIcon } from "../lib/icons";
import { IconButton } from "./icon-button";

const meta = {
  title: "Form/IconButton",
  component: IconButton,
  args: { label: "Edit school", onClick: fn(), children: <PencilIcon /> },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Edit school" }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Outline: Story = { args: { variant: "outline" } };

export const Small: Story = { args: { size: "sm", variant: "outline" } };

export const Destructive: Story = {
  args: { variant: "destructive", label: "Remove", children: <XIcon /> },
};

export const Disabled: Story = { args: { disabled: true } };
