// Sample data for the stories only (never part of the package; tsup skips src/lib/story-*).
import type { ColumnDef } from "@tanstack/react-table";
import { StatusChip } from "../components/status-chip";
import type { DataTableFilter } from "../components/data-table-faceted-filter";
import type { DataTableState } from "../components/data-table-state";

type School = {
  id: number;
  schoolCode: string;
  schoolName: string;
  city: string;
  subscription: "basic" | "premium";
  enabled: boolean;
};

const cities = ["Manila", "Quezon City", "Cebu City", "Davao City", "Iloilo City", "Baguio"];
const names = ["Rizal", "Mabini", "Bonifacio", "Luna", "Silang", "Aquino", "Burgos", "Jacinto"];
const kinds = [
  "High School",
  "Elementary School",
  "National High School",
  "Integrated School",
  "Science High School",
  "Central School",
  "Academy",
  "Learning Center",
];

const schools: School[] = Array.from({ length: 57 }, (_, index) => ({
  id: index + 1,
  schoolCode: `SCH-${String(index + 1).padStart(3, "0")}`,
  schoolName: `${names[index % names.length]} ${kinds[Math.floor(index / names.length) % kinds.length]}`,
  city: cities[index % cities.length] ?? "Manila",
  subscription: index % 3 === 0 ? "premium" : "basic",
  enabled: index % 5 !== 0,
}));

const schoolColumns: ColumnDef<School>[] = [
  { accessorKey: "schoolCode", header: "School code" },
  { accessorKey: "schoolName", header: "School name" },
  { accessorKey: "city", header: "City" },
  {
    accessorKey: "subscription",
    header: "Subscription",
    cell: ({ row }) => (row.original.subscription === "premium" ? "Premium" : "Basic"),
  },
  {
    id: "status",
    header: "Status",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.enabled ? (
        <StatusChip status="enabled">Enabled</StatusChip>
      ) : (
        <StatusChip status="disabled">Disabled</StatusChip>
      ),
  },
];

// What the server does with API.md's list protocol, so the stories page, sort and search for real.
function query(state: DataTableState): { rows: School[]; total: number } {
  const search = state.search.toLowerCase();
  let rows = schools.filter(
    (school) =>
      (!search ||
        school.schoolName.toLowerCase().includes(search) ||
        school.schoolCode.toLowerCase().includes(search)) &&
      Object.entries(state.filters).every(
        ([key, values]) =>
          values.length === 0 ||
          values.includes(
            key === "status"
              ? school.enabled
                ? "enabled"
                : "disabled"
              : String(school[key as keyof School]),
          ),
      ),
  );
  const sortBy = (state.sortBy ?? "id") as keyof School;
  rows = [...rows].sort((a, b) => {
    const order = String(a[sortBy]).localeCompare(String(b[sortBy]), undefined, { numeric: true });
    return state.sortOrder === "asc" ? order : -order;
  });
  const start = (state.page - 1) * state.rowsPerPage;
  return { rows: rows.slice(start, start + state.rowsPerPage), total: rows.length };
}

const schoolFilters = [
  {
    key: "status",
    label: "Status",
    options: [
      { value: "enabled", label: "Enabled" },
      { value: "disabled", label: "Disabled" },
    ],
  },
  {
    key: "subscription",
    label: "Subscription",
    options: [
      { value: "basic", label: "Basic" },
      { value: "premium", label: "Premium" },
    ],
  },
] as const satisfies readonly DataTableFilter[];

export { query, schoolColumns, schoolFilters, schools };
export type { School };
