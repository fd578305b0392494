import { sql, type SQL } from "drizzle-orm";

const NUMBER = "'^-?[0-9]+(\\.[0-9]+)?$'";

const cmiNumber = (alias: string, key: string) =>
  `case when ${alias}.cmi->>'${key}' ~ ${NUMBER} then (${alias}.cmi->>'${key}')::numeric end`;

/**
 * A scorm_attempts row's score as a whole percentage: SCORM 2004 cmi.score.scaled × 100, else its
 * cmi.score.raw; SCORM 1.2 cmi.core.score.raw. Null when the SCO reported no score.
 */
export const scormScore = (alias: string): SQL =>
  sql.raw(
    `round(coalesce(${cmiNumber(alias, "cmi.score.scaled")} * 100, ${cmiNumber(alias, "cmi.score.raw")}, ${cmiNumber(alias, "cmi.core.score.raw")}))`,
  );

/** Whether the attempt passed: 2004 cmi.success_status, 1.2 cmi.core.lesson_status. */
export const scormPassed = (alias: string): SQL =>
  sql.raw(
    `(${alias}.cmi->>'cmi.success_status' = 'passed' or ${alias}.cmi->>'cmi.core.lesson_status' = 'passed')`,
  );

/** Whether the attempt failed, by the same elements. */
export const scormFailed = (alias: string): SQL =>
  sql.raw(
    `(${alias}.cmi->>'cmi.success_status' = 'failed' or ${alias}.cmi->>'cmi.core.lesson_status' = 'failed')`,
  );
