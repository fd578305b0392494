import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DataTableRowActions } from "./data-table-row-actions";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/DataTable parts/RowActions",
  component: DataTableRowActions,
  parameters: componentDocs({
    usage:
      'A row\'s edit button and its "more actions" menu (status change, delete). Both are named after the row ("More actions for Rizal High School").',
    do: [
      "Put the everyday action on the edit button and the rest in the menu.",
      "Mark deletes `destructive`, and confirm them.",
    ],
    dont: [
      "Put more than two buttons in a row.",
      "Disable the menu button when one entry is unavailable: disable that entry instead.",
    ],
  }),
  args: {
    rowLabel: "Rizal High School",
    onEdit: fn(),
    actions: [
      { label: "Disable", onSelect: fn() },
      { label: "Delete", onSelect: fn(), destructive: true },
    ],
  },
} satisfies Meta<typeof DataTableRowActions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EditAndMenu: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Edit Rizal High School" }));
    await expect(args.onEdit).toHaveBeenCalledTimes(1);
    await userEvent.click(
      canvas.getByRole("button", { name: "More actions for Rizal High School" }),
    );
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Delete" }));
    await expect(args.actions![1]!.onSelect).toHaveBeenCalledTimes(1);
    await expect(args.actions![0]!.onSelect).not.toHaveBeenCalled();
  },
};

export const EditOnly: Story = {
  args: { actions: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("button")).toHaveLength(1);
    await expect(canvas.getByRole("button", { name: "Edit Rizal High School" })).toBeVisible();
  },
};

export const MenuOnly: Story = {
  args: { onEdit: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole("button")).toHaveLength(1);
  },
};

export const Translated: Story = {
  args: {
    labels: {
      editRow: (row) => `I-edit ang ${row}`,
      rowActions: (row) => `Iba pang aksyon para sa ${row}`,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole("button", { name: "I-edit ang Rizal High School" }),
    ).toBeVisible();
  },
};
