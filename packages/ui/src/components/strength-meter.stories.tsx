import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { StrengthMeter } from "./strength-meter";

const meta = {
  title: "Form/StrengthMeter",
  component: StrengthMeter,
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
