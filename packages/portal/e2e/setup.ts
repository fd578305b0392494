import { afterEach } from "vitest";
import { reportPages } from "./browser";

// A failed attempt prints its error and where its pages were, so a failure on CI (even one a retry
// then passed) can be read from the log alone.
afterEach(async ({ task }) => {
  if (task.result?.state !== "fail") return;
  console.error(`[${task.name}] failed: ${task.result.errors?.[0]?.message ?? "(no message)"}`);
  await reportPages(task.name);
});
