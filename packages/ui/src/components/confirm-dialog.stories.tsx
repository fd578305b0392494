import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { toast } from "../lib/toast";
import { Toaster } from "./toaster";
import { overlaysSettled } from "../lib/story-utils";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Overlays/ConfirmDialog",
  component: ConfirmDialog,
  parameters: componentDocs({
    usage:
      'A modal that asks before an action with consequences: a title, a message, confirm and cancel, 370 px wide by default (SPEC.md §9). `tone="destructive"` paints the confirm button red; `requireText` makes the user type a word before deleting. Most screens call `useConfirm()` instead of rendering it.',
    do: [
      'Say what will happen in the title ("Delete 3 users?") and name the consequence in the message.',
      'Keep the confirm button\'s text the action ("Delete"), not "OK".',
    ],
    dont: [
      "Ask for every click: confirm only what is destructive or hard to undo.",
      "Put a form in it: use a page or a drawer for input.",
    ],
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

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog", { name: "Create school?" });
    await expect(dialog).toHaveAccessibleDescription(
      "Rizal High School will be added to the platform.",
    );
    // SPEC.md §9: 370 px wide by default.
    await expect(getComputedStyle(dialog).width).toBe("370px");
    // The safe choice has focus first.
    await expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
  },
};

export const Destructive: Story = {
  args: {
    defaultOpen: true,
    tone: "destructive",
    title: "Delete school?",
    message: "Rizal High School and its users will be removed. This cannot be undone.",
    confirmLabel: "Delete",
  },
};

export const Pending: Story = {
  args: { defaultOpen: true, pending: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await expect(within(dialog).getByRole("button", { name: "Create" })).toBeDisabled();
    await expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await expect(dialog).toHaveAttribute("aria-busy", "true");
  },
};

export const SpeaksToastsWhileOpen: Story = {
  // The toaster's live region is hidden behind the modal dialog: the dialog speaks the toast.
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog");
    toast.error("Students could not be moved.");
    await waitFor(() =>
      expect(within(dialog).getByRole("status")).toHaveTextContent("Students could not be moved."),
    );
  },
};

export const ShowsToastsAboveIt: Story = {
  // The toasts' layer is a popover in the browser's top layer, above the dialog's overlay; a
  // press on a toast does not cancel the dialog.
  args: { defaultOpen: true },
  render: (args) => (
    <>
      <Toaster />
      <ConfirmDialog {...args} />
    </>
  ),
  play: async ({ args, canvasElement }) => {
    const document = canvasElement.ownerDocument;
    const dialog = await body(canvasElement).findByRole("alertdialog");
    toast("Draft kept.");
    const shown = await waitFor(() => {
      const element = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")].find(
        (toastElement) => toastElement.textContent?.includes("Draft kept."),
      );
      expect(element).toBeDefined();
      expect(element!.getBoundingClientRect().height).toBeGreaterThan(0);
      return element!;
    });
    const layer = document.querySelector<HTMLElement>("[data-slot=toaster-layer]")!;
    await expect(layer.matches(":popover-open")).toBe(true);
    await waitFor(() => {
      const box = shown.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      expect(shown.contains(top)).toBe(true);
    });
    await userEvent.pointer({ keys: "[MouseLeft]", target: shown });
    await expect(dialog).toHaveAttribute("data-state", "open");
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Wide: Story = { args: { defaultOpen: true, width: 520 } };

export const WithoutMessage: Story = { args: { defaultOpen: true, message: undefined } };

export const ConfirmsFromTrigger: Story = {
  args: { trigger: <Button>Create school</Button> },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Create school" });
    await userEvent.click(trigger);
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    // Focus returns to the element that opened the dialog.
    await waitFor(() => expect(trigger).toHaveFocus());
    await overlaysSettled(canvasElement);
  },
};

export const PendingWhileAsyncConfirmRuns: Story = {
  args: {
    trigger: <Button>Save</Button>,
    title: "Save changes?",
    confirmLabel: "Save",
    onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 400))),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Save" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await expect(dialog).toHaveAttribute("aria-busy", "true");
    await expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull(), {
      timeout: 2000,
    });
    await overlaysSettled(canvasElement);
  },
};

export const WithChoice: Story = {
  args: {
    defaultOpen: true,
    title: "Move students?",
    message: "They stay in their grade and school year.",
    confirmLabel: "Move",
    children: (
      <label className="flex flex-col gap-1 text-sm">
        New section
        <input className="rounded-control border border-input px-3 py-2" defaultValue="Mabini" />
      </label>
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog", { name: "Move students?" });
    await expect(dialog).toHaveAccessibleDescription("They stay in their grade and school year.");
    await expect(within(dialog).getByRole("textbox", { name: "New section" })).toHaveValue(
      "Mabini",
    );
  },
};

export const ChoosesFromASelectInside: Story = {
  // A select's list (a layer of its own above the dialog) opens, takes its keys, then closes alone.
  args: {
    defaultOpen: true,
    title: "Move students?",
    confirmLabel: "Move",
    children: (
      <Select defaultValue="Rizal">
        <SelectTrigger aria-label="New section">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="Rizal">Rizal</SelectItem>
          <SelectItem value="Mabini">Mabini</SelectItem>
        </SelectContent>
      </Select>
    ),
  },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog", { name: "Move students?" });
    const select = within(dialog).getByRole("combobox", { name: "New section" });
    await userEvent.click(select);
    await userEvent.click(await body(canvasElement).findByRole("option", { name: "Mabini" }));
    await expect(select).toHaveTextContent("Mabini");
    // Escape in the open list closes the list, not the dialog.
    select.focus();
    await userEvent.keyboard("{ArrowDown}");
    await body(canvasElement).findByRole("listbox");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body(canvasElement).queryByRole("listbox")).toBeNull());
    await expect(dialog).toBeVisible();
    await expect(select).toHaveTextContent("Mabini");
  },
};

export const TypeToConfirm: Story = {
  args: {
    trigger: <Button>Delete record</Button>,
    tone: "destructive",
    title: "Confirm deletion",
    message: "North Campus, 12 members and 3 groups will be moved away.",
    confirmLabel: "Delete",
    confirmText: { value: "NC-01", label: "Type NC-01 to confirm" },
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Delete record" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    const field = within(dialog).getByRole("textbox", { name: "Type NC-01 to confirm" });
    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    // The field has focus first, and the confirm button waits for the exact text.
    await expect(field).toHaveFocus();
    await expect(confirm).toBeDisabled();
    await userEvent.type(field, "NC-0");
    await userEvent.keyboard("{Enter}");
    await expect(confirm).toBeDisabled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
    // Trimmed and case-insensitive.
    await userEvent.clear(field);
    await userEvent.type(field, " nc-01 ");
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    await overlaysSettled(canvasElement);
  },
};
