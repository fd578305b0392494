import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { Drawer, DrawerItem } from "./drawer";
import { componentDocs } from "../lib/story-docs";

// The portal renders its router links here (`asChild`); these stay on the page.
const stay = (event: React.MouseEvent) => event.preventDefault();

const items = (
  <>
    <DrawerItem href="#/schools" active onClick={stay}>
      School Management
    </DrawerItem>
    <DrawerItem href="#/users" onClick={stay}>
      User Management
    </DrawerItem>
    <DrawerItem href="#/courses" onClick={stay}>
      Courses
    </DrawerItem>
  </>
);

const meta = {
  title: "Layout/Drawer",
  component: Drawer,
  args: {
    label: "Main menu",
    mobile: false,
    open: false,
    onOpenChange: fn(),
    children: items,
    header: <span className="text-sm font-semibold text-drawer-active-foreground">School LMS</span>,
  },
  parameters: {
    ...componentDocs({
      usage:
        'The side navigation: a 200 px column on wide screens, an overlay below the mobile breakpoint. `DrawerItem` is a link; `active` marks the current page with `aria-current="page"`.',
      do: [
        "Keep one item per top-level area the user may open.",
        "Mark the current page `active`.",
      ],
      dont: [
        "Put actions (buttons that change data) in the drawer.",
        "Nest items more than one level deep.",
      ],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole("navigation", { name: "Main menu" });
    // SPEC.md §9: 200 px wide.
    await expect(nav.getBoundingClientRect().width).toBe(200);
    await expect(within(nav).getByRole("link", { name: "School Management" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  },
};

export const MobileOpen: Story = {
  args: { mobile: true, open: true },
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole("dialog", { name: "Main menu" });
    await userEvent.click(within(dialog).getByRole("link", { name: "Courses" }));
    // Choosing a page closes the overlay.
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const MobileClosed: Story = {
  args: { mobile: true, open: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull();
  },
};
