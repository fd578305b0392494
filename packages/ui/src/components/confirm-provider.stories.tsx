import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { ConfirmProvider, useConfirm, type ConfirmOptions } from "./confirm-provider";
import { overlaysSettled } from "../lib/story-utils";
import { componentDocs } from "../lib/story-docs";

// A page that asks before acting, the way the portal does (SPEC.md §4).
function SchoolPage({ options }: { options: ConfirmOptions }) {
  const confirm = useConfirm();
  const [result, setResult] = useState("Nothing asked yet");
  return (
    <div className="flex items-center gap-4">
      <Button
        onClick={async () => {
          try {
            const confirmed = await confirm(options);
            setResult(`Confirmed: ${confirmed}`);
          } catch (error) {
            setResult(`Failed: ${(error as Error).message}`);
          }
        }}
      >
        Delete school
      </Button>
      <output className="text-sm text-muted-foreground">{result}</output>
    </div>
  );
}

const baseOptions: ConfirmOptions = {
  title: "Delete school?",
  message: "Rizal High School will be removed.",
  confirmLabel: "Delete",
  cancelLabel: "Cancel",
  tone: "destructive",
};

const meta = {
  title: "Overlays/useConfirm",
  component: ConfirmProvider,
  parameters: componentDocs({
    usage:
      "Mount `ConfirmProvider` once around the app; `const confirm = useConfirm()` then `if (await confirm({ title, message, tone })) ...` anywhere below it. The promise resolves to true only when the user confirms.",
    do: [
      "Await the answer before calling the server.",
      "Pass the catalogue texts, in the user's language.",
    ],
    dont: ["Mount a second provider inside a page.", "Chain several confirms for one action."],
    framed: true,
  }),
  args: { children: null },
  render: (_args, { parameters }) => (
    <ConfirmProvider>
      <SchoolPage
        options={{ ...baseOptions, ...(parameters.confirm as Partial<ConfirmOptions>) }}
      />
    </ConfirmProvider>
  ),
} satisfies Meta<typeof ConfirmProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Idle: Story = {};

export const ResolvesTrueOnConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("button", { name: "Delete school" });
    await userEvent.click(trigger);
    const dialog = await body(canvasElement).findByRole("alertdialog", { name: "Delete school?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await expect(await canvas.findByText("Confirmed: true")).toBeVisible();
    await waitFor(() => expect(trigger).toHaveFocus());
    await overlaysSettled(canvasElement);
  },
};

export const ResolvesFalseOnCancel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Delete school" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await expect(await canvas.findByText("Confirmed: false")).toBeVisible();
    await overlaysSettled(canvasElement);
  },
};

export const ResolvesFalseOnEscape: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Delete school" }));
    await body(canvasElement).findByRole("alertdialog");
    await userEvent.keyboard("{Escape}");
    await expect(await canvas.findByText("Confirmed: false")).toBeVisible();
    await overlaysSettled(canvasElement);
  },
};

const slowDelete = fn(() => new Promise<void>((resolve) => setTimeout(resolve, 400)));

export const PendingUntilOnConfirmSettles: Story = {
  parameters: { confirm: { onConfirm: slowDelete } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Delete school" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await expect(within(dialog).getByRole("button", { name: "Delete" })).toHaveAttribute(
      "aria-busy",
      "true",
    );
    await expect(canvas.getByText("Nothing asked yet")).toBeVisible();
    await expect(await canvas.findByText("Confirmed: true", {}, { timeout: 2000 })).toBeVisible();
    await expect(slowDelete).toHaveBeenCalledTimes(1);
    await overlaysSettled(canvasElement);
  },
};

export const RejectsWhenOnConfirmFails: Story = {
  parameters: {
    confirm: {
      onConfirm: () => Promise.reject(new Error("Course deletion in progress.")),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Delete school" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await expect(await canvas.findByText("Failed: Course deletion in progress.")).toBeVisible();
    await overlaysSettled(canvasElement);
  },
};

export const AsksToTypeAText: Story = {
  parameters: { confirm: { confirmText: { value: "RHS", label: "Type RHS to confirm" } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Delete school" }));
    const dialog = await body(canvasElement).findByRole("alertdialog");
    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    await expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole("textbox", { name: "Type RHS to confirm" }),
      "rhs",
    );
    await userEvent.click(confirm);
    await expect(await canvas.findByText("Confirmed: true")).toBeInTheDocument();
    await overlaysSettled(canvasElement);
  },
};
