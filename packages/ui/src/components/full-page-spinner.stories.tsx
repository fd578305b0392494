import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { FullPageSpinner } from "./full-page-spinner";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Feedback/FullPageSpinner",
  component: FullPageSpinner,
  args: { label: "Signing in to your classes…" },
  parameters: {
    ...componentDocs({
      usage:
        "Covers the page while the app starts (SPEC.md §2: until the silent class-service sign-in ends).",
      do: [
        "Give it a `label` that says what is happening.",
        "Use it only before the shell is on screen.",
      ],
      dont: [
        "Use it for a page's data: that is the loading bar and skeletons.",
        "Keep it up after an error: show the error.",
      ],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof FullPageSpinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithLabel: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent(
      "Signing in to your classes…",
    );
  },
};

export const LabelHidden: Story = { args: { hideLabel: true, label: "Loading" } };
