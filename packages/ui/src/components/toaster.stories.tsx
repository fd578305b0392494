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

// First in the file: no toast has been asked for in this page yet.
export const LoadsWithTheFirstToast: Story = {
  name: "Loads with the first toast",
  render: (args) => (
    <>
      <Toaster {...args} />
      <Demo kind="info" />
    </>
  ),
  play: async ({ canvasElement }) => {
    const page = canvasElement.ownerDocument;
    // Sonner's live region is there as soon as its toaster is: not before the first toast.
    const region = () =>
      page.querySelector('section[aria-live="polite"][aria-label^="Notifications"]');
    await expect(region()).toBeNull();
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Show info/ }));
    await within(page.body).findByText("Your changes are being saved.");
    await expect(region()).not.toBeNull();
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
