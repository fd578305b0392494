import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { StrengthMeter } from "./strength-meter";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/StrengthMeter",
  component: StrengthMeter,
  parameters: componentDocs({
    usage:
      "A segmented bar for password strength: the count of valid criteria out of 6, red below 4, yellow from 4, green at 6 (SPEC.md §5). The level is always announced to screen readers.",
    do: ["Show it under a new-password field as the user types.", "List the criteria beside it."],
    dont: [
      "Block submit on the colour alone: the schema decides.",
      "Use it for anything other than a password.",
    ],
  }),
  args: { value: 0 },
  decorators: [
    (Story) => (
      <div className="max-w-xs">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StrengthMeter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Weak: Story = {
  args: { value: 3 },
  play: async ({ canvasElement }) => {
    const meter = within(canvasElement).getByRole("meter", { name: "Password strength" });
    await expect(meter).toHaveAttribute("aria-valuetext", "Weak (3/6)");
    await expect(canvasElement.querySelector("[data-level]")).toHaveAttribute("data-level", "weak");
  },
};

export const Medium: Story = {
  args: { value: 4 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("meter")).toHaveAttribute(
      "aria-valuetext",
      "Medium (4/6)",
    );
  },
};

export const AlmostStrong: Story = { args: { value: 5 } };

export const Strong: Story = {
  args: { value: 6 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Password strength: Strong (6/6)")).toBeVisible();
  },
};

export const LevelForScreenReadersOnly: Story = {
  args: { value: 4, showLevel: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Medium/)).toHaveClass("sr-only");
  },
};

export const Translated: Story = {
  args: {
    value: 6,
    label: "Lakas ng password",
    levelLabels: { weak: "Mahina", medium: "Katamtaman", strong: "Malakas" },
  },
};
