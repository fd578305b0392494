import { describe, expect, it } from "vitest";
import { inputJsonSchema } from "../src/contract/json-schema";
import { loginSchema, resetPasswordSchema } from "../src/schemas/sign-in";

describe("contract helpers for the OpenAPI document", () => {
  it("gives a schema's input fields as JSON Schema, refinements and all", () => {
    expect(inputJsonSchema(loginSchema)).toMatchObject({
      type: "object",
      properties: { userName: { type: "string" }, password: { type: "string" } },
      required: ["userName", "password"],
    });
    const reset = inputJsonSchema(resetPasswordSchema);
    expect(Object.keys((reset?.properties ?? {}) as object)).toEqual([
      "token",
      "newPassword",
      "confirmPassword",
    ]);
    expect(reset).not.toHaveProperty("$schema");
  });

  it("answers null for what is not a zod schema", () => {
    expect(inputJsonSchema({ safeParse: () => ({ success: true }) })).toBeNull();
    expect(inputJsonSchema(null)).toBeNull();
  });
});
