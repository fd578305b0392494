import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Textarea } from "./textarea";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/Textarea",
  component: Textarea,
  parameters: componentDocs({
    usage: "A multi-line input. Inside a FormField it takes the field's id, description and error.",
    do: ["Set `rows` to about the length expected.", "Say a length limit in the description."],
    dont: ["Use it for one line of text.", "Let it grow without limit in a dialog."],
  }),
  args: { "aria-label": "Description", placeholder: "What the course is about" },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Typing: Story = {
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole("textbox", { name: "Description" });
    await userEvent.type(textarea, "Fractions and decimals");
    await expect(textarea).toHaveValue("Fractions and decimals");
  },
};

export const Filled: Story = {
  args: { defaultValue: "An introduction to fractions, decimals and percentages for grade 5." },
};

export const Invalid: Story = { args: { "aria-invalid": true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: "Read only text" } };
