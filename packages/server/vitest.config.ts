import { configDefaults, defineConfig } from "vitest/config";

/**
 * The same suites three times: on PGlite; on a throwaway PostgreSQL cluster that the project's
 * global setup starts and removes ("postgres"); and on PostgreSQL again with every read model off
 * ("postgres-plain", LMS_READ_MODELS=off: the database answers every read). LMS_TEST_PG=0 leaves
 * PostgreSQL out, except in CI (CI=true), where both PostgreSQL runs are required. The test
 * command (scripts/run-tests.mjs) runs the three projects side by side, one vitest each.
 */
const withPostgres = process.env.CI === "true" || process.env.LMS_TEST_PG !== "0";

const shared = {
  include: ["test/**/*.test.ts"],
  // Files share a worker's modules: each builds its own app and database, and loading the server's
  // modules once per worker instead of per file took the suite from 12 to under 7 minutes in CI.
  isolate: false,
  globalSetup: ["test/global-setup.ts"],
  // The test command runs the three projects side by side with the other checks on two cores: a
  // scale test that takes 20 s alone can take three times that there.
  testTimeout: 180_000,
  hookTimeout: 180_000,
};

// Files about the embedded database itself (its backups): PostgreSQL has its own tools.
const pgliteOnly = [...configDefaults.exclude, "test/backup.test.ts"];
// Outages and restarts are the same with the read models off: the fault test runs its own server
// with them off already, and a restart drains requests whatever answers them.
// So are the read models' own tests: each builds the read model it looks at, or turns them on for
// its app, whatever LMS_READ_MODELS says, so with the switch off they would run the same again.
const notAgainWithoutReadModels = [
  ...pgliteOnly,
  "test/database-faults.test.ts",
  "test/rolling-restart.test.ts",
  "test/users-search-index-changes.test.ts",
  "test/users-search-index-common-terms.test.ts",
  "test/users-search-index-pages.test.ts",
  "test/users-search-index-parts.test.ts",
  "test/users-search-index-user-list.test.ts",
  "test/user-record-texts.test.ts",
  "test/read-models-two-processes.test.ts",
  "test/lists-at-scale-courses.test.ts",
  "test/lists-at-scale-materials.test.ts",
  "test/lists-at-scale-schools.test.ts",
  "test/turn-reads.test.ts",
  "test/versioned-cache.test.ts",
];

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on a 2-core CI machine. Each file
    // waits on its database (PostgreSQL's own process, or PGlite's file reads) for part of its time,
    // so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      // Two server processes, or two connections at once, need PostgreSQL: the files are left out
      // here, not skipped inside.
      {
        test: {
          ...shared,
          name: "pglite",
          exclude: [
            ...configDefaults.exclude,
            "test/two-processes.test.ts",
            "test/read-models-two-processes.test.ts",
            "test/shared-files.test.ts",
            "test/summaries-concurrency-students.test.ts",
            "test/summaries-concurrency-many-schools.test.ts",
            "test/summaries-concurrency-many-transactions.test.ts",
            "test/database-pool.test.ts",
            "test/database-faults.test.ts",
            "test/rolling-restart.test.ts",
          ],
        },
      },
      ...(withPostgres
        ? [
            { test: { ...shared, name: "postgres", exclude: pgliteOnly } },
            {
              test: {
                ...shared,
                name: "postgres-plain",
                exclude: notAgainWithoutReadModels,
                env: { LMS_READ_MODELS: "off" },
              },
            },
          ]
        : []),
    ],
  },
});
