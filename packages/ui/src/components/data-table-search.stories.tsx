import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { DataTableSearch } from "./data-table-search";

const meta = {
  title: "Data/DataTable parts/Search",
  component: DataTableSearch,
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
