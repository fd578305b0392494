import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { PageHeader } from "./page-header";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Layout/PageHeader",
  component: PageHeader,
  parameters: componentDocs({
    usage:
      "The title block at the top of a page, with its description and actions (the screen's main button at the end).",
    do: [
      "Use the page's name as the title, the same as in the drawer.",
      "Keep at most one primary action here.",
    ],
    dont: [
      "Put filters here: they belong in the list's toolbar.",
      "Use it inside cards or dialogs.",
    ],
  }),
  args: { title: "School Management" },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("heading", { level: 1, name: "School Management" }),
    ).toBeVisible();
  },
};

export const WithDescription: Story = {
  args: { description: "Every school on the platform, with its subscription and status." },
};

export const WithActions: Story = {
  args: {
    description: "Every school on the platform.",
    actions: (
      <>
        <Button variant="outline">Export</Button>
        <Button>Create New School</Button>
      </>
    ),
  },
};

export const WithEyebrow: Story = {
  args: {
    eyebrow: <a href="#/schools">Schools</a>,
    title: "Rizal High School",
    actions: <Button variant="outline">Edit</Button>,
  },
};
