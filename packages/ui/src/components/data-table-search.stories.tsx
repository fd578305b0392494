import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DataTableSearch } from "./data-table-search";
import { componentDocs } from "../lib/story-docs";

const meta = {
  title: "Data/DataTable parts/Search",
  component: DataTableSearch,
  parameters: componentDocs({
    usage:
      "The list's search box. Typing waits for 600 ms of quiet (SPEC.md §9), then sends the trimmed text once; Enter sends at once; unchanged text sends nothing.",
    do: [
      'Say what it searches in the placeholder when it is not obvious ("Search by name or code").',
      "Keep the debounce: each keystroke would otherwise be a request.",
    ],
    dont: [
      'Add a separate "Search" button.',
      "Filter the current page in the browser instead of asking the server.",
    ],
  }),
  args: { value: "", onSearch: fn() },
} satisfies Meta<typeof DataTableSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WaitsForQuietTyping: Story = {
  args: { debounceMs: 300 },
  play: async ({ args, canvasElement }) => {
    const search = within(canvasElement).getByRole("searchbox", { name: "Search" });
    await userEvent.type(search, "  luna ");
    await expect(args.onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledTimes(1));
    // Sent trimmed, once.
    await expect(args.onSearch).toHaveBeenCalledWith("luna");
  },
};

export const EnterSendsAtOnce: Story = {
  args: { debounceMs: 60_000 },
  play: async ({ args, canvasElement }) => {
    const search = within(canvasElement).getByRole("searchbox", { name: "Search" });
    await userEvent.type(search, "rizal{Enter}");
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenCalledWith("rizal");
  },
};

export const UnchangedTextSendsNothing: Story = {
  args: { value: "cebu", debounceMs: 60_000 },
  play: async ({ args, canvasElement }) => {
    const search = within(canvasElement).getByRole("searchbox", { name: "Search" });
    await expect(search).toHaveValue("cebu");
    await userEvent.type(search, " {Enter}");
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

export const Translated: Story = {
  args: { label: "Maghanap", placeholder: "Maghanap…" },
};
