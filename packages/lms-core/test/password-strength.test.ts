import { describe, expect, it } from "vitest";
import { passwordCriteria, passwordStrength, strengthLevel } from "../src/index";

describe("passwordStrength (SPEC.md §5)", () => {
  it("counts the length rule and the five criteria out of 6", () => {
    expect(passwordStrength("")).toEqual({ count: 0, total: 6, level: "red" });
    expect(passwordStrength("Abcdef1!")).toEqual({ count: 6, total: 6, level: "green" });
  });

  it("is red below 4, yellow from 4, green at 6", () => {
    expect(strengthLevel(3)).toBe("red");
    expect(strengthLevel(4)).toBe("yellow");
    expect(strengthLevel(5)).toBe("yellow");
    expect(strengthLevel(6)).toBe("green");
    // lowercase, number, no-repeat and length: 4
    expect(passwordStrength("abcdefg1").level).toBe("yellow");
  });

  it("tells each criterion apart", () => {
    expect(passwordCriteria("aaaB1!")).toEqual({
      uppercase: true,
      lowercase: true,
      number: true,
      special: true,
      noRepeat: false,
    });
    expect(passwordCriteria("aabb").noRepeat).toBe(true);
  });
});
