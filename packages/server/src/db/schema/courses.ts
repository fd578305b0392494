/** Courses, their elements and materials, quizzes, SCORM runtime data and progress. */
import type { ScormSettings } from "@lms/core";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, audit, recordVersion, searchText, trigram } from "./columns";
import { schools, users } from "./people";

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    courseName: text("course_name").notNull(),
    courseCode: text("course_code").notNull(),
    gradeLevel: smallint("grade_level").notNull(),
    subject: text("subject").notNull(),
    section: text("section").notNull().default(""),
    description: text("description").notNull().default(""),
    image: text("image"),
    published: boolean("published").notNull().default(false),
    /** Empty: the course is for every school. */
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "cascade" }),
    searchText: searchText(sql`lower(course_name || ' ' || course_code || ' ' || subject)`),
    ...audit(),
    version: recordVersion(),
  },
  (t) => [
    uniqueIndex("courses_code_key").on(
      sql`coalesce(${t.schoolId}, 0)`,
      sql`lower(${t.courseCode})`,
    ),
    trigram("courses_search_trgm", sql`${t.searchText}`),
    index("courses_school_idx").on(t.schoolId, t.gradeLevel),
    // Issue 14 (0017): a (column, id) index per sortable column of the list.
    index("courses_name_idx").on(t.courseName, t.id),
    index("courses_code_idx").on(t.courseCode, t.id),
    index("courses_grade_idx").on(t.gradeLevel, t.id),
    index("courses_subject_idx").on(t.subject, t.id),
    index("courses_section_idx").on(t.section, t.id),
    index("courses_published_idx").on(t.published, t.id),
    index("courses_created_idx").on(t.createdAt, t.id),
    index("courses_updated_idx").on(t.updatedAt, t.id),
  ],
);

/** Course elements; positions unique and gap-free per course (unique constraint in 0001). */
export const courseElements = pgTable(
  "course_elements",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    ...audit(),
    version: recordVersion(),
  },
  (t) => [
    uniqueIndex("course_elements_name_key").on(t.courseId, sql`lower(${t.name})`),
    index("course_elements_course_idx").on(t.courseId),
  ],
);

/** Materials; positions unique and gap-free per element (unique constraint in 0001). */
export const materials = pgTable(
  "materials",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    elementId: integer("element_id")
      .notNull()
      .references(() => courseElements.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    url: text("url").notNull().default(""),
    content: text("content").notNull().default(""),
    size: integer("size").notNull().default(0),
    author: text("author").notNull().default(""),
    position: integer("position").notNull(),
    published: boolean("published").notNull().default(false),
    lastModified: at("last_modified").notNull().defaultNow(),
    /** A SCORM material's attempt settings (scormSettingsSchema of @lms/core; {}: defaults). */
    scormSettings: jsonb("scorm_settings").$type<Partial<ScormSettings>>().notNull().default({}),
    ...audit(),
    version: recordVersion(),
  },
  (t) => [
    index("materials_element_idx").on(t.elementId),
    index("materials_course_idx").on(t.courseId),
    // Issue 14 (0017): a (column, id) index per sortable column of the list, and the search's.
    index("materials_name_idx").on(t.name, t.id),
    index("materials_modified_idx").on(t.lastModified, t.id),
    index("materials_size_idx").on(t.size, t.id),
    index("materials_type_idx").on(t.type, t.id),
    index("materials_author_idx").on(t.author, t.id),
    index("materials_published_idx").on(t.published, t.id),
    index("materials_position_idx").on(t.position, t.id),
    index("materials_created_idx").on(t.createdAt, t.id),
    trigram("materials_search_trgm", sql`lower(${t.name} || ' ' || ${t.author})`),
  ],
);

/** Stored files of a material: the file of a file material, every entry of a SCORM package. */
export const materialFiles = pgTable(
  "material_files",
  {
    id: serial("id").primaryKey(),
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    ...audit(),
  },
  (t) => [uniqueIndex("material_files_path_key").on(t.materialId, t.path)],
);

export const quizzes = pgTable("quizzes", {
  materialId: integer("material_id")
    .primaryKey()
    .references(() => materials.id, { onDelete: "cascade" }),
  attemptsAllowed: integer("attempts_allowed").notNull().default(0),
  timeLimitMinutes: integer("time_limit_minutes").notNull().default(0),
  passingGrade: integer("passing_grade").notNull().default(75),
  shuffle: boolean("shuffle").notNull().default(false),
  showCorrectAnswers: boolean("show_correct_answers").notNull().default(true),
  ...audit(),
});

export const questions = pgTable(
  "questions",
  {
    id: serial("id").primaryKey(),
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    prompt: text("prompt").notNull(),
    points: integer("points").notNull().default(1),
    choices: jsonb("choices").$type<{ id?: string; text: string; correct: boolean }[]>().notNull(),
    answers: jsonb("answers").$type<string[]>().notNull(),
    ...audit(),
  },
  (t) => [index("questions_material_idx").on(t.materialId, t.position)],
);

export const attempts = pgTable(
  "attempts",
  {
    id: serial("id").primaryKey(),
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1, 2, … per student and quiz: unique, so parallel submissions cannot pass the limit. */
    number: integer("number").notNull(),
    score: integer("score").notNull(),
    passed: boolean("passed").notNull(),
    answers: jsonb("answers").notNull(),
    ...audit(),
  },
  (t) => [
    index("attempts_user_material_idx").on(t.userId, t.materialId),
    uniqueIndex("attempts_user_material_number_key").on(t.userId, t.materialId, t.number),
  ],
);

/** The start of a quiz attempt: its deadline when the quiz has a time limit, its question order. */
export const quizStarts = pgTable(
  "quiz_starts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    startedAt: at("started_at").notNull().defaultNow(),
    deadline: at("deadline"),
    ...audit(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.materialId, t.number] })],
);

/** A SCORM runtime's data per student and attempt: the flat cmi element → value map. */
export const scormAttempts = pgTable(
  "scorm_attempts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull().default(1),
    /** The SCO's item identifier in a package with several; "" for the only SCO or the rollup. */
    sco: text("sco").notNull().default(""),
    cmi: jsonb("cmi").$type<Record<string, string>>().notNull(),
    totalSeconds: integer("total_seconds").notNull().default(0),
    /** The player session (ordered, from scormload) and its sequence number of the last commit. */
    session: bigint("session", { mode: "number" }).notNull().default(0),
    seq: integer("seq").notNull().default(0),
    ...audit(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.materialId, t.attempt, t.sco] })],
);

/** A student's progress through a course's materials (journey). */
export const progress = pgTable(
  "progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    startedAt: at("started_at").notNull().defaultNow(),
    lastOpenedAt: at("last_opened_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
    ...audit(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.materialId] }),
    index("progress_user_course_idx").on(t.userId, t.courseId),
  ],
);
