/**
 * The one schema of both drivers (PGlite and PostgreSQL, ARCHITECTURE.md "Data"). Migrations in
 * drizzle/ are generated from this file with `pnpm db:generate` and applied at start-up.
 */
import type { ScormSettings } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Audit columns on every row (issue 4): returned as SPEC.md §3's timestamp object. */
function audit() {
  return {
    createdAt: at("created_at").notNull().defaultNow(),
    createdBy: text("created_by"),
    updatedAt: at("updated_at"),
    updatedBy: text("updated_by"),
  };
}

/** A lower-cased search text kept by the database, indexed with trigrams. */
function searchText(expression: SQL) {
  return text("search_text").notNull().generatedAlwaysAs(expression);
}

const trigram = (name: string, column: SQL) =>
  index(name).using("gin", sql`${column} gin_trgm_ops`);

export const schools = pgTable(
  "schools",
  {
    id: serial("id").primaryKey(),
    schoolCode: text("school_code").notNull(),
    schoolName: text("school_name").notNull(),
    depedSchoolId: text("deped_school_id").notNull().default(""),
    sector: text("sector").notNull().default(""),
    address: text("address").notNull().default(""),
    city: text("city").notNull().default(""),
    cityMunicipality: text("city_municipality").notNull().default(""),
    province: text("province").notNull().default(""),
    barangay: text("barangay").notNull().default(""),
    region: text("region").notNull().default(""),
    country: text("country").notNull().default(""),
    zipCode: text("zip_code").notNull().default(""),
    lmsUrl: text("lms_url").notNull().default(""),
    websiteUrl: text("website_url").notNull().default(""),
    subscriptionType: text("subscription_type").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    requireParentAccount: boolean("require_parent_account").notNull().default(false),
    logo: text("logo"),
    searchText: searchText(
      sql`lower(school_code || ' ' || school_name || ' ' || city || ' ' || province || ' ' || region)`,
    ),
    ...audit(),
  },
  (t) => [
    uniqueIndex("schools_code_key").on(sql`lower(${t.schoolCode})`),
    trigram("schools_search_trgm", sql`${t.searchText}`),
    index("schools_name_idx").on(t.schoolName, t.id),
    index("schools_created_idx").on(t.createdAt, t.id),
  ],
);

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    roleName: text("role_name").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    builtIn: boolean("built_in").notNull().default(false),
    ...audit(),
  },
  (t) => [uniqueIndex("roles_name_key").on(sql`lower(${t.roleName})`)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    module: text("module").notNull(),
    access: boolean("access").notNull().default(false),
    add: boolean("add").notNull().default(false),
    view: boolean("view").notNull().default(false),
    modify: boolean("modify").notNull().default(false),
    ...audit(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.module] })],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    salutation: text("salutation").notNull().default(""),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name").notNull().default(""),
    lastName: text("last_name").notNull(),
    suffix: text("suffix").notNull().default(""),
    userName: text("user_name").notNull(),
    email: text("email").notNull(),
    employeeNumber: text("employee_number").notNull().default(""),
    learningReferenceNumber: text("learning_reference_number").notNull().default(""),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    status: smallint("status").notNull().default(0),
    registered: smallint("registered").notNull().default(0),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "cascade" }),
    schoolYearFrom: integer("school_year_from"),
    schoolYearTo: integer("school_year_to"),
    grade: smallint("grade"),
    section: text("section").notNull().default(""),
    subject: text("subject").notNull().default(""),
    title: text("title").notNull().default(""),
    parent: jsonb("parent").$type<Record<string, string>>(),
    subscriptionType: text("subscription_type").notNull().default(""),
    photo: text("photo"),
    lang: text("lang").notNull().default("es"),
    passwordHash: text("password_hash"),
    passwordChangedAt: at("password_changed_at"),
    searchText: searchText(
      sql`lower(first_name || ' ' || last_name || ' ' || user_name || ' ' || email)`,
    ),
    ...audit(),
  },
  (t) => [
    uniqueIndex("users_user_name_key").on(sql`lower(${t.userName})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    trigram("users_search_trgm", sql`${t.searchText}`),
    index("users_school_idx").on(t.schoolId, t.lastName, t.id),
    index("users_last_name_idx").on(t.lastName, t.id),
    index("users_first_name_idx").on(t.firstName, t.id),
    index("users_created_idx").on(t.createdAt, t.id),
    index("users_role_idx").on(t.roleId, t.id),
    index("users_user_name_idx").on(t.userName, t.id),
    index("users_email_idx").on(t.email, t.id),
    index("users_status_idx").on(t.status, t.id),
    index("users_grade_idx").on(t.grade, t.id),
    index("users_section_idx").on(t.section, t.id),
    index("users_updated_idx").on(t.updatedAt, t.id),
  ],
);

/** A teacher's assigned load: the grade, subject and section rows it teaches. */
export const userLoads = pgTable(
  "user_loads",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    grade: smallint("grade").notNull(),
    subject: text("subject").notNull(),
    section: text("section").notNull(),
    ...audit(),
  },
  (t) => [index("user_loads_user_idx").on(t.userId)],
);

export const parentChildren = pgTable(
  "parent_children",
  {
    parentId: integer("parent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: integer("child_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...audit(),
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    index("parent_children_child_idx").on(t.childId),
  ],
);

/**
 * Main-service sessions (kind "api") and class-service cookie sessions (kind "class", tied to the
 * api session they came from). Tokens are stored only as SHA-256 hashes.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("api"),
    tokenHash: text("token_hash").notNull(),
    wsTokenHash: text("ws_token_hash"),
    sessionKey: text("session_key").notNull(),
    parentId: integer("parent_id"),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idleExpiresAt: at("idle_expires_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    address: text("address").notNull().default(""),
    ...audit(),
  },
  (t) => [
    uniqueIndex("sessions_token_key").on(t.tokenHash),
    uniqueIndex("sessions_ws_token_key").on(t.wsTokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_parent_idx").on(t.parentId),
  ],
);

/** Activation (7 days) and reset (1 hour) links: hashed, single use. */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    ...audit(),
  },
  (t) => [
    uniqueIndex("password_tokens_hash_key").on(t.tokenHash),
    index("password_tokens_user_idx").on(t.userId),
  ],
);

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
  },
  (t) => [
    uniqueIndex("courses_code_key").on(
      sql`coalesce(${t.schoolId}, 0)`,
      sql`lower(${t.courseCode})`,
    ),
    trigram("courses_search_trgm", sql`${t.searchText}`),
    index("courses_school_idx").on(t.schoolId, t.gradeLevel),
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
  },
  (t) => [
    index("materials_element_idx").on(t.elementId),
    index("materials_course_idx").on(t.courseId),
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

/** E-mail: every message is kept; without SMTP_URL its link is printed in the log. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    link: text("link").notNull().default(""),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    sentAt: at("sent_at"),
    ...audit(),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.id)],
);

/** Rate-limit counters, shared by every server process (issue 4 "Security"). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: at("window_start").notNull().defaultNow(),
  ...audit(),
});

/** Class-service login keys: single use, 60 seconds. */
export const classLoginKeys = pgTable(
  "class_login_keys",
  {
    id: serial("id").primaryKey(),
    keyHash: text("key_hash").notNull(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    ...audit(),
  },
  (t) => [uniqueIndex("class_login_keys_hash_key").on(t.keyHash)],
);

/**
 * A version per table, moved on by a trigger at every committed change to the table (migration
 * 0002), so that every server process can tell whether what it keeps of a list is still current.
 */
export const changeCounters = pgTable("change_counters", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  ...audit(),
});

/**
 * Secrets shared by every server process on the database (migration 0007): the key that signs the
 * content origin's capabilities. Written once by the first process that needs it.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * The recycle bin (issue 13, migration 0008): a deleted record with every row that depended on
 * it, kept as JSON in `recycle_bin_rows` until it is restored or purged. Its files stay in the
 * storage until the purge.
 */
export const recycleBin = pgTable(
  "recycle_bin",
  {
    id: serial("id").primaryKey(),
    /** school, user, role, course, element, material */
    resource: text("resource").notNull(),
    recordId: integer("record_id").notNull(),
    label: text("label").notNull(),
    code: text("code"),
    /** Scope: the record's school (null: global) and, for learning content, its course. */
    schoolId: integer("school_id"),
    courseId: integer("course_id"),
    /** A user's role (authority checks on restore). */
    roleId: integer("role_id"),
    counts: jsonb("counts").notNull().default({}),
    fileKeys: jsonb("file_keys").$type<string[]>().notNull().default([]),
    deletedBy: text("deleted_by"),
    deletedAt: at("deleted_at").notNull().defaultNow(),
    purgeAt: at("purge_at").notNull(),
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower("label" || ' ' || coalesce("code", ''))`),
    ...audit(),
  },
  (t) => [
    index("recycle_bin_resource_idx").on(t.resource, t.schoolId, t.deletedAt),
    index("recycle_bin_purge_idx").on(t.purgeAt),
  ],
);

export const recycleBinRows = pgTable(
  "recycle_bin_rows",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => recycleBin.id, { onDelete: "cascade" }),
    tableName: text("table_name").notNull(),
    chunk: integer("chunk").notNull(),
    rows: jsonb("rows").notNull(),
  },
  (t) => [index("recycle_bin_rows_entry_idx").on(t.entryId, t.tableName)],
);

/** Large course deletions running as a job (commands on the course answer 409 meanwhile). */
export const courseDeletions = pgTable("course_deletions", {
  courseId: integer("course_id").primaryKey(),
  deletedBy: text("deleted_by"),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * The audit trail (issue 13, migration 0009): one row per change, sign-in and failed sign-in.
 * No foreign keys: a record outlives the user and the record it names. `changes` holds the fields
 * changed ({ field: [old, new] }), a create's values or a bulk action's selection; never a secret.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    actorRoleId: integer("actor_role_id"),
    schoolId: integer("school_id"),
    address: text("address").notNull().default(""),
    module: text("module").notNull(),
    action: text("action").notNull(),
    recordId: text("record_id").notNull().default(""),
    recordLabel: text("record_label").notNull().default(""),
    changes: jsonb("changes"),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_school_at_idx").on(t.schoolId, t.at),
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
    index("audit_log_module_action_idx").on(t.module, t.action, t.at),
  ],
);

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files in the database (issue 14, migration 0011, LMS_FILE_STORE=database): a key names
 * a blob written in `file_chunks` before the key points at it, so no reader sees half a file.
 */
export const fileObjects = pgTable("file_objects", {
  key: text("key").primaryKey(),
  blob: uuid("blob").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  chunkSize: integer("chunk_size").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

export const fileChunks = pgTable(
  "file_chunks",
  {
    blob: uuid("blob").notNull(),
    n: integer("n").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blob, t.n], name: "file_chunks_pkey" })],
);
