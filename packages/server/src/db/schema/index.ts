/**
 * The one schema of both drivers (PGlite and PostgreSQL, ARCHITECTURE.md "Data"). Migrations in
 * drizzle/ are generated from these files with `pnpm db:generate` and applied at start-up.
 */
export { schools, roles, rolePermissions, users, userLoads, parentChildren } from "./people";
export { sessions, passwordTokens, rateLimits, classLoginKeys, serverSecrets } from "./auth";
export {
  courses,
  courseElements,
  materials,
  materialFiles,
  quizzes,
  questions,
  attempts,
  quizStarts,
  scormAttempts,
  progress,
} from "./courses";
export {
  outbox,
  changeCounters,
  userChanges,
  recycleBin,
  recycleBinRows,
  courseDeletions,
  auditLog,
  fileObjects,
  fileChunks,
} from "./operations";
export {
  classMembers,
  classDone,
  classDonePending,
  classGoneStudents,
  classList,
  classListYear,
  classMembersDelta,
  classDoneDelta,
  classListPending,
  summariesCommit,
} from "./class-summaries";
export {
  progressSummaries,
  progressSummariesPending,
  progressSummariesPendingCourses,
  progressSummaryVersions,
} from "./progress-summaries";
