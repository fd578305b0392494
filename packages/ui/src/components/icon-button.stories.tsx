import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PencilIcon, XIcon } from "../lib/icons";
import { IconButton } from "./icon-button";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/IconButton",
  component: IconButton,
  parameters: componentDocs({
    usage:
      "A square button that shows only an icon; `label` names it for screen readers and is its tooltip.",
    do: [
      "Use a familiar icon (pencil to edit, ellipsis for more).",
      'Keep the label the action ("Edit Rizal High School").',
    ],
    dont: [
      "Use it for a screen's main action: that gets a text Button.",
      "Leave the label out: an icon alone says nothing to a screen reader.",
    ],
  }),
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
