import type { Meta, StoryObj } from "@storybook/react-vite";
import { Skeleton } from "./skeleton";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Feedback/Skeleton",
  component: Skeleton,
  parameters: componentDocs({
    usage:
      "A grey placeholder block that pulses while content loads. Decorative: announce loading elsewhere.",
    do: ["Match the size of what will appear.", "Use a few blocks, not a copy of the layout."],
    dont: [
      "Use it where a spinner inside a button says enough.",
      "Leave it on screen when loading failed.",
    ],
  }),
  args: { className: "h-4 w-64" },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {};

export const Card: Story = {
  render: () => (
    <div className="flex w-72 flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  ),
};
