import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Layout/Tabs",
  component: Tabs,
  parameters: componentDocs({
    usage:
      "Radix tabs: a row of triggers and one panel at a time. For tabs that are pages, link each trigger to its route.",
    do: ["Keep tab names one or two words.", "Put the most used tab first."],
    dont: ["Use tabs for steps the user must go through in order.", "Nest tabs in tabs."],
  }),
  args: { defaultValue: "info" },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="School details">
        <TabsTrigger value="info">School information</TabsTrigger>
        <TabsTrigger value="users">Users</TabsTrigger>
        <TabsTrigger value="settings">School settings</TabsTrigger>
        <TabsTrigger value="archive" disabled>
          Archive
        </TabsTrigger>
      </TabsList>
      <TabsContent value="info">Code, name, address and subscription.</TabsContent>
      <TabsContent value="users">The school's users.</TabsContent>
      <TabsContent value="settings">Parent accounts and the LMS URL.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstTab: Story = {};

export const ChoosesATab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "Users" }));
    await expect(canvas.getByRole("tab", { name: "Users" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("The school's users.");
  },
};

export const SettingsTab: Story = { args: { defaultValue: "settings" } };

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("tab", { name: "School information" }).focus();
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "Users" })).toHaveFocus();
  },
};
