import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Checkbox } from "./checkbox";
import { FormField } from "./form-field";
import { PasswordField } from "./password-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { Switch } from "./switch";
import { TextField } from "./text-field";
import { Textarea } from "./textarea";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/FormField",
  component: FormField,
  parameters: componentDocs({
    usage:
      "A label, a control, an optional description and the error, wired together (ids, `aria-describedby`, `aria-invalid`). TextField, Textarea, Select and Checkbox inside it pick the wiring up.",
    do: [
      "Use one FormField per input, with a visible label.",
      "Show the schema's error message from @lms/core, in the user's language.",
    ],
    dont: [
      "Use a placeholder as the label.",
      "Show an error before the user has left the field or submitted.",
    ],
  }),
  args: { label: "School name", children: <TextField placeholder="e.g. Rizal High School" /> },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "School name" })).toBeVisible();
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: /School name/ });
    await expect(input).toHaveAttribute("aria-required", "true");
  },
};

export const WithHelp: Story = {
  args: { help: "As written on the DepEd registration." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "School name" });
    await expect(input).toHaveAccessibleDescription("As written on the DepEd registration.");
  },
};

export const WithError: Story = {
  args: {
    required: true,
    error: "This field is required.",
    help: "As written on the DepEd registration.",
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: /School name/ });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      "This field is required. As written on the DepEd registration.",
    );
  },
};

export const Password: Story = {
  args: {
    label: "New password",
    required: true,
    help: "8 to 128 characters.",
    children: <PasswordField />,
  },
};

export const WithSelect: Story = {
  args: {
    label: "Subscription type",
    children: (
      <Select defaultValue="basic">
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="basic">Basic</SelectItem>
          <SelectItem value="premium">Premium</SelectItem>
        </SelectContent>
      </Select>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("combobox", { name: "Subscription type" }),
    ).toBeVisible();
  },
};

export const WithTextarea: Story = {
  args: { label: "Description", children: <Textarea /> },
};

export const WithCheckbox: Story = {
  args: {
    label: "Require parent account",
    orientation: "horizontal",
    help: "Students of this school need a linked parent.",
    children: <Checkbox />,
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("checkbox", { name: "Require parent account" }),
    ).toBeVisible();
  },
};

export const WithSwitch: Story = {
  args: { label: "Enabled", orientation: "horizontal", children: <Switch defaultChecked /> },
};
