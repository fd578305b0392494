/**
 * Per-class sums of the class list (issue 14, migration 0016), written only by the database's
 * triggers on users and progress (since 0022 when the transaction commits); the application reads
 * them and never writes.
 * No foreign keys on purpose: the recycle bin copies every row that depends on a deleted record
 * through foreign keys, and these rows follow the triggers instead.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { pendingTxid, trigram } from "./columns";

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

/**
 * Each class's row of the class list (migration 0021), recomputed per school by the
 * class_list_refresh() that the triggers of the tables it reads call; one index per sort column
 * and direction (classes-repository.ts orderOf).
 */
export const classList = pgTable(
  "class_list",
  {
    schoolId: integer("school_id").notNull(),
    yearFrom: integer("year_from").notNull(),
    grade: integer("grade").notNull(),
    sectionKey: text("section_key").notNull(),
    yearTo: integer("year_to").notNull(),
    section: text("section").notNull(),
    schoolName: text("school_name").notNull(),
    students: integer("students").notNull(),
    teachers: integer("teachers").notNull(),
    materials: numeric("materials").notNull(),
    done: bigint("done", { mode: "number" }).notNull(),
    averageCompletion: integer("average_completion"),
    searchText: text("search_text").notNull(),
    /** The school's current year: a teacher's load covers the classes of that year only. */
    current: boolean("current").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.schoolId, t.yearFrom, t.grade, t.sectionKey],
      name: "class_list_pk",
    }),
    index("class_list_school_name_idx").on(
      t.schoolName,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey,
    ),
    index("class_list_grade_asc_idx").on(
      t.grade,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.sectionKey,
    ),
    index("class_list_grade_desc_idx").on(
      t.grade.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.sectionKey,
    ),
    index("class_list_section_asc_idx").on(
      t.sectionKey,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
    ),
    index("class_list_section_desc_idx").on(
      t.sectionKey.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
    ),
    index("class_list_year_asc_idx").on(t.yearFrom, t.schoolId, t.grade, t.sectionKey),
    index("class_list_year_desc_idx").on(
      t.yearFrom.desc().nullsLast(),
      t.schoolId,
      t.grade,
      t.sectionKey,
    ),
    index("class_list_students_asc_idx").on(
      t.students,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey,
    ),
    index("class_list_students_desc_idx").on(
      t.students.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey,
    ),
    index("class_list_teachers_asc_idx").on(
      t.teachers,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey,
    ),
    index("class_list_teachers_desc_idx").on(
      t.teachers.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey,
    ),
    index("class_list_completion_asc_idx").on(
      t.averageCompletion,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey,
    ),
    index("class_list_completion_desc_idx").on(
      t.averageCompletion.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey,
    ),
    // Migration 0026: a search reads its matches by trigrams instead of every class.
    trigram("class_list_search_trgm", sql`${t.searchText}`),
  ],
);

/** The calendar's school year class_list was computed with (one row; class_list_sync moves it). */
export const classListYear = pgTable(
  "class_list_year",
  {
    id: integer("id").primaryKey(),
    yearFrom: integer("year_from").notNull(),
  },
  () => [check("class_list_year_id_check", sql`"id" = 1`)],
);

/**
 * What a transaction's statements add to class_members, added to it in key order when the
 * transaction commits (migration 0022); never committed.
 */
export const classMembersDelta = pgTable(
  "class_members_delta",
  {
    txid: pendingTxid(),
    schoolId: integer("school_id").notNull(),
    yearFrom: integer("year_from").notNull(),
    grade: integer("grade").notNull(),
    sectionKey: text("section_key").notNull(),
    section: text("section").notNull(),
    yearTo: integer("year_to").notNull(),
    students: integer("students").notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.txid, t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.section, t.yearTo],
      name: "class_members_delta_pk",
    }),
  ],
);

/** What a transaction's statements add to class_done, added at commit (migration 0022). */
export const classDoneDelta = pgTable(
  "class_done_delta",
  {
    txid: pendingTxid(),
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
      columns: [t.txid, t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.courseId, t.materialId],
      name: "class_done_delta_pk",
    }),
  ],
);

/**
 * The schools whose class_list rows a transaction's statements changed the sources of, refreshed
 * together when it commits (migration 0022); never committed.
 */
export const classListPending = pgTable(
  "class_list_pending",
  {
    txid: pendingTxid(),
    schoolId: integer("school_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.txid, t.schoolId], name: "class_list_pending_pk" })],
);

/**
 * One row per transaction with summaries, sums or class-list rows pending: its deferred trigger
 * does the work when the transaction commits (migration 0022).
 */
export const summariesCommit = pgTable("summaries_commit", {
  txid: bigint("txid", { mode: "number" }).primaryKey(),
});
