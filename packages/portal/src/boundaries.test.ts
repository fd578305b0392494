import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../..");
const portal = resolve(root, "packages/portal");

const eslint = new ESLint({ cwd: root, ignore: false });

/** The ESLint errors of the workspace's own config for `code` standing at `file` (from the portal). */
async function ruleErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(portal, file) });
  return result!.messages.filter((message) => message.severity === 2).map((m) => m.ruleId ?? "");
}

describe(
  "feature boundaries (issue 16: bulletproof-react's rules in pnpm lint)",
  { timeout: 60_000 },
  () => {
    it("fails a feature that imports another feature", async () => {
      const code = 'export { useJourneyPath } from "../../journey/api/use-journey";\n';
      expect(await ruleErrors(code, "src/features/courses/routes/probe.ts")).toEqual([
        "import-x/no-restricted-paths",
      ]);
    });

    it("lets a feature import its own modules, the shared folders and the app's paths", async () => {
      const code = [
        'export { useCourse } from "../api/use-courses";',
        'export { LoadFailure } from "../../../components/load-failure";',
        'export { useTrash } from "../../../hooks/use-trash";',
        'export { recordId } from "../../../lib/params";',
        'export { paths } from "../../../app/paths";',
        "",
      ].join("\n");
      expect(await ruleErrors(code, "src/features/courses/routes/probe.ts")).toEqual([]);
    });

    it("fails shared code that imports a feature", async () => {
      const code = 'export { useCourse } from "../features/courses/api/use-courses";\n';
      expect(await ruleErrors(code, "src/lib/probe.ts")).toEqual(["import-x/no-restricted-paths"]);
    });

    it("fails an import circle", async () => {
      const file = "test-fixtures/cycle/a.ts";
      const code = readFileSync(resolve(portal, file), "utf8");
      expect(await ruleErrors(code, file)).toEqual(["import-x/no-cycle"]);
    });
  },
);
