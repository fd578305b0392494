import { createIntl } from "@lms/core";
import { describe, expect, it } from "vitest";
import { formatSize, humanSize } from "./file-size";

describe("human-readable size", () => {
  it("picks the largest unit that keeps the value at 1 or more", () => {
    expect(humanSize(512)).toEqual({ value: 512, unit: "byte" });
    expect(humanSize(1024)).toEqual({ value: 1, unit: "kilobyte" });
    expect(humanSize(1536)).toEqual({ value: 1.5, unit: "kilobyte" });
    expect(humanSize(2 * 1024 * 1024)).toEqual({ value: 2, unit: "megabyte" });
    expect(humanSize(3.2 * 1024 ** 3)).toEqual({ value: 3.2, unit: "gigabyte" });
  });

  it("keeps one decimal below 10 and none above", () => {
    expect(humanSize(1024 * 9.94)).toEqual({ value: 9.9, unit: "kilobyte" });
    expect(humanSize(1024 * 123.4)).toEqual({ value: 123, unit: "kilobyte" });
  });

  it("has no size for nothing stored", () => {
    expect(humanSize(0)).toBeNull();
    expect(humanSize(null)).toBeNull();
    expect(humanSize(undefined)).toBeNull();
    expect(formatSize(0, createIntl("es").intl)).toBe("");
  });

  it("writes the unit in the user's language", () => {
    expect(formatSize(1536, createIntl("es").intl)).toBe("1.5 kB");
    expect(formatSize(2 * 1024 * 1024, createIntl("es").intl)).toBe("2 MB");
    expect(formatSize(2 * 1024 * 1024, createIntl("zh").intl)).toContain("2");
  });
});
