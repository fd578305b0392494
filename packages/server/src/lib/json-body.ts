import { ApiError, fieldError } from "./errors";

/** Deeper than any form of SPEC.md (a role's permissions are three levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * A JSON request body, checked before it is parsed: nested past MAX_JSON_DEPTH (JSON.parse would
 * overflow its stack on 20,000 levels: a 500) or with a field named twice at its top (JSON.parse
 * keeps the last: a `list` turned into a `delete`) is a 400, naming the field.
 */
export function checkJsonBody(body: string): void {
  const repeated = checkShape(body);
  if (repeated === TOO_DEEP) throw new ApiError(400, "validation.invalidValue");
  if (repeated !== null) {
    throw new ApiError(400, "validation.invalidValue", {
      errors: [fieldError(repeated, "validation.invalidValue")],
    });
  }
}

const TOO_DEEP = Symbol("too deep");

/** One pass over the text: its depth, and the first top-level key seen twice. */
function checkShape(body: string): string | null | typeof TOO_DEEP {
  let depth = 0;
  let topIsObject = false;
  const keys = new Set<string>();
  // At the top object's level, whether the next string is a key (after `{` or `,`).
  let expectKey = false;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i + 1;
      for (i++; i < body.length && body.charCodeAt(i) !== 0x22; i++) {
        if (body.charCodeAt(i) === 0x5c /* \ */) i++;
      }
      if (depth === 1 && expectKey) {
        let key: string;
        try {
          key = JSON.parse(body.slice(start - 1, i + 1)) as string;
        } catch {
          return null; // malformed: the parser reports it
        }
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      depth++;
      if (depth > MAX_JSON_DEPTH) return TOO_DEEP;
      if (depth === 1) topIsObject = expectKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    } else if (c === 0x2c /* , */ && depth === 1 && topIsObject) {
      expectKey = true;
    }
  }
  return null;
}
