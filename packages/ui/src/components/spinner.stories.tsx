import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Spinner } from "./spinner";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Feedback/Spinner",
  component: Spinner,
  parameters: componentDocs({
    usage:
      "A small rotating ring for a wait inside a control or a small area. Give it a `label` when nothing else tells assistive tech that work is in progress.",
    do: ["Use it inside a button via `pending`.", "Size it to the text beside it."],
    dont: ["Show several spinners at once.", "Use it for a page load: that is the loading bar."],
  }),
  args: { label: "Loading", className: "text-primary" },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Small: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading");
  },
};
export const Medium: Story = { args: { size: "md" } };
export const Large: Story = { args: { size: "lg" } };
