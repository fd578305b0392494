import type { TestProject } from "vitest/node";
import { clusterUnavailable, createTemplate, type TemplateInfo } from "./support/template";

declare module "vitest" {
  export interface ProvidedContext {
    lmsTemplate: TemplateInfo;
  }
}

/**
 * Once per project: the "pglite" project dumps a migrated, seeded PGlite; each PostgreSQL project
 * ("postgres", "postgres-plain") starts a throwaway cluster (initdb in a temporary folder) with a template database, and stops
 * and removes it afterwards. In CI the PostgreSQL run is required: a missing binary fails.
 */
export default async function setup(project: TestProject) {
  const kind = project.name.startsWith("postgres") ? "postgres" : "pglite";
  if (kind === "postgres") {
    const problem = clusterUnavailable();
    if (problem) {
      throw new Error(
        `The PostgreSQL test run cannot start: ${problem}. ` +
          (process.env.CI === "true"
            ? "CI requires it."
            : "Set LMS_TEST_PG=0 to run the PGlite suite alone."),
      );
    }
  }
  const { info, teardown } = await createTemplate(kind);
  project.provide("lmsTemplate", info);
  return teardown;
}
