import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "./button";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/Button",
  component: Button,
  parameters: componentDocs({
    usage:
      "The one button of the library. `primary` for the single main action of a screen, `secondary` / `outline` for the others, `ghost` inside toolbars and rows, `destructive` for deleting or disabling, `link` for navigation-like actions. `pending` shows a spinner and blocks a second click while a request runs; `asChild` turns a router link into a button-looking link.",
    do: [
      'Label with a verb the user understands ("Create New School", "Save changes").',
      "Set `pending` while the form submits, so a double click cannot send twice.",
    ],
    dont: [
      "Put two `primary` buttons side by side: one main action per view.",
      "Use `destructive` for anything that can be undone: it is for deletes and disabling.",
    ],
  }),
  args: { children: "Save changes", onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Save changes" }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: "secondary" } };

export const Outline: Story = { args: { variant: "outline", children: "Cancel" } };

export const Ghost: Story = { args: { variant: "ghost", children: "Back" } };

export const Destructive: Story = { args: { variant: "destructive", children: "Delete" } };

export const Link: Story = { args: { variant: "link", children: "Forgot password?" } };

export const Small: Story = { args: { size: "sm" } };

export const Large: Story = { args: { size: "lg" } };

export const Pending: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Save changes" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const AsChild: Story = {
  args: { asChild: true, children: <a href="#/schools/create">Create school</a> },
};
