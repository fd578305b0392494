import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { lazyPart, useLazyPart } from "./lazy-part";

type PanelModule = { default: () => React.ReactElement };

/** A part whose code fails to come `failures` times (offline), then comes; counts its loads. */
function fakePart(failures: number) {
  let calls = 0;
  const part = lazyPart<PanelModule>(() => {
    calls += 1;
    return calls <= failures
      ? Promise.reject(new Error("Failed to fetch dynamically imported module"))
      : Promise.resolve({ default: () => <p>The dialog</p> });
  });
  return { part, calls: () => calls };
}

/** What the mobile Drawer does with `useLazyPart`: opens once its code is here, else closes. */
function Harness({ part }: { part: ReturnType<typeof fakePart> }) {
  const [open, setOpen] = React.useState(false);
  const [cancels, setCancels] = React.useState(0);
  const loaded = useLazyPart(part.part, open, () => {
    setCancels((count) => count + 1);
    setOpen(false);
  });
  const Panel = open ? loaded?.default : undefined;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>{open ? "Open" : "Closed"}</p>
      <p>Cancelled: {cancels}</p>
      {Panel ? <Panel /> : null}
    </div>
  );
}

const meta = {
  title: "Internals/Lazy part",
  component: Harness,
  // A test of how the mobile Drawer loads its overlay, not a component.
  tags: ["!dev", "!autodocs"],
} satisfies Meta<typeof Harness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpensOnceItsCodeIsHere: Story = {
  args: { part: fakePart(0) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Open" }));
    await expect(await canvas.findByText("The dialog")).toBeVisible();
    await expect(canvas.getByText("Cancelled: 0")).toBeVisible();
  },
};

export const LoadsWhenIdleBeforeItIsWanted: Story = {
  args: { part: fakePart(0) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(args.part.calls()).toBe(1), { timeout: 4000 });
    await expect(canvas.getByText("Closed")).toBeVisible();
    await expect(canvas.queryByText("The dialog")).toBeNull();
    // Opening then needs no second load.
    await userEvent.click(canvas.getByRole("button", { name: "Open" }));
    await expect(await canvas.findByText("The dialog")).toBeVisible();
    await expect(args.part.calls()).toBe(1);
  },
};

export const AnOpeningWhoseCodeCannotComeIsCancelled: Story = {
  // Offline at the idle load and at the first opening; back online at the second opening.
  args: { part: fakePart(2) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(args.part.calls()).toBe(1), { timeout: 4000 });
    await userEvent.click(canvas.getByRole("button", { name: "Open" }));
    await expect(await canvas.findByText("Cancelled: 1")).toBeVisible();
    await expect(canvas.getByText("Closed")).toBeVisible();
    await expect(canvas.queryByText("The dialog")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Open" }));
    await expect(await canvas.findByText("The dialog")).toBeVisible();
    await expect(args.part.calls()).toBe(3);
  },
};
