import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { TextField } from "./text-field";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/TextField",
  component: TextField,
  parameters: componentDocs({
    usage:
      "A single-line input. Inside a FormField it takes the field's id, description and error.",
    do: ["Use the right `type` and `autoComplete` (email, tel).", "Size it to the value expected."],
    dont: ["Use a placeholder as the label.", "Use it for long text: that is a Textarea."],
  }),
  args: { "aria-label": "School name", placeholder: "e.g. Rizal High School" },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Typing: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "School name" });
    await userEvent.type(input, "Rizal High School");
    await expect(input).toHaveValue("Rizal High School");
  },
};

export const Filled: Story = { args: { defaultValue: "Rizal High School" } };

export const Invalid: Story = { args: { "aria-invalid": true, defaultValue: "R" } };

export const Disabled: Story = { args: { disabled: true, defaultValue: "RHS-001" } };

export const Small: Story = { args: { size: "sm" } };

export const Large: Story = { args: { size: "lg" } };
