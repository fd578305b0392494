import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "./button";
import { PageHeader } from "./page-header";

const meta = {
  title: "Layout/PageHeader",
  component: PageHeader,
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
