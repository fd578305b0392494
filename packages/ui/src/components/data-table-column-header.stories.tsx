import type { Meta, StoryObj } from "@storybook/react-vite";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useState } from "react";
import { expect, fn, userEvent, within } from "storybook/test";
import { DataTableColumnHeader } from "./data-table-column-header";
import { createDataTableState, type DataTableState } from "./data-table-state";
import { Table, TableContainer, TableHeader, TableRow } from "./table";
import { schoolColumns, type School } from "../lib/story-fixtures";
import { componentDocs } from "../lib/story-docs";

/** The headers of the schools table, sorted through the request state as DataTable does. */
function Headers({
  initial,
  onStateChange,
}: {
  initial: DataTableState;
  onStateChange: (next: DataTableState) => void;
}) {
  const [state, setState] = useState(initial);
  const table = useReactTable<School>({
    data: [],
    columns: schoolColumns,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
  });
  return (
    <TableContainer>
      <Table>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => (
                <DataTableColumnHeader
                  key={header.id}
                  header={header}
                  state={state}
                  onStateChange={(next) => {
                    setState(next);
                    onStateChange(next);
                  }}
                />
              ))}
            </TableRow>
          ))}
        </TableHeader>
      </Table>
    </TableContainer>
  );
}

const meta: Meta<typeof DataTableColumnHeader<School>> = {
  title: "Data/DataTable parts/ColumnHeader",
  component: DataTableColumnHeader<School>,
  parameters: componentDocs({
    usage:
      "A column's header cell in a DataTable. A column with an accessor sorts when clicked: a new column starts descending (SPEC.md §9), the current one flips. `aria-sort` tells screen readers the order. Set `enableSorting: false` on display-only columns.",
    do: [
      'Keep header texts short nouns ("School name").',
      "Turn sorting off for columns the server cannot sort by.",
    ],
    dont: [
      "Put controls other than the sort button in a header.",
      "Sort by a column the list does not show.",
    ],
  }),
  args: { state: createDataTableState({ page: 4 }), onStateChange: fn() },
  render: (args) => <Headers initial={args.state!} onStateChange={args.onStateChange!} />,
};

export default meta;
type Story = StoryObj<typeof meta>;

export const NewColumnSortsDescendingFirst: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const city = canvas.getByRole("columnheader", { name: /City/ });
    await expect(city).toHaveAttribute("aria-sort", "none");
    await userEvent.click(within(city).getByRole("button"));
    await expect(args.onStateChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ sortBy: "city", sortOrder: "desc", page: 1 }),
    );
    await expect(city).toHaveAttribute("aria-sort", "descending");
    // The current column flips.
    await userEvent.click(within(city).getByRole("button"));
    await expect(city).toHaveAttribute("aria-sort", "ascending");
  },
};

export const DisplayOnlyColumn: Story = {
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole("columnheader", { name: "Status" });
    await expect(status).not.toHaveAttribute("aria-sort");
    await expect(within(status).queryByRole("button")).toBeNull();
  },
};
