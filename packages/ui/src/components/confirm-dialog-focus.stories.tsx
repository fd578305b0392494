import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { overlaysSettled } from "../lib/story-utils";
import { componentDocs } from "../lib/story-docs";

// Keyboard, pointer and focus: Radix Dialog traps focus, Escape or a press outside cancels,
// focus goes back where it came from.
const meta = {
  title: "Overlays/ConfirmDialog/Focus and dismissing",
  component: ConfirmDialog,
  parameters: componentDocs({
    usage:
      "Tab stays inside the open dialog; Escape or a press outside cancels it (not while its work runs); focus goes back to the element that opened it, or to the region around it when that element is gone.",
    do: ["Give the dialog a trigger, or open it from the element that should get focus back."],
    dont: ["Move focus yourself after the dialog closes: it already returns."],
    framed: true,
  }),
  args: {
    title: "Create school?",
    message: "Rizal High School will be added to the platform.",
    confirmLabel: "Create",
    cancelLabel: "Cancel",
    onConfirm: fn(),
    onCancel: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** The dimmed page around the dialog. */
const overlay = (canvasElement: HTMLElement) =>
  canvasElement.ownerDocument.querySelector<HTMLElement>("[data-slot=confirm-dialog-overlay]")!;

export const StaysOpenWhilePending: Story = {
  args: { defaultOpen: true, pending: true },
  play: async ({ args, canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.keyboard("{Escape}");
    // A press on the overlay, outside the dialog's box.
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: overlay(canvasElement),
      coords: { clientX: 2, clientY: 2 },
    });
    await expect(dialog).toHaveAttribute("data-state", "open");
    await expect(dialog).toBeInTheDocument();
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const CancelsOnAPressOutside: Story = {
  args: { trigger: <Button>Create school</Button> },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Create school" });
    await userEvent.click(trigger);
    await body(canvasElement).findByRole("alertdialog");
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: overlay(canvasElement),
      coords: { clientX: 2, clientY: 2 },
    });
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
    await overlaysSettled(canvasElement);
  },
};

/** A row's delete: the confirmed action removes the row, trigger and dialog with it. */
function DeletesItsRow({
  afterwards = <p>No schools.</p>,
  ...args
}: React.ComponentProps<typeof ConfirmDialog> & { afterwards?: React.ReactNode }) {
  const [deleted, setDeleted] = React.useState(false);
  return (
    <section aria-label="Schools" tabIndex={-1}>
      {deleted ? (
        afterwards
      ) : (
        <ConfirmDialog
          {...args}
          onConfirm={() => {
            args.onConfirm?.();
            setDeleted(true);
          }}
        />
      )}
    </section>
  );
}

export const ReturnsFocusToThePageWhenItsRowIsGone: Story = {
  args: { trigger: <Button>Delete school</Button>, tone: "destructive", confirmLabel: "Delete" },
  render: (args) => <DeletesItsRow {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Delete school" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    // Not the document's body: the nearest region around the deleted row that takes focus.
    await waitFor(() =>
      expect(within(canvasElement).getByRole("region", { name: "Schools" })).toHaveFocus(),
    );
    await overlaysSettled(canvasElement);
  },
};

export const LeavesFocusWhereNewContentPutIt: Story = {
  args: { trigger: <Button>Delete school</Button>, tone: "destructive", confirmLabel: "Delete" },
  render: (args) => (
    // A form shown in the row's place takes focus itself.
    <DeletesItsRow {...args} afterwards={<input aria-label="New school" autoFocus />} />
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Delete school" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    const input = within(canvasElement).getByRole("textbox", { name: "New school" });
    await waitFor(() => expect(input).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(input).toHaveFocus();
    await overlaysSettled(canvasElement);
  },
};

export const CancelsWithEscape: Story = {
  args: { trigger: <Button>Delete school</Button>, tone: "destructive", confirmLabel: "Delete" },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Delete school" });
    await userEvent.click(trigger);
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(dialog).not.toBeInTheDocument();
    // Focus returns to the element that opened the dialog.
    await waitFor(() => expect(trigger).toHaveFocus());
    await overlaysSettled(canvasElement);
  },
};

export const TrapsFocus: Story = {
  args: { trigger: <Button>Delete school</Button>, tone: "destructive", confirmLabel: "Delete" },
  render: (args) => (
    <>
      <Button>Before</Button>
      <ConfirmDialog {...args} />
      <Button>After</Button>
    </>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Delete school" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    const cancel = within(dialog).getByRole("button", { name: "Cancel" });
    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    await expect(cancel).toHaveFocus();
    // Tab from the last control goes to the first, Shift+Tab from the first to the last.
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(confirm).toHaveFocus();
    // The page behind is out of reach of assistive technology too.
    await expect(
      within(canvasElement).queryByRole("button", { name: "Before" }),
    ).not.toBeInTheDocument();
    await userEvent.click(confirm);
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    await overlaysSettled(canvasElement);
  },
};

export const KeepsThePageStill: Story = {
  // The scroll lock neither scrolls nor moves the page sideways (theme.css keeps the scrollbar's room).
  args: { trigger: <Button>Delete school</Button> },
  play: async ({ canvasElement }) => {
    const page = canvasElement.ownerDocument.body;
    const before = page.getBoundingClientRect();
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Delete school" }));
    await body(canvasElement).findByRole("alertdialog");
    await waitFor(() => expect(page).toHaveAttribute("data-scroll-locked"));
    const after = page.getBoundingClientRect();
    await expect(after.width).toBe(before.width);
    await expect(after.left).toBe(before.left);
    await userEvent.keyboard("{Escape}");
    await overlaysSettled(canvasElement);
  },
};
