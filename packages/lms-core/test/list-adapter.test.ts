import { describe, expect, it } from "vitest";
import { encodeListRequest, listParamsOf, type TableListState } from "../src/index";

const state: TableListState = {
  page: 3,
  rowsPerPage: 50,
  sortBy: "lastName",
  sortOrder: "desc",
  search: "Dela Cruz",
  filters: { roleId: ["3", "5"], status: [] },
};

describe("the list adapter", () => {
  it("turns a DataTable's state into the list protocol's parameters", () => {
    expect(listParamsOf(state, { schoolId: 7 })).toEqual({
      page: 3,
      rowsPerPage: 50,
      sortBy: "lastName",
      sortOrder: "desc",
      search: "Dela Cruz",
      filters: [{ key: "roleId", values: ["3", "5"] }],
      extra: { schoolId: 7 },
    });
  });

  it("sends the fields SPEC.md §7 names, leaving out empty filters and no sort", () => {
    const fields = encodeListRequest(listParamsOf({ ...state, sortBy: undefined }));
    expect(fields).toEqual([
      ["cmdType", "list"],
      ["page", "3"],
      ["rowsPerPage", "50"],
      ["sortOrder", "desc"],
      ["search", "dela cruz"],
      ["filter[key]", "roleId"],
      ["filter[values][]", "3"],
      ["filter[values][]", "5"],
    ]);
  });
});
