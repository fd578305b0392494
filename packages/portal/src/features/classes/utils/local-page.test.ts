import { createDataTableState } from "@lms/ui";
import { describe, expect, it } from "vitest";
import { localPage } from "./local-page";

const rows = [
  { name: "Lea", percent: 50 },
  { name: "juan", percent: null },
  { name: "Miguel", percent: 0 },
];
const spec = {
  text: (r: (typeof rows)[number]) => r.name,
  sort: {
    name: (r: (typeof rows)[number]) => r.name,
    percent: (r: (typeof rows)[number]) => r.percent,
  },
};

describe("a page of rows held on the client", () => {
  it("searches without case and counts the matches", () => {
    const page = localPage(rows, createDataTableState({ search: "LE" }), spec);
    expect(page.rows.map((r) => r.name)).toEqual(["Lea"]);
    expect(page.total).toBe(1);
  });

  it("sorts both ways, names without case, empty values last", () => {
    const asc = localPage(rows, createDataTableState({ sortBy: "name", sortOrder: "asc" }), spec);
    expect(asc.rows.map((r) => r.name)).toEqual(["juan", "Lea", "Miguel"]);
    const desc = localPage(
      rows,
      createDataTableState({ sortBy: "percent", sortOrder: "desc" }),
      spec,
    );
    expect(desc.rows.map((r) => r.percent)).toEqual([50, 0, null]);
  });

  it("pages", () => {
    const page = localPage(rows, createDataTableState({ page: 2, rowsPerPage: 2 }), spec);
    expect(page.rows.map((r) => r.name)).toEqual(["Miguel"]);
    expect(page.total).toBe(3);
  });
});
