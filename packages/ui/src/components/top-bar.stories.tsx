import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { TopBar } from "./top-bar";
import { componentDocs } from "../lib/story-docs";

const photo =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dbeafe"/><circle cx="32" cy="25" r="12" fill="#1d4ed8"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#1d4ed8"/></svg>',
  );

const meta = {
  title: "Layout/TopBar",
  component: TopBar,
  args: {
    brand: <span className="text-primary">School LMS</span>,
    userName: "Maria",
    userPhotoUrl: photo,
    profileMenuItems: [
      { label: "My Profile", onSelect: fn() },
      { label: "Logout", onSelect: fn(), destructive: true },
    ],
  },
  parameters: {
    ...componentDocs({
      usage:
        "The bar across the top of the portal: brand, the menu button on small screens, the calendar, messages and notifications buttons, and the user's photo, name and profile menu.",
      do: ["Let the AppShell place it.", "Pass every label in the user's language."],
      dont: ["Put page actions in it.", "Add more than the profile menu's few entries."],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const WithPhoto: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Maria")).toBeVisible();
    await expect(canvasElement.querySelector("img")).toHaveAttribute("src", photo);
  },
};

export const WithoutPhoto: Story = { args: { userPhotoUrl: undefined } };

export const ProfileMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Account: Maria" }));
    const menu = await body(canvasElement).findByRole("menu");
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["My Profile", "Logout"]);
  },
};

export const ChoosesMyProfile: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Account: Maria" }));
    const menu = await body(canvasElement).findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "My Profile" }));
    await expect(args.profileMenuItems[0]?.onSelect).toHaveBeenCalledTimes(1);
  },
};

export const LaunchingSoonMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Notifications" }));
    const menu = await body(canvasElement).findByRole("menu");
    const item = within(menu).getByRole("menuitem", { name: "Launching Soon" });
    await expect(item).toHaveAttribute("aria-disabled", "true");
  },
};

export const WithoutPlaceholders: Story = { args: { hidePlaceholders: true } };

export const Translated: Story = {
  args: {
    labels: {
      calendar: "Kalendaryo",
      email: "Email",
      notifications: "Mga abiso",
      launchingSoon: "Malapit nang ilunsad",
      profileMenu: "Account",
      openMenu: "Buksan ang menu",
    },
    profileMenuItems: [
      { label: "Aking Profile", onSelect: fn() },
      { label: "Mag-logout", onSelect: fn(), destructive: true },
    ],
  },
};
