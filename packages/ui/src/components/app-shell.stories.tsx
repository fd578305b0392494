import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { AppShell } from "./app-shell";
import { Button } from "./button";
import { DrawerItem } from "./drawer";
import { PageHeader } from "./page-header";
import { SkeletonTable } from "./skeleton-table";
import { TopBar } from "./top-bar";
import { overlaysSettled } from "../lib/story-utils";
import { componentDocs } from "../lib/story-docs";

const stay = (event: React.MouseEvent) => event.preventDefault();

const navigation = (
  <>
    <DrawerItem href="#/schools" active onClick={stay}>
      School Management
    </DrawerItem>
    <DrawerItem href="#/schools/create" onClick={stay}>
      Create New School
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
  title: "Layout/AppShell",
  component: AppShell,
  args: {
    layout: "desktop",
    navigationLabel: "Main menu",
    navigation,
    offlineMessage: "No internet connection.",
    topBar: (
      <TopBar
        brand={<span className="text-primary">School LMS</span>}
        userName="Maria"
        profileMenuItems={[
          { label: "My Profile", onSelect: fn() },
          { label: "Logout", onSelect: fn(), destructive: true },
        ]}
      />
    ),
    children: (
      <>
        <PageHeader
          title="School Management"
          description="Every school on the platform."
          actions={<Button>Create New School</Button>}
        />
        <SkeletonTable columns={["School code", "School name", "City", "Status"]} />
      </>
    ),
  },
  parameters: {
    ...componentDocs({
      usage:
        "The portal's frame: top bar, side drawer (an overlay below the mobile breakpoint, 700 px), offline banner, loading bar, then the page. Mount it once in the router's layout route; pages render inside it.",
      do: [
        "Keep one AppShell for the whole signed-in app, so the drawer and top bar never remount.",
        "Use `useAppShell()` in a page to close the mobile drawer after navigating.",
      ],
      dont: [
        "Nest a second AppShell, or a page-level top bar, inside a page.",
        "Put page actions in the top bar: they belong in the page's PageHeader.",
      ],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole("navigation", { name: "Main menu" });
    await expect(nav.getBoundingClientRect().width).toBe(200);
    await expect(canvas.queryByRole("button", { name: "Open menu" })).toBeNull();
    await expect(canvas.getByRole("main")).toBeVisible();
  },
};

export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "No internet connection.",
    );
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("progressbar", { name: "Loading" })).toBeVisible();
  },
};

export const Mobile: Story = {
  args: { layout: "mobile" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("navigation")).toBeNull();
    await expect(canvas.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  },
};

export const MobileDrawerOpen: Story = {
  args: { layout: "mobile" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menuButton = canvas.getByRole("button", { name: "Open menu" });
    await userEvent.click(menuButton);
    const body = within(canvasElement.ownerDocument.body);
    const drawer = await body.findByRole("dialog", { name: "Main menu" });
    await expect(drawer.getBoundingClientRect().width).toBe(200);
    // The page behind the overlay is out of reach.
    await expect(canvasElement.querySelector("[data-slot='app-shell']")).toHaveAttribute("inert");
    await expect(within(drawer).getByRole("link", { name: "School Management" })).toBeVisible();
  },
};

export const ClosesDrawerOnNavigation: Story = {
  args: { layout: "mobile" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menuButton = canvas.getByRole("button", { name: "Open menu" });
    await userEvent.click(menuButton);
    const body = within(canvasElement.ownerDocument.body);
    const drawer = await body.findByRole("dialog", { name: "Main menu" });
    await userEvent.click(within(drawer).getByRole("link", { name: "Courses" }));
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());
    await overlaysSettled(canvasElement);
  },
};

export const ClosesDrawerWithEscape: Story = {
  args: { layout: "mobile" },
  play: async ({ canvasElement }) => {
    const menuButton = within(canvasElement).getByRole("button", { name: "Open menu" });
    await userEvent.click(menuButton);
    const body = within(canvasElement.ownerDocument.body);
    const drawer = await body.findByRole("dialog", { name: "Main menu" });
    // Focus starts on the first link and stays inside the drawer.
    const links = within(drawer).getAllByRole("link");
    await expect(links[0]).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(links.at(-1)).toHaveFocus();
    await userEvent.tab();
    await expect(links[0]).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());
    await overlaysSettled(canvasElement);
  },
};

export const FollowsTheBreakpoint: Story = {
  // "auto" follows the media query: with a breakpoint wider than any test screen, it is mobile.
  args: { layout: "auto", mobileBreakpoint: 10000 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector("[data-slot='app-shell']")).toHaveAttribute(
      "data-layout",
      "mobile",
    );
  },
};
