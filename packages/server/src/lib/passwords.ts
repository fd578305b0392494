import { readFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../config";

/**
 * The shipped list of common passwords (assets/common-passwords.txt: SecLists' 10,000 most
 * common, MIT). Compared without regard to case, so 'Password1' counts as 'password1'.
 */
export function loadCommonPasswords(
  file = path.join(PACKAGE_ROOT, "assets", "common-passwords.txt"),
): ReadonlySet<string> {
  const words = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean);
  return new Set(words);
}

export function isCommonPassword(list: ReadonlySet<string>, password: string): boolean {
  return list.has(password.trim().toLowerCase());
}
