import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packageJson = JSON.parse(
  readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8"),
) as { exports: Record<string, { types: string; import: string }> };

describe("the built package", () => {
  it("has an exports map pointing at the ESM build and its declarations", () => {
    const root = packageJson.exports["."]!;
    for (const file of [root.import, root.types]) {
      expect(existsSync(fileURLToPath(new URL(`../${file}`, import.meta.url)))).toBe(true);
    }
  });

  it("imports by its name, as another school app would", async () => {
    const core = await import("@lms/core");
    expect(core.ROLE_IDS.student).toBe(5);
    expect(core.createIntl("zh", core.zh).t("common.save")).toBe(core.zh["common.save"]);
    const tg = await core.loadCatalogue("tg");
    expect(tg["common.save"]).toBe(core.tg["common.save"]);
    const parsed = core.loginSchema.safeParse({ userName: "ab", password: "" });
    expect(parsed.success).toBe(false);
    expect(typeof core.createApiClient).toBe("function");
  });
});

describe("the build's layout", () => {
  const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url));

  it("keeps the CSV parser out of the module a sign-in page needs", () => {
    const index = readFileSync(dist("index.js"), "utf8");
    const imports = [...index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g)];
    const authModule = imports.find(([, names]) => /\bloginSchema\b/.test(names!))?.[2];
    expect(authModule).toBeDefined();
    const authCode = readFileSync(dist(authModule!.slice(2)), "utf8");
    expect(authCode).not.toContain("papaparse");
    const csvModule = imports.find(([, names]) => /\bparseBulkUploadCsv\b/.test(names!))?.[2];
    expect(readFileSync(dist(csvModule!.slice(2)), "utf8")).toContain("papaparse");
  });
});
