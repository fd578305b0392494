import * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { toast, Toaster } from "./toaster";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Feedback/Toaster",
  component: Toaster,
  parameters: {
    ...componentDocs({
      usage:
        "Mount `Toaster` once near the root; call `toast.success(text)`, `toast.error(text)` or `toast(text)` anywhere. Top-right by default (SPEC.md §9).",
      do: [
        'Confirm a finished action in a few words ("School created.").',
        "Show errors the user can act on with `toast.error`.",
      ],
      dont: [
        "Put a form's field errors in a toast: they go under the field.",
        "Show a toast for every page load.",
      ],
      framed: true,
    }),
    layout: "fullscreen",
  },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

function Demo({ kind }: { kind: "success" | "error" | "info" | "warning" }) {
  const texts = {
    success: "Success. School has been created.",
    error: "Oops! Something went wrong.",
    info: "Your changes are being saved.",
    warning: "Course deletion in progress.",
  };
  return (
    <div className="p-6">
      <Button onClick={() => toast[kind](texts[kind])}>Show {kind} toast</Button>
    </div>
  );
}

function LateToaster(args: React.ComponentProps<typeof Toaster>) {
  const [mounted, setMounted] = React.useState(false);
  return (
    <div className="p-6">
      {mounted ? <Toaster {...args} /> : null}
      <Button
        onClick={() => {
          toast.success("Saved before the toaster was there.");
          setTimeout(() => setMounted(true), 300);
        }}
      >
        Save
      </Button>
    </div>
  );
}

// First in the file: no toast has been asked for in this page yet.
export const LiveRegionBeforeTheFirstToast: Story = {
  render: (args) => <Toaster {...args} />,
  play: async ({ canvasElement }) => {
    // Loaded once the page is idle: screen readers hear the first toast in a region already there.
    const page = canvasElement.ownerDocument;
    await waitFor(
      () =>
        expect(
          page.querySelector('section[aria-live="polite"][aria-label^="Notifications"]'),
        ).not.toBeNull(),
      { timeout: 5000 },
    );
    await expect(page.querySelector("[data-sonner-toast]")).toBeNull();
  },
};

// A toast asked for while no toaster is mounted is shown once one is.
export const ShowsAToastAskedForWithNoToasterMounted: Story = {
  render: (args) => <LateToaster {...args} />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Save" }));
    const body = within(canvasElement.ownerDocument.body);
    await body.findByText("Saved before the toaster was there.", {}, { timeout: 5000 });
  },
};

export const Success: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <Demo kind="success" />
    </>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Show success/ }));
    const body = within(canvasElement.ownerDocument.body);
    const text = await body.findByText("Success. School has been created.");
    await waitFor(() => expect(text).toBeVisible());
    const toaster = canvasElement.ownerDocument.querySelector("[data-sonner-toaster]");
    await expect(toaster).toHaveAttribute("data-y-position", "top");
    await expect(toaster).toHaveAttribute("data-x-position", "right");
  },
};

export const Failure: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <Demo kind="error" />
    </>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Show error/ }));
    const body = within(canvasElement.ownerDocument.body);
    const text = await body.findByText("Oops! Something went wrong.");
    await waitFor(() => expect(text).toBeVisible());
  },
};

export const Info: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <Demo kind="info" />
    </>
  ),
};

export const Warning: Story = {
  render: (args) => (
    <>
      <Toaster {...args} />
      <Demo kind="warning" />
    </>
  ),
};
