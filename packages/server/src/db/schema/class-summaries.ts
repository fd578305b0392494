/**
 * Per-class sums of the class list (issue 14, migration 0016), written only by the database's
 * statement-level triggers on users and progress; the application reads them and never writes.
 * No foreign keys on purpose: the recycle bin copies every row that depends on a deleted record
 * through foreign keys, and these rows follow the triggers instead.
 */
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** Students per class and per the two details the list shows of them (latest year to, section). */
export const classMembers = pgTable(
  "class_members",
  {
    schoolId: integer("school_id").notNull(),
    yearFrom: integer("year_from").notNull(),
    grade: integer("grade").notNull(),
    /** The trimmed, lower-cased section: the class's key. */
    sectionKey: text("section_key").notNull(),
    section: text("section").notNull(),
    yearTo: integer("year_to").notNull(),
    students: integer("students").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.section, t.yearTo],
      name: "class_members_pk",
    }),
    index("class_members_empty_idx")
      .on(t.schoolId)
      .where(sql`"students" = 0`),
  ],
);

/** Completed progress rows per class and material. */
export const classDone = pgTable(
  "class_done",
  {
    schoolId: integer("school_id").notNull(),
    yearFrom: integer("year_from").notNull(),
    grade: integer("grade").notNull(),
    sectionKey: text("section_key").notNull(),
    courseId: integer("course_id").notNull(),
    materialId: integer("material_id").notNull(),
    completed: integer("completed").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.courseId, t.materialId],
      name: "class_done_pk",
    }),
    index("class_done_empty_idx")
      .on(t.schoolId)
      .where(sql`"completed" = 0`),
  ],
);

/** Completed progress of a deleted student whose users trigger has not run yet in its statement. */
export const classDonePending = pgTable("class_done_pending", {
  userId: integer("user_id").notNull(),
  courseId: integer("course_id").notNull(),
  materialId: integer("material_id").notNull(),
});

/**
 * The class of a deleted student, for its progress rows' trigger that runs after the users one;
 * that trigger empties it once read (migration 0018).
 */
export const classGoneStudents = pgTable("class_gone_students", {
  userId: integer("user_id").primaryKey(),
  txid: bigint("txid", { mode: "number" }).notNull(),
  schoolId: integer("school_id").notNull(),
  yearFrom: integer("year_from").notNull(),
  grade: integer("grade").notNull(),
  sectionKey: text("section_key").notNull(),
});
