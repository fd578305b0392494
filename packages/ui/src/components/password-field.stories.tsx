import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { PasswordField } from "./password-field";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/PasswordField",
  component: PasswordField,
  parameters: componentDocs({
    usage:
      "A password input with a button that shows or hides what was typed. Pair it with the StrengthMeter when a new password is chosen.",
    do: [
      'Use `autoComplete="new-password"` for a new password, `current-password` to sign in.',
      "Keep the show button named in the user's language.",
    ],
    dont: [
      "Check the password's rules only on submit: show the strength as the user types.",
      "Disable paste.",
    ],
  }),
  args: { "aria-label": "New password", defaultValue: "Secret#2024" },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("New password");
    await expect(input).toHaveAttribute("type", "password");
    await userEvent.click(canvas.getByRole("button", { name: "Show password" }));
    await expect(input).toHaveAttribute("type", "text");
    await userEvent.click(canvas.getByRole("button", { name: "Hide password" }));
    await expect(input).toHaveAttribute("type", "password");
  },
};

export const Shown: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Show password" }));
  },
};

export const Empty: Story = {
  args: { defaultValue: undefined, placeholder: "At least 8 characters" },
};

export const Invalid: Story = { args: { "aria-invalid": true } };

export const Disabled: Story = { args: { disabled: true } };
