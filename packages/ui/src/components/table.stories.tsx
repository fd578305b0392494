import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "./table";
import { componentDocs } from "../lib/story-docs";

const classes = [
  { code: "G7-RIZ", name: "Grade 7 – Rizal", students: 38 },
  { code: "G7-MAB", name: "Grade 7 – Mabini", students: 41 },
  { code: "G8-LUN", name: "Grade 8 – Luna", students: 35 },
];

const meta = {
  title: "Data/Table",
  component: Table,
  parameters: componentDocs({
    usage:
      "The `Table` primitive, after shadcn/ui: `TableContainer` (the card frame that scrolls sideways), `Table`, `TableHeader`, `TableBody`, `TableFooter`, `TableRow`, `TableHead`, `TableCell`, `TableCaption`. DataTable, SkeletonTable and PermissionMatrix are built on it; use it alone for a short static table.",
    do: [
      "Give the table a caption (visible or `sr-only`) as its accessible name.",
      "Right-align numbers (`text-end tabular-nums`).",
    ],
    dont: [
      "Build a list screen on it by hand: DataTable pages, sorts, searches and selects.",
      "Put a table inside another table's cell.",
    ],
  }),
  render: (args) => (
    <TableContainer>
      <Table {...args}>
        <TableCaption>Classes of Rizal High School</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Class code</TableHead>
            <TableHead scope="col">Class name</TableHead>
            <TableHead scope="col" className="text-end">
              Students
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {classes.map((row, index) => (
            <TableRow key={row.code} data-state={index === 1 ? "selected" : undefined}>
              <TableCell>{row.code}</TableCell>
              <TableCell>{row.name}</TableCell>
              <TableCell className="text-end tabular-nums">{row.students}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2}>Total</TableCell>
            <TableCell className="text-end tabular-nums">114</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  ),
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole("table", {
      name: "Classes of Rizal High School",
    });
    await expect(within(table).getAllByRole("columnheader")).toHaveLength(3);
    // Header, three classes, total.
    await expect(within(table).getAllByRole("row")).toHaveLength(5);
    await expect(within(table).getByText("Grade 7 – Mabini").closest("tr")).toHaveAttribute(
      "data-state",
      "selected",
    );
  },
};
