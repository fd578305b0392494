/**
 * A student's progress figures per course (issue 14, migration 0020), written only by the
 * database's triggers on progress, attempts, scorm_attempts, materials and course_elements (since
 * 0022 when the transaction commits); the progress list reads them and never writes. No foreign keys on purpose, as
 * for the class summaries: the recycle bin follows foreign keys, these rows follow the triggers.
 */
import { bigint, integer, numeric, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { at, pendingTxid } from "./columns";

/** Counted over the course's published materials, except the latest activity (every material). */
export const progressSummaries = pgTable(
  "progress_summaries",
  {
    courseId: integer("course_id").notNull(),
    userId: integer("user_id").notNull(),
    /** Completed materials. */
    done: integer("done").notNull(),
    /** Seconds from start to completion (or last opening), summed; rounded when read. */
    timeSpent: numeric("time_spent").notNull(),
    lastActivity: at("last_activity"),
    /** The best quiz scores and counted SCORM scores: their sum and how many. */
    quizSum: numeric("quiz_sum").notNull(),
    quizCount: integer("quiz_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId], name: "progress_summaries_pk" })],
);

/** The (course, student) pairs a transaction changed, recomputed when it commits (0022). */
export const progressSummariesPending = pgTable(
  "progress_summaries_pending",
  {
    txid: pendingTxid(),
    courseId: integer("course_id").notNull(),
    userId: integer("user_id").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.txid, t.courseId, t.userId],
      name: "progress_summaries_pending_pk",
    }),
  ],
);

/** The courses whose every summary a transaction's change touched, recomputed at commit (0022). */
export const progressSummariesPendingCourses = pgTable(
  "progress_summaries_pending_courses",
  {
    txid: pendingTxid(),
    courseId: integer("course_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.txid, t.courseId], name: "progress_summaries_pending_courses_pk" }),
  ],
);

/**
 * Each course's version of its summary rows (0025), moved when a transaction that changed them
 * commits: the progress list keeps a course's sort keys per version.
 */
export const progressSummaryVersions = pgTable("progress_summary_versions", {
  courseId: integer("course_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});
