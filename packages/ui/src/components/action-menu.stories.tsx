import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ActionMenu } from "./action-menu";
import { IconButton } from "./icon-button";
import { MoreHorizontalIcon } from "../lib/icons";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Navigation/ActionMenu",
  component: ActionMenu,
  parameters: componentDocs({
    usage:
      "A button with a menu of actions, for a row's More menu or the top bar. The menu's code loads, and the menu mounts, once the button is pointed at or pressed, so a long list opens with plain buttons.",
    do: [
      'Name the button after what it acts on ("More actions for Rizal High School").',
      "Mark deletes and Logout `destructive`.",
    ],
    dont: [
      "Use it for navigation between pages: those are links.",
      "Use it to choose a value: that is a select.",
    ],
  }),
  args: {
    trigger: (
      <IconButton label="More actions for Rizal High School">
        <MoreHorizontalIcon />
      </IconButton>
    ),
    heading: "Rizal High School",
    items: [
      { label: "Disable", onSelect: fn() },
      { label: "Archive", onSelect: fn(), disabled: true },
      { label: "Delete", onSelect: fn(), destructive: true },
    ],
  },
} satisfies Meta<typeof ActionMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const button = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole("button", { name: "More actions for Rizal High School" });

export const OpensOnPress: Story = {
  play: async ({ args, canvasElement }) => {
    // A menu button from the start, with no menu mounted (Radix's trigger would carry its id).
    await expect(button(canvasElement)).toHaveAttribute("aria-haspopup", "menu");
    await expect(button(canvasElement)).toHaveAttribute("aria-expanded", "false");
    await expect(button(canvasElement)).not.toHaveAttribute("id");
    await expect(body(canvasElement).queryByRole("menu")).toBeNull();
    await userEvent.click(button(canvasElement));
    const menu = await body(canvasElement).findByRole("menu");
    await waitFor(() => expect(within(menu).getByText("Rizal High School")).toBeVisible());
    await expect(within(menu).getByRole("menuitem", { name: "Archive" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Delete" }));
    await expect(args.items[2]!.onSelect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body(canvasElement).queryByRole("menu")).toBeNull());
    // Mounted now: it opens again as any menu does.
    await userEvent.click(button(canvasElement));
    await userEvent.click(
      within(await body(canvasElement).findByRole("menu")).getByRole("menuitem", {
        name: "Disable",
      }),
    );
    await expect(args.items[0]!.onSelect).toHaveBeenCalledTimes(1);
  },
};

export const OpensFromTheKeyboard: Story = {
  play: async ({ canvasElement }) => {
    button(canvasElement).focus();
    await userEvent.keyboard("{Enter}");
    const menu = await body(canvasElement).findByRole("menu");
    await waitFor(() =>
      expect(menu.contains(canvasElement.ownerDocument.activeElement)).toBe(true),
    );
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body(canvasElement).queryByRole("menu")).toBeNull());
    await waitFor(() => expect(button(canvasElement)).toHaveFocus());
  },
};

export const OpensOnAScreenReadersClick: Story = {
  play: async ({ canvasElement }) => {
    // A click with no pointer before it, as a screen reader's browse mode or voice control sends.
    button(canvasElement).click();
    const menu = await body(canvasElement).findByRole("menu");
    await expect(within(menu).getAllByRole("menuitem")).toHaveLength(3);
  },
};
