import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { createDataTableState, DataTable, type DataTableProps } from "./data-table";
import { EmptyState } from "./empty-state";
import {
  query,
  schoolColumns as columns,
  schoolFilters,
  schools,
  type School,
} from "../lib/story-fixtures";
import { componentDocs } from "../lib/story-docs";

type Args = DataTableProps<School>;

/** The portal's side: owns the request state, "fetches" with it and passes the answer back. */
function Harness(props: Args & { initialSelection?: string[] }) {
  const { initialSelection, onStateChange, onSelectionChange, ...args } = props;
  const [state, setState] = useState(args.state);
  const [selectedIds, setSelectedIds] = useState<string[]>(initialSelection ?? []);
  const [allMatching, setAllMatching] = useState(false);
  const { rows, total } = query(state);
  return (
    <DataTable<School>
      {...args}
      data={args.data.length === 0 ? [] : rows}
      totalCount={args.data.length === 0 ? 0 : total}
      state={state}
      onStateChange={(next) => {
        setState(next);
        onStateChange(next);
      }}
      selectedIds={selectedIds}
      onSelectionChange={(ids) => {
        setSelectedIds(ids);
        onSelectionChange?.(ids);
      }}
      allMatchingSelected={allMatching}
      onAllMatchingSelectedChange={setAllMatching}
    />
  );
}

const meta = {
  title: "Data/DataTable",
  component: DataTable<School>,
  parameters: componentDocs({
    usage:
      "The portal's list screen: a controlled table of server-side data. The portal keeps the request state (page, rows per page, sort, search, filters), fetches with it and passes back the rows and the total; every change calls `onStateChange` and goes back to page 1. Built from the parts under *DataTable parts* over the `Table` primitive: toolbar (debounced search and filters), column headers that sort, row links, row actions, a selection bar and pagination.",
    do: [
      'Give `getRowLabel`, so each row\'s buttons are named ("Edit Rizal High School").',
      "Pass `getRowHref` and the router's link in `renderLink`, so a whole row opens its details.",
    ],
    dont: [
      "Sort, filter or page the rows in the browser: the server does it (API.md's list protocol).",
      "Put more than one or two buttons in a row: the rest go in `rowActions`' menu.",
    ],
  }),
  args: {
    columns,
    data: schools,
    totalCount: schools.length,
    state: createDataTableState(),
    onStateChange: fn(),
    caption: "Schools",
    getRowLabel: (school: School) => school.schoolName,
  },
  // Sample rows and column definitions are code, not something to edit in the controls panel.
  argTypes: { columns: { control: false }, data: { control: false } },
  render: (args) => <Harness {...args} />,
} satisfies Meta<typeof DataTable<School>>;

export default meta;
type Story = StoryObj<typeof meta>;

const table = (canvasElement: HTMLElement) => within(canvasElement).getByRole("table");
const bodyRows = (canvasElement: HTMLElement) =>
  within(table(canvasElement)).getAllByRole("row").slice(1);

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(bodyRows(canvasElement)).toHaveLength(10);
    await expect(canvas.getByText("1–10 of 57")).toBeVisible();
    await expect(canvas.getByRole("combobox", { name: "Rows per page" })).toHaveDisplayValue("10");
  },
};

export const Loading: Story = {
  args: { loading: true, data: [], totalCount: 0 },
  play: async ({ canvasElement }) => {
    await expect(table(canvasElement)).toHaveAttribute("aria-busy", "true");
    // A quick answer flashes no placeholders, and no "no results" either.
    await expect(bodyRows(canvasElement)).toHaveLength(0);
    await expect(within(canvasElement).queryByText("No results found.")).toBeNull();
    // SPEC.md §9: five skeleton rows, under the table's own columns, once it takes 400 ms.
    await waitFor(() =>
      expect(canvasElement.querySelectorAll("[data-slot='skeleton-row']")).toHaveLength(5),
    );
    await expect(within(table(canvasElement)).getAllByRole("columnheader")).toHaveLength(5);
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading");
  },
};

export const LoadingAnotherPage: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    // The rows it has (the previous page's) stay, busy, until the skeleton is due.
    await expect(table(canvasElement)).toHaveAttribute("aria-busy", "true");
    await expect(bodyRows(canvasElement)).toHaveLength(10);
    await waitFor(() =>
      expect(canvasElement.querySelectorAll("[data-slot='skeleton-row']")).toHaveLength(5),
    );
  },
};

export const Empty: Story = {
  args: {
    data: [],
    totalCount: 0,
    emptyState: (
      <EmptyState
        size="compact"
        title="No schools found"
        description="Try another search, or create the first school."
        action={<Button size="sm">Create New School</Button>}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No schools found")).toBeVisible();
    await expect(canvas.getByText("0–0 of 0")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Next page" })).toBeDisabled();
  },
};

export const EmptyWithDefaultText: Story = { args: { data: [], totalCount: 0 } };

export const Sorted: Story = {
  args: { state: createDataTableState({ sortBy: "schoolName", sortOrder: "asc" }) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const nameHeader = canvas.getByRole("columnheader", { name: /School name/ });
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    // The current column flips...
    await userEvent.click(within(nameHeader).getByRole("button"));
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sortBy: "schoolName", sortOrder: "desc", page: 1 }),
    );
    // ...and a new column starts descending (SPEC.md §9).
    await userEvent.click(canvas.getByRole("button", { name: /City/ }));
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sortBy: "city", sortOrder: "desc", page: 1 }),
    );
    await expect(canvas.getByRole("columnheader", { name: /City/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    // Display-only columns do not sort.
    await expect(canvas.getByRole("columnheader", { name: "Status" })).not.toHaveAttribute(
      "aria-sort",
    );
  },
};

export const OnPageTwo: Story = {
  args: { state: createDataTableState({ page: 2 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("11–20 of 57")).toBeVisible();
    await expect(within(bodyRows(canvasElement)[0]!).getByText("SCH-047")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Previous page" })).toBeEnabled();
  },
};

export const PagesThrough: Story = {
  args: { state: createDataTableState({ page: 2 }) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Next page" }));
    await expect(args.onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 }));
    await userEvent.click(canvas.getByRole("button", { name: "Last page" }));
    await expect(args.onStateChange).toHaveBeenLastCalledWith(expect.objectContaining({ page: 6 }));
    await expect(canvas.getByText("51–57 of 57")).toBeVisible();
  },
};

/** A huge match set whose total the server estimated: the range says so. */
export const EstimatedTotal: Story = {
  args: { totalIsEstimate: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("1–10 of about 57")).toBeVisible();
    await expect(canvas.queryByText("1–10 of 57")).toBeNull();
  },
};

export const ChangesRowsPerPage: Story = {
  args: { state: createDataTableState({ page: 3 }) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole("combobox", { name: "Rows per page" });
    const options = within(select).getAllByRole("option");
    await expect(options.map((option) => option.textContent)).toEqual(["10", "25", "50"]);
    await userEvent.selectOptions(select, "25");
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ rowsPerPage: 25, page: 1 }),
    );
    await waitFor(() => expect(bodyRows(canvasElement)).toHaveLength(25));
  },
};

export const DebouncedSearch: Story = {
  play: async ({ args, canvasElement }) => {
    const search = within(canvasElement).getByRole("searchbox", { name: "Search" });
    await userEvent.type(search, "rizal");
    // Nothing is sent while typing...
    await expect(args.onStateChange).not.toHaveBeenCalled();
    // ...then one request, 600 ms after the last key.
    await waitFor(() => expect(args.onStateChange).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await expect(args.onStateChange).toHaveBeenCalledWith(
      expect.objectContaining({ search: "rizal", page: 1 }),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    await expect(args.onStateChange).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(canvasElement).getByText("1–8 of 8")).toBeVisible());
  },
};

export const Searched: Story = { args: { state: createDataTableState({ search: "luna" }) } };

export const WithFilters: Story = {
  args: {
    filters: schoolFilters,
    toolbar: <Button>Create New School</Button>,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Status" }), "Disabled");
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ filters: { status: ["disabled"] }, page: 1 }),
    );
    await waitFor(() => expect(canvas.getByText("1–10 of 12")).toBeVisible());
  },
};

const navigate = fn();

export const RowsLinkToDetails: Story = {
  args: {
    getRowHref: (school: School) => `#/schools/${school.id}/info`,
    // The portal passes its router's Link here.
    renderLink: ({ href, className, children }) => (
      <a
        href={href}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
        }}
      >
        {children}
      </a>
    ),
  },
  play: async ({ canvasElement }) => {
    const firstRow = bodyRows(canvasElement)[0]!;
    const link = within(firstRow).getByRole("link");
    await expect(link).toHaveAttribute("href", "#/schools/57/info");
    // A click anywhere on the row follows its link.
    await userEvent.click(within(firstRow).getByText("Cebu City"));
    await expect(navigate).toHaveBeenCalledWith("#/schools/57/info");
  },
};

export const WithRowActions: Story = {
  args: {
    onEdit: fn(),
    rowActions: (school: School) => [
      { label: school.enabled ? "Disable" : "Enable", onSelect: fn() },
      { label: "Delete", onSelect: fn(), destructive: true },
    ],
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const name = bodyRows(canvasElement)[0]!.querySelector("td:nth-child(2)")!.textContent!;
    await userEvent.click(canvas.getByRole("button", { name: `Edit ${name}` }));
    await expect(args.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 57 }));
    await userEvent.click(canvas.getByRole("button", { name: `More actions for ${name}` }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Disable", "Delete"]);
  },
};

/** The actions column stays in view when a narrow table scrolls sideways. */
export const NarrowWithStickyActions: Story = {
  args: {
    onEdit: fn(),
    rowActions: () => [{ label: "Delete", onSelect: fn(), destructive: true }],
  },
  parameters: { viewport: { defaultViewport: "mobile1" } },
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const cell = bodyRows(canvasElement)[0]!.querySelector<HTMLElement>(
      '[data-slot="data-table-actions"]',
    )!;
    await expect(getComputedStyle(cell).position).toBe("sticky");
    const table = canvasElement.querySelector("table")!.parentElement!;
    await expect(table.scrollWidth).toBeGreaterThan(table.clientWidth);
    const box = cell.getBoundingClientRect();
    const frame = table.getBoundingClientRect();
    await expect(box.right).toBeLessThanOrEqual(frame.right + 1);
  },
};

export const WithSelection: Story = {
  args: { selectable: true, bulkActions: <Button size="sm">Disable selected</Button> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select all rows on this page" }));
    await expect(canvas.getByText("10 selected")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Select all 57 matching rows" }));
    await expect(canvas.getByText("All 57 matching rows are selected.")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Disable selected" })).toBeVisible();
  },
};

export const SomeRowsSelected: Story = {
  args: { selectable: true },
  render: (args) => <Harness {...args} initialSelection={["57", "55"]} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("checkbox", { name: "Select all rows on this page" }),
    ).toHaveAttribute("data-state", "indeterminate");
    await expect(canvas.getByText("2 selected")).toBeVisible();
  },
};

export const Translated: Story = {
  args: {
    state: createDataTableState({ page: 2 }),
    labels: {
      search: "Maghanap",
      searchPlaceholder: "Maghanap…",
      rowsPerPage: "Hilera bawat pahina",
      pageInfo: ({ from, to, total }) => `${from}–${to} sa ${total}`,
      nextPage: "Susunod na pahina",
      previousPage: "Nakaraang pahina",
      firstPage: "Unang pahina",
      lastPage: "Huling pahina",
    },
  },
};
