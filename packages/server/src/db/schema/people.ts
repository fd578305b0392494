/** Schools, roles and their permissions, users, teaching loads and parents. */
import { sql } from "drizzle-orm";
import {
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
    version: recordVersion(),
  },
  (t) => [
    uniqueIndex("schools_code_key").on(sql`lower(${t.schoolCode})`),
    trigram("schools_search_trgm", sql`${t.searchText}`),
    index("schools_name_idx").on(t.schoolName, t.id),
    index("schools_created_idx").on(t.createdAt, t.id),
    // Issue 14 (0017): a (column, id) index per sortable column of the list.
    index("schools_code_idx").on(t.schoolCode, t.id),
    index("schools_city_idx").on(t.city, t.id),
    index("schools_province_idx").on(t.province, t.id),
    index("schools_region_idx").on(t.region, t.id),
    index("schools_enabled_idx").on(t.enabled, t.id),
    index("schools_updated_idx").on(t.updatedAt, t.id),
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
    version: recordVersion(),
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
    version: recordVersion(),
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
    // users_course_students_idx and the statistics users_course_stats (a course's students in name
    // order) are in drizzle/0023: an index's INCLUDE columns cannot be declared here.
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
