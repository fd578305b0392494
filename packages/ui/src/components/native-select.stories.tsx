import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { NativeSelect } from "./native-select";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/NativeSelect",
  component: NativeSelect,
  parameters: componentDocs({
    usage:
      "The browser's own select in the house look: for a few plain options on a page that must open fast (rows per page, a list's filters). A phone shows its native picker.",
    do: ["Name it with a visible `<label>` or `aria-label`.", "Keep the options short text."],
    dont: [
      "Use it where options need icons, groups with headings or rich text: that is Select.",
      "Use it for actions: that is a DropdownMenu.",
    ],
  }),
  args: { onChange: fn(), "aria-label": "Rows per page", defaultValue: "25", className: "w-20" },
  render: (args) => (
    <NativeSelect {...args}>
      <option value="10">10</option>
      <option value="25">25</option>
      <option value="50">50</option>
    </NativeSelect>
  ),
} satisfies Meta<typeof NativeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole("combobox", { name: "Rows per page" });
    await expect(select).toHaveValue("25");
    await userEvent.selectOptions(select, "50");
    await expect(select).toHaveValue("50");
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const Small: Story = { args: { size: "sm" } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("combobox")).toBeDisabled();
  },
};
