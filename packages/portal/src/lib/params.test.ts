import { describe, expect, it } from "vitest";
import { recordId } from "./params";

describe("route ids", () => {
  it("accepts positive whole numbers only", () => {
    expect(recordId("12")).toBe(12);
    expect(recordId("0")).toBeNull();
    expect(recordId("create")).toBeNull();
    expect(recordId("1e3")).toBeNull();
    expect(recordId(undefined)).toBeNull();
    expect(recordId("99999999999")).toBeNull();
  });
});
