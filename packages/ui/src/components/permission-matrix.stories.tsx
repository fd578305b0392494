import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { PermissionMatrix, type PermissionValue } from "./permission-matrix";
import { componentDocs } from "../lib/story-docs";

const modules = [
  { key: "schools", label: "Schools" },
  { key: "users", label: "Admin users", description: "Create, edit and deactivate users" },
  { key: "roles", label: "Roles and permissions" },
  { key: "courses", label: "Courses" },
  { key: "materials", label: "Materials" },
];

const teacher: PermissionValue = {
  courses: { access: true, add: true, view: true, modify: true },
  materials: { access: true, view: true },
};

const meta = {
  title: "Data/PermissionMatrix",
  component: PermissionMatrix,
  parameters: componentDocs({
    usage:
      "A modules × rights grid of checkboxes (access, add, view, modify), with select-all and whole-row selection (SPEC.md §3 and §6). Read-only shows a role's rights.",
    do: [
      "Describe a module when its name is not enough.",
      "Use `readOnly` to show the rights of a built-in role.",
    ],
    dont: [
      "Grant rights the caller does not have: the server refuses them.",
      "Reorder the rights columns.",
    ],
  }),
  args: { modules, value: teacher, onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return (
      <PermissionMatrix
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next);
          args.onChange?.(next);
        }}
      />
    );
  },
} satisfies Meta<typeof PermissionMatrix>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Editable: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const cell = canvas.getByRole("checkbox", { name: "Add Materials" });
    await userEvent.click(cell);
    await expect(cell).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ materials: { access: true, view: true, add: true } }),
    );
    await expect(canvas.getByRole("checkbox", { name: "All rights for Courses" })).toBeChecked();
    await expect(
      canvas.getByRole("checkbox", { name: "All rights for Materials" }),
    ).toHaveAttribute("data-state", "indeterminate");
  },
};

export const SelectsAWholeRow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "All rights for Schools" }));
    for (const right of ["Access", "Add", "View", "Modify"]) {
      await expect(canvas.getByRole("checkbox", { name: `${right} Schools` })).toBeChecked();
    }
    await userEvent.click(canvas.getByRole("checkbox", { name: "All rights for Schools" }));
    await expect(canvas.getByRole("checkbox", { name: "Access Schools" })).not.toBeChecked();
  },
};

export const SelectsAll: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole("checkbox", { name: "Select all" });
    await expect(all).toHaveAttribute("data-state", "indeterminate");
    await userEvent.click(all);
    await expect(all).toBeChecked();
    const cells = canvas.getAllByRole("checkbox");
    await expect(cells.every((cell) => cell.getAttribute("data-state") === "checked")).toBe(true);
  },
};

export const Empty: Story = { args: { value: {} } };

export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("checkbox", { name: "Select all" })).toBeNull();
    await expect(canvas.getByRole("checkbox", { name: "Add Courses" })).toBeDisabled();
    await expect(canvas.getByRole("checkbox", { name: "Add Courses" })).toBeChecked();
  },
};

export const Translated: Story = {
  args: {
    labels: {
      module: "Modyul",
      selectAll: "Piliin lahat",
      rights: { access: "Access", add: "Magdagdag", view: "Tingnan", modify: "Baguhin" },
      selectRow: (module) => `Lahat ng karapatan para sa ${module}`,
      cell: (module, right) => `${right} ${module}`,
    },
  },
};
