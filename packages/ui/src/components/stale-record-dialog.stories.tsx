import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { StaleRecordDialog } from "./stale-record-dialog";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Overlays/StaleRecordDialog",
  component: StaleRecordDialog,
  parameters: componentDocs({
    usage:
      "Shown when a save answers 409 `errors.staleRecord`: someone saved the record since the form was opened. It lists each field they changed with their value and the one typed, and offers to reload their version or overwrite it. Escape or a press outside keeps the form as typed.",
    do: [
      "Show only the fields the other person changed, labelled as in the form.",
      "Send the version the 409 answered when the user overwrites.",
    ],
    dont: [
      "Reload their version without asking: the user would lose what they typed.",
      "Overwrite silently: the other person's change would be lost without anyone knowing.",
    ],
    framed: true,
  }),
  args: {
    open: true,
    title: "Someone else changed this school",
    message: "Choose which version to keep. What you typed stays in the form until you choose.",
    changes: [
      { field: "city", label: "City", theirs: "Ormoc", mine: "Tacloban" },
      { field: "address", label: "Address", theirs: "2 Rizal St.", mine: "1 Mabini St." },
    ],
    labels: {
      field: "Field",
      theirs: "Their version",
      mine: "Yours",
      reload: "Reload their version",
      overwrite: "Overwrite with mine",
      keepEditing: "Keep editing",
    },
    onReload: fn(),
    onOverwrite: fn(),
    onKeepEditing: fn(),
  },
} satisfies Meta<typeof StaleRecordDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const ShowsWhatChanged: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog", {
      name: "Someone else changed this school",
    });
    const rows = within(dialog).getAllByRole("row");
    await expect(rows.map((row) => row.textContent)).toEqual([
      "FieldTheir versionYours",
      "CityOrmocTacloban",
      "Address2 Rizal St.1 Mabini St.",
    ]);
    // The safe choice has focus first: a stray Enter keeps the form as typed.
    await expect(within(dialog).getByRole("button", { name: "Keep editing" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect(args.onKeepEditing).toHaveBeenCalledTimes(1);
    await expect(args.onReload).not.toHaveBeenCalled();
    await expect(args.onOverwrite).not.toHaveBeenCalled();
  },
};

export const ReloadsTheirVersion: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reload their version" }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
    await expect(args.onOverwrite).not.toHaveBeenCalled();
  },
};

let finishOverwrite = () => {};

export const OverwritesWithMine: Story = {
  args: {
    onOverwrite: fn(() => new Promise<void>((resolve) => (finishOverwrite = resolve))),
  },
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Overwrite with mine" }));
    await expect(args.onOverwrite).toHaveBeenCalledTimes(1);
    // Pending while the save runs: nothing else can be chosen, Escape does nothing.
    await waitFor(() => expect(dialog).toHaveAttribute("aria-busy", "true"));
    await expect(
      within(dialog).getByRole("button", { name: "Reload their version" }),
    ).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    await expect(args.onKeepEditing).not.toHaveBeenCalled();
    finishOverwrite();
    await waitFor(() => expect(dialog).not.toHaveAttribute("aria-busy"));
  },
};
