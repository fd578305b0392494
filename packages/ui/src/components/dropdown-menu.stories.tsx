import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import { componentDocs } from "../lib/story-docs";

const onDeactivate = fn();

const meta = {
  title: "Overlays/DropdownMenu",
  component: DropdownMenu,
  parameters: componentDocs({
    usage:
      'A Radix menu of actions behind a button. Items run their action on select; `tone="destructive"` paints deletes red.',
    do: ["Name the trigger (`IconButton` with a `label`).", "Put the destructive entry last."],
    dont: [
      "Use it to pick a value for a form: that is a Select.",
      "Hide the only action of a screen in a menu.",
    ],
  }),
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Actions</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Maria Santos</DropdownMenuLabel>
        <DropdownMenuItem>Resend activation</DropdownMenuItem>
        <DropdownMenuItem>Change password</DropdownMenuItem>
        <DropdownMenuItem disabled>Impersonate</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="destructive" onSelect={onDeactivate}>
          Deactivate
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Actions" }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem")).toHaveLength(4);
  },
};

export const KeyboardSelect: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Actions" });
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await waitFor(() => expect(within(menu).getAllByRole("menuitem")[0]).toHaveFocus());
    // The disabled item is skipped.
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await expect(onDeactivate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
