import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { NotFound } from "./not-found";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Layout/NotFound",
  component: NotFound,
  args: {
    title: "Page not found",
    description: "The page you are looking for does not exist or has moved.",
    action: (
      <Button asChild>
        <a href="#/schools">Go to schools</a>
      </Button>
    ),
  },
  parameters: {
    ...componentDocs({
      usage: "The page shown for an unknown route: a title, a line of help and the way back.",
      do: ["Offer a way back to the start page.", "Keep the text short and calm."],
      dont: [
        "Show a technical error or status code to the user.",
        "Use it for missing permissions: that page says so.",
      ],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("heading", { level: 1, name: "Page not found" }),
    ).toBeVisible();
  },
};

export const WithoutAction: Story = { args: { action: undefined } };

/** A screen that is no "not found" (offline, a page that failed to load) shows no code. */
export const WithoutCode: Story = {
  args: {
    code: null,
    title: "No internet connection",
    description: "Check your connection. Your work is kept; try again when you are back online.",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "No internet connection" })).toBeVisible();
    await expect(canvas.queryByText("404")).toBeNull();
  },
};
