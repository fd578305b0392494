import { createHash, randomBytes } from "node:crypto";

/** A random token of 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as hashes (API.md "Sessions and tokens"). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
