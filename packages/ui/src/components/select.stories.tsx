import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "./select";
import { overlaysSettled } from "../lib/story-utils";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Form/Select",
  component: Select,
  parameters: componentDocs({
    usage:
      "A Radix select for choosing one value from a short list. Inside a FormField the trigger takes the field's label and error.",
    do: [
      "Use it for 4 to 15 options; fewer read better as radio buttons or tabs.",
      "Give the trigger a placeholder that says what to choose.",
    ],
    dont: ["Use it for actions: that is a DropdownMenu.", "Put long searchable lists in it."],
  }),
  args: { onValueChange: fn() },
  render: (args) => (
    <Select {...args}>
      <SelectTrigger aria-label="Grade level" className="w-56">
        <SelectValue placeholder="Choose a grade" />
      </SelectTrigger>
      <SelectContent>
        <SelectGroup>
          <SelectLabel>Junior high</SelectLabel>
          <SelectItem value="7">Grade 7</SelectItem>
          <SelectItem value="8">Grade 8</SelectItem>
          <SelectItem value="9">Grade 9</SelectItem>
          <SelectItem value="10">Grade 10</SelectItem>
        </SelectGroup>
        <SelectSeparator />
        <SelectGroup>
          <SelectLabel>Senior high</SelectLabel>
          <SelectItem value="11">Grade 11</SelectItem>
          <SelectItem value="12" disabled>
            Grade 12
          </SelectItem>
        </SelectGroup>
      </SelectContent>
    </Select>
  ),
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Placeholder: Story = {};

export const Selected: Story = { args: { defaultValue: "8" } };

// No story leaves the list open: Radix Select hides the rest of the page with aria-hidden while
// it is open, and axe reports the (trapped, unreachable) trigger as focusable inside it.
export const ChoosesAnOption: Story = {
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole("combobox", { name: "Grade level" }));
    const listbox = await body.findByRole("listbox");
    await waitFor(() => expect(listbox).toBeVisible());
    await userEvent.click(body.getByRole("option", { name: "Grade 9" }));
    await expect(args.onValueChange).toHaveBeenCalledWith("9");
    await expect(within(canvasElement).getByRole("combobox")).toHaveTextContent("Grade 9");
    await overlaysSettled(canvasElement);
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: "7" } };
