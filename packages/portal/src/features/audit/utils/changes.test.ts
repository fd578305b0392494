import { describe, expect, it } from "vitest";
import { changeLines, changesText } from "./changes";

describe("the audit record's changes", () => {
  it("reads a change of one record as field: old -> new", () => {
    expect(
      changesText({
        schoolName: ["Old High", "New High"],
        enabled: [true, false],
        city: [null, "Cebu"],
      }),
    ).toBe("schoolName: Old High -> New High; enabled: true -> false; city: — -> Cebu");
  });

  it("reads a bulk action's ids and values as field: value", () => {
    expect(changeLines({ ids: [4, 9], status: "enabled", count: 2 })).toEqual([
      { field: "ids", value: "4, 9" },
      { field: "status", value: "enabled" },
      { field: "count", value: "2" },
    ]);
  });

  it("shows nothing for a record without changes", () => {
    expect(changeLines(null)).toEqual([]);
  });
});
