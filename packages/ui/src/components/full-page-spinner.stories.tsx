import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { FullPageSpinner } from "./full-page-spinner";

const meta = {
  title: "Feedback/FullPageSpinner",
  component: FullPageSpinner,
  args: { label: "Signing in to your classes…" },
  parameters: { layout: "fullscreen" },
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
