import { z } from "zod";

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 takes it). */
export type JsonSchema = Record<string, unknown>;

/**
 * The JSON Schema of what a client sends for a zod schema of this package (its input side:
 * before coercion and defaults). What JSON Schema cannot say (a refinement, a transform) is left
 * open rather than refused; null when the value is not a zod schema.
 */
export function inputJsonSchema(schema: unknown): JsonSchema | null {
  return jsonSchemaOf(schema, "input");
}

/**
 * The JSON Schema of a command's answer (the output side of its zod schema); null for an answer
 * declared by its type only.
 */
export function outputJsonSchema(schema: unknown): JsonSchema | null {
  return jsonSchemaOf(schema, "output");
}

function jsonSchemaOf(schema: unknown, io: "input" | "output"): JsonSchema | null {
  // Classic and mini schemas alike carry `_zod`; answerType() carries no schema.
  if (typeof schema !== "object" || schema === null || !("_zod" in schema)) return null;
  if ((schema as { typeOnly?: boolean }).typeOnly) return null;
  try {
    const json = z.toJSONSchema(schema as z.core.$ZodType, {
      io,
      unrepresentable: "any",
      target: "draft-2020-12",
      reused: "inline",
    }) as JsonSchema;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
}
