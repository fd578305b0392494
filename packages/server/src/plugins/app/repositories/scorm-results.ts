import { sql, type SQL } from "drizzle-orm";

const NUMBER = "'^-?[0-9]+(\\.[0-9]+)?$'";

const cmiNumber = (alias: string, key: string) =>
  `case when ${alias}.cmi->>'${key}' ~ ${NUMBER} then (${alias}.cmi->>'${key}')::numeric end`;

/**
 * A scorm_attempts row's score as a whole percentage: SCORM 2004 cmi.score.scaled × 100, else its
 * cmi.score.raw; SCORM 1.2 cmi.core.score.raw. Null when the SCO reported no score.
 */
const scoreOf = (alias: string) =>
  `round(coalesce(${cmiNumber(alias, "cmi.score.scaled")} * 100, ${cmiNumber(alias, "cmi.score.raw")}, ${cmiNumber(alias, "cmi.core.score.raw")}))`;

export const scormScore = (alias: string): SQL => sql.raw(scoreOf(alias));

/**
 * The score that counts of a student's attempts at one material (an aggregate over the
 * scorm_attempts rows `alias`), by the material's grading (`settings`: its scorm_settings
 * column): the highest, the average (rounded), the first or the last attempt with a score.
 */
export const scormCountedScore = (alias: string, settings: string): SQL => {
  const score = scoreOf(alias);
  const withScore = `filter (where ${score} is not null)`;
  return sql.raw(`(case ${settings}->>'grading'
    when 'average' then round(avg(${score}))
    when 'first' then (array_agg(${score} order by ${alias}.attempt) ${withScore})[1]
    when 'last' then (array_agg(${score} order by ${alias}.attempt desc) ${withScore})[1]
    else max(${score}) end)`);
};

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
