var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};

// src/lib/storage.ts
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
function newStorageKey(kind, extension = "") {
  const ext = extension.replace(/[^a-z0-9]/g, "").slice(0, 8);
  return `${kind}/${randomUUID()}${ext ? `.${ext}` : ""}`;
}
async function storeFromDisk(storage, key, source) {
  if (storage.putFile) await storage.putFile(key, source);
  else await storage.putStream(key, createReadStream(source));
}
var init_storage = __esm({
  "src/lib/storage.ts"() {
    "use strict";
  }
});

// src/lib/list.ts
import "@lms/core";
import {
  and,
  asc,
  desc,
  inArray,
  isNull,
  like,
  or,
  sql
} from "drizzle-orm";

// src/lib/errors.ts
import {
  encodeMessage,
  englishMessage,
  es
} from "@lms/core";
var EXPIRED_TOKEN = "Expired token";
var INVALID_TOKEN = "Invalid token!";
function text(key, values2) {
  return englishMessage(encodeMessage(key, values2));
}
var ApiError = class extends Error {
  status;
  code;
  errors;
  data;
  /** Headers of the answer (Retry-After of a 429). */
  headers;
  constructor(status, code, options = {}) {
    super(
      options.message ?? (code === "validation" ? text("csv.invalidRow") : text(code, options.values))
    );
    this.status = status;
    this.code = code;
    if (options.errors) this.errors = options.errors;
    if (options.data !== void 0) this.data = options.data;
    if (options.headers) this.headers = options.headers;
  }
};
var notFound = () => new ApiError(404, "errors.notFound");
var forbidden = () => new ApiError(403, "errors.forbidden");
var conflict = (key, field) => new ApiError(409, key, field ? { errors: [fieldError(field, key)] } : {});
function unauthenticated(expired) {
  return new ApiError(401, "auth.sessionExpired", {
    message: expired ? EXPIRED_TOKEN : INVALID_TOKEN
  });
}
function fieldError(field, key, values2, row) {
  return {
    field,
    ...row === void 0 ? {} : { row },
    code: key,
    message: text(key, values2),
    ...values2 ? { values: values2 } : {}
  };
}
function invalid(errors) {
  return new ApiError(422, "validation", {
    message: errors[0]?.message ?? es["validation.invalidValue"],
    errors
  });
}
var invalidField = (field, key, values2) => invalid([fieldError(field, key, values2)]);
function pgCode(error) {
  let current = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = current.code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return void 0;
}
var isUniqueViolation = (error) => pgCode(error) === "23505";

// src/lib/list.ts
function listAnswer(input, rows, total, totalIsEstimate = false) {
  return {
    pagination: {
      page: input.page,
      rowsPerPage: input.rowsPerPage,
      totalcount: total,
      ...totalIsEstimate ? { totalIsEstimate: true } : {}
    },
    data: rows
  };
}
function roundEstimate(estimate, atLeast) {
  const value = Math.max(estimate, atLeast);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.max(atLeast, Math.round(value / unit) * unit);
}

// src/lib/sorted-index.ts
function sortedIndexOf(sorted, value) {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = low + high >>> 1;
    const at2 = sorted[middle];
    if (at2 === value) return middle;
    if (at2 < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

// src/lib/top-keys.ts
var TopKeys = class {
  constructor(k2) {
    this.k = k2;
    this.heap = new Float64Array(Math.max(0, k2));
  }
  k;
  heap;
  size = 0;
  push(key) {
    const heap = this.heap;
    if (this.size < this.k) {
      let at3 = this.size;
      this.size += 1;
      while (at3 > 0) {
        const parent = at3 - 1 >> 1;
        if (heap[parent] >= key) break;
        heap[at3] = heap[parent];
        at3 = parent;
      }
      heap[at3] = key;
      return;
    }
    if (this.k === 0 || key >= heap[0]) return;
    let at2 = 0;
    for (; ; ) {
      const left = 2 * at2 + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const larger = right < this.size && heap[right] > heap[left] ? right : left;
      if (heap[larger] <= key) break;
      heap[at2] = heap[larger];
      at2 = larger;
    }
    heap[at2] = key;
  }
  /** The kept numbers, smallest first. */
  sorted() {
    return Array.from(this.heap.subarray(0, this.size).sort());
  }
};
function smallestFirst(keys, k2) {
  let low = 0;
  let high = keys.length - 1;
  let rounds = 4 * Math.ceil(Math.log2(keys.length + 1));
  while (low < high && k2 > low && k2 <= high) {
    if ((rounds -= 1) < 0) {
      keys.subarray(low, high + 1).sort();
      return;
    }
    const pivot = keys[low + Math.floor(Math.random() * (high - low + 1))];
    let i = low;
    let j = high;
    while (i <= j) {
      while (keys[i] < pivot) i += 1;
      while (keys[j] > pivot) j -= 1;
      if (i <= j) {
        const kept = keys[i];
        keys[i] = keys[j];
        keys[j] = kept;
        i += 1;
        j -= 1;
      }
    }
    if (k2 <= j) high = j;
    else if (k2 >= i) low = i;
    else return;
  }
}

// src/lib/trigram-postings.ts
var TrigramPostings = class _TrigramPostings {
  constructor(codes, starts, slots) {
    this.codes = codes;
    this.starts = starts;
    this.slots = slots;
  }
  codes;
  starts;
  slots;
  /** Postings of texts by position (a text's slot is its index); empty slots may be undefined. */
  static build(texts) {
    const asciiCounts = new Int32Array(ASCII_CODES);
    const asciiLast = new Int32Array(ASCII_CODES).fill(-1);
    const otherCounts = /* @__PURE__ */ new Map();
    const otherLast = /* @__PURE__ */ new Map();
    const eachTrigram = (visit) => {
      for (let slot = 0; slot < texts.length; slot += 1) {
        const text10 = texts[slot];
        if (!text10) continue;
        for (let i = 0; i + 3 <= text10.length; i += 1) {
          const code = trigramAt(text10, i);
          if (code < ASCII_CODES) {
            if (asciiLast[code] === slot) continue;
            asciiLast[code] = slot;
          } else {
            if (otherLast.get(code) === slot) continue;
            otherLast.set(code, slot);
          }
          visit(code, slot);
        }
      }
    };
    eachTrigram((code) => {
      if (code < ASCII_CODES) asciiCounts[code] = asciiCounts[code] + 1;
      else otherCounts.set(code, (otherCounts.get(code) ?? 0) + 1);
    });
    let present = otherCounts.size;
    for (let code = 0; code < ASCII_CODES; code += 1) if (asciiCounts[code] > 0) present += 1;
    const codes = new Float64Array(present);
    const starts = new Int32Array(present + 1);
    let at2 = 0;
    let index7 = 0;
    for (let code = 0; code < ASCII_CODES; code += 1) {
      const count10 = asciiCounts[code];
      if (count10 === 0) continue;
      codes[index7] = code;
      starts[index7] = at2;
      asciiCounts[code] = at2;
      at2 += count10;
      index7 += 1;
    }
    for (const [code, count10] of [...otherCounts].sort((a, b) => a[0] - b[0])) {
      codes[index7] = code;
      starts[index7] = at2;
      otherCounts.set(code, at2);
      at2 += count10;
      index7 += 1;
    }
    starts[present] = at2;
    const slots = new Int32Array(at2);
    asciiLast.fill(-1);
    otherLast.clear();
    eachTrigram((code, slot) => {
      if (code < ASCII_CODES) {
        slots[asciiCounts[code]] = slot;
        asciiCounts[code] = asciiCounts[code] + 1;
      } else {
        const next = otherCounts.get(code);
        slots[next] = slot;
        otherCounts.set(code, next + 1);
      }
    });
    return new _TrigramPostings(codes, starts, slots);
  }
  /**
   * The slots whose text may contain the term: those listed under every one of its trigrams (for a
   * term of three characters, exactly the texts that contain it). Null for a term of fewer than
   * three characters, which has no trigram to narrow by.
   */
  candidates(term) {
    if (term.length < 3) return null;
    const lists = [];
    for (let i = 0; i + 3 <= term.length; i += 1) {
      const list = this.listOf(trigramAt(term, i));
      if (!list) return new Int32Array(0);
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let slots = lists[0];
    for (const list of lists.slice(1)) {
      if (slots.length === 0) break;
      slots = intersect(slots, list);
    }
    return slots;
  }
  listOf(code) {
    const at2 = sortedIndexOf(this.codes, code);
    return at2 < 0 ? null : this.slots.subarray(this.starts[at2], this.starts[at2 + 1]);
  }
};
function intersect(small, large) {
  const out = new Int32Array(small.length);
  let found = 0;
  let from = 0;
  for (let i = 0; i < small.length && from < large.length; i += 1) {
    const slot = small[i];
    let step = 1;
    while (from + step < large.length && large[from + step] < slot) step *= 2;
    let low = from;
    let high = Math.min(from + step, large.length - 1);
    while (low < high) {
      const middle = low + high >>> 1;
      if (large[middle] < slot) low = middle + 1;
      else high = middle;
    }
    from = low;
    if (large[low] === slot) {
      out[found] = slot;
      found += 1;
      from = low + 1;
    }
  }
  return out.subarray(0, found);
}
var ASCII_CODES = 1 << 21;
function trigramAt(text10, i) {
  const a = text10.charCodeAt(i);
  const b = text10.charCodeAt(i + 1);
  const c = text10.charCodeAt(i + 2);
  if (a < 128 && b < 128 && c < 128) return a << 14 | b << 7 | c;
  return ASCII_CODES + (a * 65536 + b) * 65536 + c;
}

// src/db/schema/people.ts
import { sql as sql3 } from "drizzle-orm";
import {
  boolean,
  index as index2,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text as text3,
  uniqueIndex
} from "drizzle-orm/pg-core";

// src/db/schema/columns.ts
import { sql as sql2 } from "drizzle-orm";
import { bigint, customType, index, text as text2, timestamp } from "drizzle-orm/pg-core";
var at = (name) => timestamp(name, { withTimezone: true, mode: "date" });
var pendingTxid = () => bigint("txid", { mode: "number" }).notNull().default(sql2`txid_current()`);
function audit() {
  return {
    createdAt: at("created_at").notNull().defaultNow(),
    createdBy: text2("created_by"),
    updatedAt: at("updated_at"),
    updatedBy: text2("updated_by")
  };
}
function searchText(expression) {
  return text2("search_text").notNull().generatedAlwaysAs(expression);
}
var trigram = (name, column) => index(name).using("gin", sql2`${column} gin_trgm_ops`);
var bytea = customType({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)
});

// src/db/schema/people.ts
var schools = pgTable(
  "schools",
  {
    id: serial("id").primaryKey(),
    schoolCode: text3("school_code").notNull(),
    schoolName: text3("school_name").notNull(),
    depedSchoolId: text3("deped_school_id").notNull().default(""),
    sector: text3("sector").notNull().default(""),
    address: text3("address").notNull().default(""),
    city: text3("city").notNull().default(""),
    cityMunicipality: text3("city_municipality").notNull().default(""),
    province: text3("province").notNull().default(""),
    barangay: text3("barangay").notNull().default(""),
    region: text3("region").notNull().default(""),
    country: text3("country").notNull().default(""),
    zipCode: text3("zip_code").notNull().default(""),
    lmsUrl: text3("lms_url").notNull().default(""),
    websiteUrl: text3("website_url").notNull().default(""),
    subscriptionType: text3("subscription_type").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    requireParentAccount: boolean("require_parent_account").notNull().default(false),
    logo: text3("logo"),
    searchText: searchText(
      sql3`lower(school_code || ' ' || school_name || ' ' || city || ' ' || province || ' ' || region)`
    ),
    ...audit()
  },
  (t) => [
    uniqueIndex("schools_code_key").on(sql3`lower(${t.schoolCode})`),
    trigram("schools_search_trgm", sql3`${t.searchText}`),
    index2("schools_name_idx").on(t.schoolName, t.id),
    index2("schools_created_idx").on(t.createdAt, t.id),
    // Issue 14 (0017): a (column, id) index per sortable column of the list.
    index2("schools_code_idx").on(t.schoolCode, t.id),
    index2("schools_city_idx").on(t.city, t.id),
    index2("schools_province_idx").on(t.province, t.id),
    index2("schools_region_idx").on(t.region, t.id),
    index2("schools_enabled_idx").on(t.enabled, t.id),
    index2("schools_updated_idx").on(t.updatedAt, t.id)
  ]
);
var roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    roleName: text3("role_name").notNull(),
    description: text3("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    builtIn: boolean("built_in").notNull().default(false),
    ...audit()
  },
  (t) => [uniqueIndex("roles_name_key").on(sql3`lower(${t.roleName})`)]
);
var rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id").notNull().references(() => roles.id, { onDelete: "cascade" }),
    module: text3("module").notNull(),
    access: boolean("access").notNull().default(false),
    add: boolean("add").notNull().default(false),
    view: boolean("view").notNull().default(false),
    modify: boolean("modify").notNull().default(false),
    ...audit()
  },
  (t) => [primaryKey({ columns: [t.roleId, t.module] })]
);
var users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    salutation: text3("salutation").notNull().default(""),
    firstName: text3("first_name").notNull(),
    middleName: text3("middle_name").notNull().default(""),
    lastName: text3("last_name").notNull(),
    suffix: text3("suffix").notNull().default(""),
    userName: text3("user_name").notNull(),
    email: text3("email").notNull(),
    employeeNumber: text3("employee_number").notNull().default(""),
    learningReferenceNumber: text3("learning_reference_number").notNull().default(""),
    roleId: integer("role_id").notNull().references(() => roles.id),
    status: smallint("status").notNull().default(0),
    registered: smallint("registered").notNull().default(0),
    schoolId: integer("school_id").references(() => schools.id, { onDelete: "cascade" }),
    schoolYearFrom: integer("school_year_from"),
    schoolYearTo: integer("school_year_to"),
    grade: smallint("grade"),
    section: text3("section").notNull().default(""),
    subject: text3("subject").notNull().default(""),
    title: text3("title").notNull().default(""),
    parent: jsonb("parent").$type(),
    subscriptionType: text3("subscription_type").notNull().default(""),
    photo: text3("photo"),
    lang: text3("lang").notNull().default("es"),
    passwordHash: text3("password_hash"),
    passwordChangedAt: at("password_changed_at"),
    searchText: searchText(
      sql3`lower(first_name || ' ' || last_name || ' ' || user_name || ' ' || email)`
    ),
    ...audit()
  },
  (t) => [
    uniqueIndex("users_user_name_key").on(sql3`lower(${t.userName})`),
    uniqueIndex("users_email_key").on(sql3`lower(${t.email})`),
    trigram("users_search_trgm", sql3`${t.searchText}`),
    index2("users_school_idx").on(t.schoolId, t.lastName, t.id),
    index2("users_last_name_idx").on(t.lastName, t.id),
    index2("users_first_name_idx").on(t.firstName, t.id),
    index2("users_created_idx").on(t.createdAt, t.id),
    index2("users_role_idx").on(t.roleId, t.id),
    index2("users_user_name_idx").on(t.userName, t.id),
    index2("users_email_idx").on(t.email, t.id),
    index2("users_status_idx").on(t.status, t.id),
    index2("users_grade_idx").on(t.grade, t.id),
    index2("users_section_idx").on(t.section, t.id),
    index2("users_updated_idx").on(t.updatedAt, t.id)
    // users_course_students_idx and the statistics users_course_stats (a course's students in name
    // order) are in drizzle/0023: an index's INCLUDE columns cannot be declared here.
  ]
);
var userLoads = pgTable(
  "user_loads",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    grade: smallint("grade").notNull(),
    subject: text3("subject").notNull(),
    section: text3("section").notNull(),
    ...audit()
  },
  (t) => [index2("user_loads_user_idx").on(t.userId)]
);
var parentChildren = pgTable(
  "parent_children",
  {
    parentId: integer("parent_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    childId: integer("child_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    ...audit()
  },
  (t) => [
    primaryKey({ columns: [t.parentId, t.childId] }),
    index2("parent_children_child_idx").on(t.childId)
  ]
);

// src/db/schema/auth.ts
import { index as index3, integer as integer2, pgTable as pgTable2, serial as serial2, text as text4, uniqueIndex as uniqueIndex2 } from "drizzle-orm/pg-core";
var sessions = pgTable2(
  "sessions",
  {
    id: serial2("id").primaryKey(),
    kind: text4("kind").notNull().default("api"),
    tokenHash: text4("token_hash").notNull(),
    wsTokenHash: text4("ws_token_hash"),
    sessionKey: text4("session_key").notNull(),
    parentId: integer2("parent_id"),
    userId: integer2("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    idleExpiresAt: at("idle_expires_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    address: text4("address").notNull().default(""),
    ...audit()
  },
  (t) => [
    uniqueIndex2("sessions_token_key").on(t.tokenHash),
    uniqueIndex2("sessions_ws_token_key").on(t.wsTokenHash),
    index3("sessions_user_idx").on(t.userId),
    index3("sessions_parent_idx").on(t.parentId)
  ]
);
var passwordTokens = pgTable2(
  "password_tokens",
  {
    id: serial2("id").primaryKey(),
    userId: integer2("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text4("kind").notNull(),
    tokenHash: text4("token_hash").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    ...audit()
  },
  (t) => [
    uniqueIndex2("password_tokens_hash_key").on(t.tokenHash),
    index3("password_tokens_user_idx").on(t.userId)
  ]
);
var rateLimits = pgTable2("rate_limits", {
  key: text4("key").primaryKey(),
  count: integer2("count").notNull().default(0),
  windowStart: at("window_start").notNull().defaultNow(),
  ...audit()
});
var classLoginKeys = pgTable2(
  "class_login_keys",
  {
    id: serial2("id").primaryKey(),
    keyHash: text4("key_hash").notNull(),
    sessionId: integer2("session_id").notNull().references(() => sessions.id, { onDelete: "cascade" }),
    userId: integer2("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    ...audit()
  },
  (t) => [uniqueIndex2("class_login_keys_hash_key").on(t.keyHash)]
);
var serverSecrets = pgTable2("server_secrets", {
  name: text4("name").primaryKey(),
  value: text4("value").notNull(),
  createdAt: at("created_at").notNull().defaultNow()
});

// src/db/schema/courses.ts
import { sql as sql4 } from "drizzle-orm";
import {
  bigint as bigint2,
  boolean as boolean2,
  index as index4,
  integer as integer3,
  jsonb as jsonb2,
  pgTable as pgTable3,
  primaryKey as primaryKey2,
  serial as serial3,
  smallint as smallint2,
  text as text5,
  uniqueIndex as uniqueIndex3
} from "drizzle-orm/pg-core";
var courses = pgTable3(
  "courses",
  {
    id: serial3("id").primaryKey(),
    courseName: text5("course_name").notNull(),
    courseCode: text5("course_code").notNull(),
    gradeLevel: smallint2("grade_level").notNull(),
    subject: text5("subject").notNull(),
    section: text5("section").notNull().default(""),
    description: text5("description").notNull().default(""),
    image: text5("image"),
    published: boolean2("published").notNull().default(false),
    /** Empty: the course is for every school. */
    schoolId: integer3("school_id").references(() => schools.id, { onDelete: "cascade" }),
    searchText: searchText(sql4`lower(course_name || ' ' || course_code || ' ' || subject)`),
    ...audit()
  },
  (t) => [
    uniqueIndex3("courses_code_key").on(
      sql4`coalesce(${t.schoolId}, 0)`,
      sql4`lower(${t.courseCode})`
    ),
    trigram("courses_search_trgm", sql4`${t.searchText}`),
    index4("courses_school_idx").on(t.schoolId, t.gradeLevel),
    // Issue 14 (0017): a (column, id) index per sortable column of the list.
    index4("courses_name_idx").on(t.courseName, t.id),
    index4("courses_code_idx").on(t.courseCode, t.id),
    index4("courses_grade_idx").on(t.gradeLevel, t.id),
    index4("courses_subject_idx").on(t.subject, t.id),
    index4("courses_section_idx").on(t.section, t.id),
    index4("courses_published_idx").on(t.published, t.id),
    index4("courses_created_idx").on(t.createdAt, t.id),
    index4("courses_updated_idx").on(t.updatedAt, t.id)
  ]
);
var courseElements = pgTable3(
  "course_elements",
  {
    id: serial3("id").primaryKey(),
    courseId: integer3("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    name: text5("name").notNull(),
    type: text5("type").notNull(),
    position: integer3("position").notNull(),
    published: boolean2("published").notNull().default(false),
    ...audit()
  },
  (t) => [
    uniqueIndex3("course_elements_name_key").on(t.courseId, sql4`lower(${t.name})`),
    index4("course_elements_course_idx").on(t.courseId)
  ]
);
var materials = pgTable3(
  "materials",
  {
    id: serial3("id").primaryKey(),
    courseId: integer3("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    elementId: integer3("element_id").notNull().references(() => courseElements.id, { onDelete: "cascade" }),
    name: text5("name").notNull(),
    type: text5("type").notNull(),
    url: text5("url").notNull().default(""),
    content: text5("content").notNull().default(""),
    size: integer3("size").notNull().default(0),
    author: text5("author").notNull().default(""),
    position: integer3("position").notNull(),
    published: boolean2("published").notNull().default(false),
    lastModified: at("last_modified").notNull().defaultNow(),
    /** A SCORM material's attempt settings (scormSettingsSchema of @lms/core; {}: defaults). */
    scormSettings: jsonb2("scorm_settings").$type().notNull().default({}),
    ...audit()
  },
  (t) => [
    index4("materials_element_idx").on(t.elementId),
    index4("materials_course_idx").on(t.courseId),
    // Issue 14 (0017): a (column, id) index per sortable column of the list, and the search's.
    index4("materials_name_idx").on(t.name, t.id),
    index4("materials_modified_idx").on(t.lastModified, t.id),
    index4("materials_size_idx").on(t.size, t.id),
    index4("materials_type_idx").on(t.type, t.id),
    index4("materials_author_idx").on(t.author, t.id),
    index4("materials_published_idx").on(t.published, t.id),
    index4("materials_position_idx").on(t.position, t.id),
    index4("materials_created_idx").on(t.createdAt, t.id),
    trigram("materials_search_trgm", sql4`lower(${t.name} || ' ' || ${t.author})`)
  ]
);
var materialFiles = pgTable3(
  "material_files",
  {
    id: serial3("id").primaryKey(),
    materialId: integer3("material_id").notNull().references(() => materials.id, { onDelete: "cascade" }),
    path: text5("path").notNull(),
    storageKey: text5("storage_key").notNull(),
    contentType: text5("content_type").notNull(),
    size: integer3("size").notNull(),
    ...audit()
  },
  (t) => [uniqueIndex3("material_files_path_key").on(t.materialId, t.path)]
);
var quizzes = pgTable3("quizzes", {
  materialId: integer3("material_id").primaryKey().references(() => materials.id, { onDelete: "cascade" }),
  attemptsAllowed: integer3("attempts_allowed").notNull().default(0),
  timeLimitMinutes: integer3("time_limit_minutes").notNull().default(0),
  passingGrade: integer3("passing_grade").notNull().default(75),
  shuffle: boolean2("shuffle").notNull().default(false),
  showCorrectAnswers: boolean2("show_correct_answers").notNull().default(true),
  ...audit()
});
var questions = pgTable3(
  "questions",
  {
    id: serial3("id").primaryKey(),
    materialId: integer3("material_id").notNull().references(() => materials.id, { onDelete: "cascade" }),
    position: integer3("position").notNull(),
    type: text5("type").notNull(),
    prompt: text5("prompt").notNull(),
    points: integer3("points").notNull().default(1),
    choices: jsonb2("choices").$type().notNull(),
    answers: jsonb2("answers").$type().notNull(),
    ...audit()
  },
  (t) => [index4("questions_material_idx").on(t.materialId, t.position)]
);
var attempts = pgTable3(
  "attempts",
  {
    id: serial3("id").primaryKey(),
    materialId: integer3("material_id").notNull().references(() => materials.id, { onDelete: "cascade" }),
    userId: integer3("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** 1, 2, … per student and quiz: unique, so parallel submissions cannot pass the limit. */
    number: integer3("number").notNull(),
    score: integer3("score").notNull(),
    passed: boolean2("passed").notNull(),
    answers: jsonb2("answers").notNull(),
    ...audit()
  },
  (t) => [
    index4("attempts_user_material_idx").on(t.userId, t.materialId),
    uniqueIndex3("attempts_user_material_number_key").on(t.userId, t.materialId, t.number)
  ]
);
var quizStarts = pgTable3(
  "quiz_starts",
  {
    userId: integer3("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    materialId: integer3("material_id").notNull().references(() => materials.id, { onDelete: "cascade" }),
    number: integer3("number").notNull(),
    startedAt: at("started_at").notNull().defaultNow(),
    deadline: at("deadline"),
    ...audit()
  },
  (t) => [primaryKey2({ columns: [t.userId, t.materialId, t.number] })]
);
var scormAttempts = pgTable3(
  "scorm_attempts",
  {
    userId: integer3("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    materialId: integer3("material_id").notNull().references(() => materials.id, { onDelete: "cascade" }),
    attempt: integer3("attempt").notNull().default(1),
    /** The SCO's item identifier in a package with several; "" for the only SCO or the rollup. */
    sco: text5("sco").notNull().default(""),
    cmi: jsonb2("cmi").$type().notNull(),
    totalSeconds: integer3("total_seconds").notNull().default(0),
    /** The player session (ordered, from scormload) and its sequence number of the last commit. */
    session: bigint2("session", { mode: "number" }).notNull().default(0),
    seq: integer3("seq").notNull().default(0),
    ...audit()
  },
  (t) => [primaryKey2({ columns: [t.userId, t.materialId, t.attempt, t.sco] })]
);
var progress = pgTable3(
  "progress",
  {
    userId: integer3("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    materialId: integer3("material_id").notNull().references(() => materials.id, { onDelete: "cascade" }),
    courseId: integer3("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    startedAt: at("started_at").notNull().defaultNow(),
    lastOpenedAt: at("last_opened_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
    ...audit()
  },
  (t) => [
    primaryKey2({ columns: [t.userId, t.materialId] }),
    index4("progress_user_course_idx").on(t.userId, t.courseId)
  ]
);

// src/db/schema/operations.ts
import { sql as sql5 } from "drizzle-orm";
import {
  bigint as bigint3,
  bigserial,
  index as index5,
  integer as integer4,
  jsonb as jsonb3,
  pgTable as pgTable4,
  primaryKey as primaryKey3,
  serial as serial4,
  text as text6,
  uuid
} from "drizzle-orm/pg-core";
var outbox = pgTable4(
  "outbox",
  {
    id: serial4("id").primaryKey(),
    recipient: text6("recipient").notNull(),
    subject: text6("subject").notNull(),
    body: text6("body").notNull(),
    link: text6("link").notNull().default(""),
    status: text6("status").notNull().default("pending"),
    attempts: integer4("attempts").notNull().default(0),
    error: text6("error"),
    sentAt: at("sent_at"),
    ...audit()
  },
  (t) => [index5("outbox_status_idx").on(t.status, t.id)]
);
var changeCounters = pgTable4("change_counters", {
  name: text6("name").primaryKey(),
  version: bigint3("version", { mode: "number" }).notNull().default(0),
  ...audit()
});
var userChanges = pgTable4(
  "user_changes",
  {
    version: bigint3("version", { mode: "number" }).notNull(),
    userId: integer4("user_id").notNull(),
    at: at("at").notNull().defaultNow()
  },
  (t) => [index5("user_changes_version_idx").on(t.version), index5("user_changes_at_idx").on(t.at)]
);
var recycleBin = pgTable4(
  "recycle_bin",
  {
    id: serial4("id").primaryKey(),
    /** school, user, role, course, element, material */
    resource: text6("resource").notNull(),
    recordId: integer4("record_id").notNull(),
    label: text6("label").notNull(),
    code: text6("code"),
    /** Scope: the record's school (null: global) and, for learning content, its course. */
    schoolId: integer4("school_id"),
    courseId: integer4("course_id"),
    /** A user's role (authority checks on restore). */
    roleId: integer4("role_id"),
    counts: jsonb3("counts").notNull().default({}),
    fileKeys: jsonb3("file_keys").$type().notNull().default([]),
    deletedBy: text6("deleted_by"),
    deletedAt: at("deleted_at").notNull().defaultNow(),
    purgeAt: at("purge_at").notNull(),
    searchText: text6("search_text").notNull().generatedAlwaysAs(() => sql5`lower("label" || ' ' || coalesce("code", ''))`),
    ...audit()
  },
  (t) => [
    index5("recycle_bin_resource_idx").on(t.resource, t.schoolId, t.deletedAt),
    index5("recycle_bin_purge_idx").on(t.purgeAt)
  ]
);
var recycleBinRows = pgTable4(
  "recycle_bin_rows",
  {
    id: serial4("id").primaryKey(),
    entryId: integer4("entry_id").notNull().references(() => recycleBin.id, { onDelete: "cascade" }),
    tableName: text6("table_name").notNull(),
    chunk: integer4("chunk").notNull(),
    rows: jsonb3("rows").notNull()
  },
  (t) => [index5("recycle_bin_rows_entry_idx").on(t.entryId, t.tableName)]
);
var courseDeletions = pgTable4("course_deletions", {
  courseId: integer4("course_id").primaryKey(),
  deletedBy: text6("deleted_by"),
  createdAt: at("created_at").notNull().defaultNow()
});
var auditLog = pgTable4(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorId: integer4("actor_id"),
    actorName: text6("actor_name").notNull().default(""),
    actorRoleId: integer4("actor_role_id"),
    schoolId: integer4("school_id"),
    address: text6("address").notNull().default(""),
    module: text6("module").notNull(),
    action: text6("action").notNull(),
    recordId: text6("record_id").notNull().default(""),
    recordLabel: text6("record_label").notNull().default(""),
    changes: jsonb3("changes"),
    count: integer4("count").notNull().default(0)
  },
  (t) => [
    index5("audit_log_at_idx").on(t.at),
    index5("audit_log_school_at_idx").on(t.schoolId, t.at),
    index5("audit_log_actor_at_idx").on(t.actorId, t.at),
    index5("audit_log_module_action_idx").on(t.module, t.action, t.at)
  ]
);
var fileObjects = pgTable4("file_objects", {
  key: text6("key").primaryKey(),
  blob: uuid("blob").notNull(),
  size: bigint3("size", { mode: "number" }).notNull(),
  chunkSize: integer4("chunk_size").notNull(),
  createdAt: at("created_at").notNull().defaultNow()
});
var fileChunks = pgTable4(
  "file_chunks",
  {
    blob: uuid("blob").notNull(),
    n: integer4("n").notNull(),
    data: bytea("data").notNull()
  },
  (t) => [primaryKey3({ columns: [t.blob, t.n], name: "file_chunks_pkey" })]
);

// src/db/schema/class-summaries.ts
import { sql as sql6 } from "drizzle-orm";
import {
  bigint as bigint4,
  boolean as boolean3,
  check,
  index as index6,
  integer as integer5,
  numeric,
  pgTable as pgTable5,
  primaryKey as primaryKey4,
  text as text7
} from "drizzle-orm/pg-core";
var classMembers = pgTable5(
  "class_members",
  {
    schoolId: integer5("school_id").notNull(),
    yearFrom: integer5("year_from").notNull(),
    grade: integer5("grade").notNull(),
    /** The trimmed, lower-cased section: the class's key. */
    sectionKey: text7("section_key").notNull(),
    section: text7("section").notNull(),
    yearTo: integer5("year_to").notNull(),
    students: integer5("students").notNull()
  },
  (t) => [
    primaryKey4({
      columns: [t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.section, t.yearTo],
      name: "class_members_pk"
    }),
    index6("class_members_empty_idx").on(t.schoolId).where(sql6`"students" = 0`)
  ]
);
var classDone = pgTable5(
  "class_done",
  {
    schoolId: integer5("school_id").notNull(),
    yearFrom: integer5("year_from").notNull(),
    grade: integer5("grade").notNull(),
    sectionKey: text7("section_key").notNull(),
    courseId: integer5("course_id").notNull(),
    materialId: integer5("material_id").notNull(),
    completed: integer5("completed").notNull()
  },
  (t) => [
    primaryKey4({
      columns: [t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.courseId, t.materialId],
      name: "class_done_pk"
    }),
    index6("class_done_empty_idx").on(t.schoolId).where(sql6`"completed" = 0`)
  ]
);
var classDonePending = pgTable5("class_done_pending", {
  userId: integer5("user_id").notNull(),
  courseId: integer5("course_id").notNull(),
  materialId: integer5("material_id").notNull()
});
var classGoneStudents = pgTable5("class_gone_students", {
  userId: integer5("user_id").primaryKey(),
  txid: bigint4("txid", { mode: "number" }).notNull(),
  schoolId: integer5("school_id").notNull(),
  yearFrom: integer5("year_from").notNull(),
  grade: integer5("grade").notNull(),
  sectionKey: text7("section_key").notNull()
});
var classList = pgTable5(
  "class_list",
  {
    schoolId: integer5("school_id").notNull(),
    yearFrom: integer5("year_from").notNull(),
    grade: integer5("grade").notNull(),
    sectionKey: text7("section_key").notNull(),
    yearTo: integer5("year_to").notNull(),
    section: text7("section").notNull(),
    schoolName: text7("school_name").notNull(),
    students: integer5("students").notNull(),
    teachers: integer5("teachers").notNull(),
    materials: numeric("materials").notNull(),
    done: bigint4("done", { mode: "number" }).notNull(),
    averageCompletion: integer5("average_completion"),
    searchText: text7("search_text").notNull(),
    /** The school's current year: a teacher's load covers the classes of that year only. */
    current: boolean3("current").notNull()
  },
  (t) => [
    primaryKey4({
      columns: [t.schoolId, t.yearFrom, t.grade, t.sectionKey],
      name: "class_list_pk"
    }),
    index6("class_list_school_name_idx").on(
      t.schoolName,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey
    ),
    index6("class_list_grade_asc_idx").on(
      t.grade,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.sectionKey
    ),
    index6("class_list_grade_desc_idx").on(
      t.grade.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.sectionKey
    ),
    index6("class_list_section_asc_idx").on(
      t.sectionKey,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade
    ),
    index6("class_list_section_desc_idx").on(
      t.sectionKey.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade
    ),
    index6("class_list_year_asc_idx").on(t.yearFrom, t.schoolId, t.grade, t.sectionKey),
    index6("class_list_year_desc_idx").on(
      t.yearFrom.desc().nullsLast(),
      t.schoolId,
      t.grade,
      t.sectionKey
    ),
    index6("class_list_students_asc_idx").on(
      t.students,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey
    ),
    index6("class_list_students_desc_idx").on(
      t.students.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey
    ),
    index6("class_list_teachers_asc_idx").on(
      t.teachers,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey
    ),
    index6("class_list_teachers_desc_idx").on(
      t.teachers.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey
    ),
    index6("class_list_completion_asc_idx").on(
      t.averageCompletion,
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey
    ),
    index6("class_list_completion_desc_idx").on(
      t.averageCompletion.desc().nullsLast(),
      t.schoolId,
      t.yearFrom.desc().nullsFirst(),
      t.grade,
      t.sectionKey
    ),
    // Migration 0026: a search reads its matches by trigrams instead of every class.
    trigram("class_list_search_trgm", sql6`${t.searchText}`)
  ]
);
var classListYear = pgTable5(
  "class_list_year",
  {
    id: integer5("id").primaryKey(),
    yearFrom: integer5("year_from").notNull()
  },
  () => [check("class_list_year_id_check", sql6`"id" = 1`)]
);
var classMembersDelta = pgTable5(
  "class_members_delta",
  {
    txid: pendingTxid(),
    schoolId: integer5("school_id").notNull(),
    yearFrom: integer5("year_from").notNull(),
    grade: integer5("grade").notNull(),
    sectionKey: text7("section_key").notNull(),
    section: text7("section").notNull(),
    yearTo: integer5("year_to").notNull(),
    students: integer5("students").notNull()
  },
  (t) => [
    primaryKey4({
      columns: [t.txid, t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.section, t.yearTo],
      name: "class_members_delta_pk"
    })
  ]
);
var classDoneDelta = pgTable5(
  "class_done_delta",
  {
    txid: pendingTxid(),
    schoolId: integer5("school_id").notNull(),
    yearFrom: integer5("year_from").notNull(),
    grade: integer5("grade").notNull(),
    sectionKey: text7("section_key").notNull(),
    courseId: integer5("course_id").notNull(),
    materialId: integer5("material_id").notNull(),
    completed: integer5("completed").notNull()
  },
  (t) => [
    primaryKey4({
      columns: [t.txid, t.schoolId, t.yearFrom, t.grade, t.sectionKey, t.courseId, t.materialId],
      name: "class_done_delta_pk"
    })
  ]
);
var classListPending = pgTable5(
  "class_list_pending",
  {
    txid: pendingTxid(),
    schoolId: integer5("school_id").notNull()
  },
  (t) => [primaryKey4({ columns: [t.txid, t.schoolId], name: "class_list_pending_pk" })]
);
var summariesCommit = pgTable5("summaries_commit", {
  txid: bigint4("txid", { mode: "number" }).primaryKey()
});

// src/db/schema/progress-summaries.ts
import { bigint as bigint5, integer as integer6, numeric as numeric2, pgTable as pgTable6, primaryKey as primaryKey5 } from "drizzle-orm/pg-core";
var progressSummaries = pgTable6(
  "progress_summaries",
  {
    courseId: integer6("course_id").notNull(),
    userId: integer6("user_id").notNull(),
    /** Completed materials. */
    done: integer6("done").notNull(),
    /** Seconds from start to completion (or last opening), summed; rounded when read. */
    timeSpent: numeric2("time_spent").notNull(),
    lastActivity: at("last_activity"),
    /** The best quiz scores and counted SCORM scores: their sum and how many. */
    quizSum: numeric2("quiz_sum").notNull(),
    quizCount: integer6("quiz_count").notNull()
  },
  (t) => [primaryKey5({ columns: [t.courseId, t.userId], name: "progress_summaries_pk" })]
);
var progressSummariesPending = pgTable6(
  "progress_summaries_pending",
  {
    txid: pendingTxid(),
    courseId: integer6("course_id").notNull(),
    userId: integer6("user_id").notNull()
  },
  (t) => [
    primaryKey5({
      columns: [t.txid, t.courseId, t.userId],
      name: "progress_summaries_pending_pk"
    })
  ]
);
var progressSummariesPendingCourses = pgTable6(
  "progress_summaries_pending_courses",
  {
    txid: pendingTxid(),
    courseId: integer6("course_id").notNull()
  },
  (t) => [
    primaryKey5({ columns: [t.txid, t.courseId], name: "progress_summaries_pending_courses_pk" })
  ]
);
var progressSummaryVersions = pgTable6("progress_summary_versions", {
  courseId: integer6("course_id").primaryKey(),
  version: bigint5("version", { mode: "number" }).notNull()
});

// src/plugins/app/repositories/user-records.ts
import { eq, sql as sql7 } from "drizzle-orm";

// src/plugins/app/repositories/records.ts
var iso = (value) => value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
function timestamps(row) {
  return {
    createdAt: iso(row.createdAt) ?? "",
    createdBy: row.createdBy,
    updatedAt: iso(row.updatedAt),
    updatedBy: row.updatedBy
  };
}
var GLOBAL_SCOPE = { schoolId: null };

// src/plugins/app/repositories/user-records.ts
var listSpec = {
  resource: "users",
  sort: {
    firstName: users.firstName,
    lastName: users.lastName,
    userName: users.userName,
    email: users.email,
    roleId: users.roleId,
    status: users.status,
    grade: users.grade,
    section: users.section,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt
  },
  filters: {
    roleId: { column: users.roleId, type: "int" },
    status: { column: users.status, type: "int" },
    registered: { column: users.registered, type: "int" },
    schoolId: { column: users.schoolId, type: "int", nullable: true },
    grade: { column: users.grade, type: "int", nullable: true },
    section: { column: users.section, type: "text" },
    subject: { column: users.subject, type: "text" }
  },
  search: users.searchText,
  id: users.id
};
var recordColumns = {
  id: users.id,
  salutation: users.salutation,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  userName: users.userName,
  email: users.email,
  employeeNumber: users.employeeNumber,
  learningReferenceNumber: users.learningReferenceNumber,
  roleId: users.roleId,
  roleName: roles.roleName,
  status: users.status,
  registered: users.registered,
  schoolId: users.schoolId,
  schoolName: schools.schoolName,
  schoolYearFrom: users.schoolYearFrom,
  schoolYearTo: users.schoolYearTo,
  grade: users.grade,
  section: users.section,
  subject: users.subject,
  title: users.title,
  parent: users.parent,
  subscriptionType: users.subscriptionType,
  photo: users.photo,
  lang: users.lang,
  createdAt: users.createdAt,
  createdBy: users.createdBy,
  updatedAt: users.updatedAt,
  updatedBy: users.updatedBy
};
var userId = sql7`${users}.${sql7.identifier("id")}`;
var detailColumns = {
  assignedLoad: sql7`(
    select json_agg(json_build_object('grade', l.grade, 'subject', l.subject, 'section', l.section)
                    order by l.id)
      from user_loads l where l.user_id = ${userId})`,
  children: sql7`(
    select json_agg(c.child_id order by c.child_id) from parent_children c
     where c.parent_id = ${userId})`
};

// src/plugins/app/repositories/indexed-users.ts
var INT_COLUMNS = {
  roleId: users.roleId,
  status: users.status,
  registered: users.registered,
  schoolId: users.schoolId,
  grade: users.grade
};
var TEXT_COLUMNS = { section: users.section, subject: users.subject };
var ROW = { id: users.id, searchText: users.searchText, ...INT_COLUMNS, ...TEXT_COLUMNS };
var NULL_INT = -2147483648;
var NULL_TEXT = -1;
var SLOTS = 2 ** 24;
var IndexedUsers = class {
  constructor(version) {
    this.version = version;
  }
  version;
  ids = [];
  texts = [];
  ints = Object.fromEntries(
    Object.keys(INT_COLUMNS).map((key) => [key, []])
  );
  textCodes = Object.fromEntries(
    Object.keys(TEXT_COLUMNS).map((key) => [key, []])
  );
  dictionary = /* @__PURE__ */ new Map();
  ranks = /* @__PURE__ */ new Map();
  /** Each sort column's slots in ascending order (the users read then, by rank). */
  orders = /* @__PURE__ */ new Map();
  /** Users of the base deleted since. */
  deletions = 0;
  postings = TrigramPostings.build([]);
  baseIds = new Int32Array(0);
  added = /* @__PURE__ */ new Map();
  dirty = [];
  isDirty = new Uint8Array(0);
  slotOf(id) {
    const slot = sortedIndexOf(this.baseIds, id);
    return slot >= 0 ? slot : this.added.get(id) ?? -1;
  }
  set(slot, row) {
    this.ids[slot] = row.id;
    this.texts[slot] = row.searchText;
    for (const key of Object.keys(INT_COLUMNS)) {
      this.ints[key][slot] = row[key] ?? NULL_INT;
    }
    for (const key of Object.keys(TEXT_COLUMNS)) {
      this.textCodes[key][slot] = this.code(row[key]);
    }
  }
  append(row) {
    const slot = this.ids.length;
    this.set(slot, row);
    return slot;
  }
  /** Freezes the users read so far as the base: what ranks and postings describe. */
  freeze() {
    this.baseIds = Int32Array.from(this.ids);
    this.isDirty = new Uint8Array(this.ids.length);
  }
  hasText(slot) {
    return this.texts[slot] !== void 0;
  }
  /** A test of whether a slot's text contains the term. */
  contains(term) {
    const texts = this.texts;
    return (slot) => texts[slot]?.includes(term) === true;
  }
  markDirty(slot) {
    if (slot >= this.isDirty.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.isDirty.length * 2));
      grown.set(this.isDirty);
      this.isDirty = grown;
    }
    if (this.isDirty[slot]) return;
    this.isDirty[slot] = 1;
    this.dirty.push(slot);
  }
  code(value) {
    if (value === null) return NULL_TEXT;
    let code = this.dictionary.get(value);
    if (code === void 0) {
      code = this.dictionary.size;
      this.dictionary.set(value, code);
    }
    return code;
  }
  /** Whether a slot passes the scope and filters; null when a filter is not one the index keeps. */
  /** Undefined when nothing is filtered. */
  filterTest(filters, schoolId) {
    const tests = [];
    if (schoolId !== null) {
      const schools2 = this.ints.schoolId;
      tests.push((slot) => schools2[slot] === schoolId);
    }
    for (const filter of filters) {
      const wantsNull = filter.wantsNull;
      if (Object.hasOwn(INT_COLUMNS, filter.key)) {
        const column = this.ints[filter.key];
        const values2 = new Set(filter.values);
        tests.push((slot) => {
          const value = column[slot];
          return value === NULL_INT ? wantsNull : values2.has(value);
        });
      } else if (Object.hasOwn(TEXT_COLUMNS, filter.key)) {
        const column = this.textCodes[filter.key];
        const codes = new Set(filter.values.map((v) => this.dictionary.get(String(v)) ?? -2));
        tests.push((slot) => {
          const value = column[slot];
          return value === NULL_TEXT ? wantsNull : codes.has(value);
        });
      } else {
        return null;
      }
    }
    if (tests.length === 0) return void 0;
    if (tests.length === 1) return tests[0];
    return (slot) => tests.every((test) => test(slot));
  }
};
var WALK_SLACK = 4;
var WALK_SHARE = 1 / 16;
var SAMPLE = 1e3;
function sortKeys(indexed, ranks, descending) {
  const { ids, isDirty } = indexed;
  if (!ranks) {
    return {
      key: (slot) => descending ? -ids[slot] : ids[slot],
      slot: (key) => indexed.slotOf(Math.abs(key))
    };
  }
  return {
    // NaN for a changed user: its rank is not known.
    key: (slot) => {
      const rank = isDirty[slot] || slot >= ranks.length ? -1 : ranks[slot];
      if (rank < 0) return NaN;
      return (descending ? SLOTS - 1 - rank : rank) * SLOTS + slot;
    },
    slot: (key) => key % SLOTS
  };
}
function answer(indexed, search, countLimit = Infinity) {
  const candidates = indexed.postings.candidates(search.term);
  const passes = indexed.filterTest(search.filters, search.schoolId);
  if (!candidates || passes === null) return null;
  const sortBy = search.sortBy && Object.hasOwn(listSpec.sort, search.sortBy) ? search.sortBy : void 0;
  const ranks = sortBy ? indexed.ranks.get(sortBy) : void 0;
  if (sortBy && !ranks) return null;
  const keys = sortKeys(indexed, ranks, search.sortOrder === "desc");
  if (candidates.length > countLimit) {
    const checked = { ...search, sortBy };
    const common = commonAnswer(indexed, checked, candidates, passes, keys, countLimit);
    if (common !== void 0) return common;
  }
  const top = new TopKeys(
    Math.min(search.offset + search.limit, candidates.length + indexed.dirty.length)
  );
  const { isDirty, dirty } = indexed;
  const contains = indexed.contains(search.term);
  const matches = search.term.length === 3 ? (slot) => indexed.hasText(slot) : contains;
  let total = 0;
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i];
    if (isDirty[slot] || passes && !passes(slot) || !matches(slot)) continue;
    total += 1;
    const key = keys.key(slot);
    if (Number.isNaN(key)) return null;
    top.push(key);
  }
  for (const slot of dirty) {
    if (passes && !passes(slot) || !contains(slot)) continue;
    total += 1;
    const key = keys.key(slot);
    if (Number.isNaN(key)) return null;
    top.push(key);
  }
  const page = top.sorted().slice(search.offset, search.offset + search.limit);
  return { ids: page.map((key) => indexed.ids[keys.slot(key)]), total };
}
function commonAnswer(indexed, search, candidates, passes, keys, countLimit) {
  const { isDirty, dirty } = indexed;
  const exact = search.term.length === 3;
  const contains = indexed.contains(search.term);
  const has = exact ? (slot) => indexed.hasText(slot) : contains;
  const matches = passes ? (slot) => passes(slot) && has(slot) : has;
  const dirtyKeys = [];
  for (const slot of dirty) {
    if (passes && !passes(slot) || !contains(slot)) continue;
    const key = keys.key(slot);
    if (Number.isNaN(key)) return null;
    dirtyKeys.push(key);
  }
  const clean = candidates.length - dirtyAmong(candidates, dirty);
  let total = clean + dirtyKeys.length;
  let share = 1;
  const estimate = !(exact && !passes && indexed.deletions === 0);
  if (estimate) {
    let checked = 0;
    let found = 0;
    for (const slot of sampleOf(candidates)) {
      if (isDirty[slot]) continue;
      checked += 1;
      if (matches(slot)) found += 1;
    }
    share = found / Math.max(1, checked);
    if (share * clean + dirtyKeys.length <= countLimit) return void 0;
    total = roundEstimate(share * clean + dirtyKeys.length, 0);
  }
  const page = dirtyKeys.length === 0 ? (!passes ? walkedPage(indexed, search, candidates.length, contains) : null) ?? candidatesWalkedPage(indexed, search, candidates, passes, has) ?? markedPage(indexed, search, candidates, passes, has) : selectedPage(indexed, search, candidates, keys, dirtyKeys, share, matches);
  if (!page) return null;
  if (!estimate) return { ids: page.ids, total };
  if (page.all) return { ids: page.ids, total: page.matches };
  return { ids: page.ids, total: Math.max(total, search.offset + page.ids.length), estimate };
}
function* sampleOf(candidates) {
  if (candidates.length <= SAMPLE) {
    yield* candidates;
    return;
  }
  const stride = candidates.length / SAMPLE;
  let seed = 2654435769;
  for (let i = 0; i < SAMPLE; i += 1) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const jitter = (seed >>> 0) / 2 ** 32;
    yield candidates[Math.floor((i + jitter) * stride)];
  }
}
function dirtyAmong(candidates, dirty) {
  let among = 0;
  for (const slot of dirty) if (sortedIndexOf(candidates, slot) >= 0) among += 1;
  return among;
}
var scratch = new Float64Array(0);
function selectedPage(indexed, search, candidates, keys, dirtyKeys, share, matches) {
  const { isDirty } = indexed;
  const wanted = search.offset + search.limit;
  const all2 = candidates.length + dirtyKeys.length;
  if (scratch.length < all2) scratch = new Float64Array(Math.max(all2, 2 * scratch.length));
  const selected = scratch;
  let count10 = 0;
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i];
    if (!isDirty[slot]) selected[count10++] = keys.key(slot);
  }
  for (const key of dirtyKeys) selected[count10++] = key;
  let size = Math.ceil(wanted / Math.max(share, 0.01) * 1.25) + 32;
  const ids = [];
  for (let start = 0; start < count10 && ids.length < wanted; start += size, size *= 8) {
    const rest = selected.subarray(start, count10);
    smallestFirst(rest, size);
    for (const key of rest.subarray(0, size).sort()) {
      const slot = keys.slot(key);
      if (!matches(slot)) continue;
      ids.push(indexed.ids[slot]);
      if (ids.length === wanted) break;
    }
  }
  return { ids: ids.slice(search.offset), all: ids.length < wanted, matches: ids.length };
}
var marks = new Int32Array(0);
var gathered = new Int32Array(0);
function markedPage(indexed, search, candidates, passes, has) {
  const { isDirty } = indexed;
  const ranks = search.sortBy ? indexed.ranks.get(search.sortBy) : void 0;
  const order = search.sortBy ? indexed.orders.get(search.sortBy) : void 0;
  if (search.sortBy && (!ranks || !order)) return null;
  const places = indexed.baseIds.length;
  const words = places + 31 >>> 5;
  if (marks.length < words) marks = new Int32Array(Math.max(words, 2 * marks.length));
  try {
    if (gathered.length < candidates.length) gathered = new Int32Array(Math.max(candidates.length, 2 * gathered.length));
    if (ranks) for (let i = 0; i < candidates.length; i += 1) gathered[i] = ranks[candidates[i]];
    for (let i = 0; i < candidates.length; i += 1) {
      const slot = candidates[i];
      if (isDirty[slot] || passes && !passes(slot)) continue;
      const place = ranks ? gathered[i] : slot;
      if (place < 0 || place >= places) {
        if (!indexed.hasText(slot)) continue;
        return null;
      }
      marks[place >>> 5] |= 1 << (place & 31);
    }
    const wanted = search.offset + search.limit;
    const ids = [];
    const take = (place) => {
      const slot = order ? order[place] : place;
      if (has(slot)) ids.push(indexed.ids[slot]);
    };
    if (search.sortOrder === "desc") {
      for (let word = words - 1; word >= 0 && ids.length < wanted; word -= 1) {
        for (let bits = marks[word]; bits !== 0 && ids.length < wanted; ) {
          const bit = 31 - Math.clz32(bits);
          bits ^= 1 << bit;
          take(word * 32 + bit);
        }
      }
    } else {
      for (let word = 0; word < words && ids.length < wanted; word += 1) {
        for (let bits = marks[word]; bits !== 0 && ids.length < wanted; ) {
          const low = bits & -bits;
          bits ^= low;
          take(word * 32 + 31 - Math.clz32(low));
        }
      }
    }
    return { ids: ids.slice(search.offset), all: ids.length < wanted, matches: ids.length };
  } finally {
    marks.fill(0, 0, words);
  }
}
var candidateMarks = new Int32Array(0);
var CANDIDATE_WALK_STEPS = 4;
function candidatesWalkedPage(indexed, search, candidates, passes, has) {
  const users2 = indexed.baseIds.length;
  const order = search.sortBy ? indexed.orders.get(search.sortBy) : void 0;
  if (search.sortBy && order?.length !== users2) return null;
  const { isDirty } = indexed;
  const words = users2 + 31 >>> 5;
  if (candidateMarks.length < words) {
    candidateMarks = new Int32Array(Math.max(words, 2 * candidateMarks.length));
  }
  const marks2 = candidateMarks;
  try {
    for (let i = 0; i < candidates.length; i += 1) {
      const slot = candidates[i];
      if (slot < users2 && !isDirty[slot]) marks2[slot >>> 5] |= 1 << (slot & 31);
    }
    const budget = Math.min(users2, CANDIDATE_WALK_STEPS * candidates.length);
    const wanted = search.offset + search.limit;
    const descending = search.sortOrder === "desc";
    const ids = [];
    let seen = 0;
    for (let step = 0; step < budget && seen < wanted; step += 1) {
      const position = descending ? users2 - 1 - step : step;
      const slot = order ? order[position] : position;
      if ((marks2[slot >>> 5] & 1 << (slot & 31)) === 0) continue;
      if (passes && !passes(slot) || !has(slot)) continue;
      seen += 1;
      if (seen > search.offset) ids.push(indexed.ids[slot]);
    }
    if (seen < wanted && budget < users2) return null;
    return { ids, all: seen < wanted, matches: seen };
  } finally {
    marks2.fill(0, 0, words);
  }
}
function walkedPage(indexed, search, candidates, contains) {
  const users2 = indexed.baseIds.length;
  const order = search.sortBy ? indexed.orders.get(search.sortBy) : void 0;
  if (search.sortBy && order?.length !== users2) return null;
  const wanted = search.offset + search.limit;
  const budget = Math.ceil(WALK_SLACK * wanted * users2 / candidates);
  if (budget >= candidates * WALK_SHARE) return null;
  const ids = [];
  const descending = search.sortOrder === "desc";
  let seen = 0;
  for (let step = 0; step < Math.min(users2, budget) && seen < wanted; step += 1) {
    const position = descending ? users2 - 1 - step : step;
    const slot = order ? order[position] : position;
    if (!contains(slot)) continue;
    seen += 1;
    if (seen > search.offset) ids.push(indexed.ids[slot]);
  }
  if (seen < wanted && budget < users2) return null;
  return { ids, all: seen < wanted, matches: seen };
}

// bench/data.ts
import { hash as hash3 } from "@node-rs/argon2";
import pg2 from "pg";
import { sql as sql35 } from "drizzle-orm";

// src/config.ts
import path from "node:path";
import { fileURLToPath } from "node:url";
var packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
var DEFAULT_PORTAL_DIR = path.resolve(packageRoot, "../portal/dist");
var PACKAGE_ROOT = packageRoot;

// src/app.ts
import cookie from "@fastify/cookie";
import Fastify2 from "fastify";

// src/content-app.ts
import Fastify from "fastify";

// src/lib/error-handler.ts
import { es as es2 } from "@lms/core";

// src/routes/content.ts
import { createRequire } from "node:module";

// src/lib/send-file.ts
function parseRange(header, size) {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || match[1] === "" && match[2] === "") return void 0;
  let start;
  let end;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== "") return void 0;
  }
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
async function sendStoredFile(storage, key, request, reply, headers) {
  let unsatisfiable = false;
  const file = await storage.open(key, (size) => {
    const range = parseRange(request.headers.range, size);
    if (range === "unsatisfiable") unsatisfiable = true;
    return range === "unsatisfiable" ? void 0 : range;
  });
  if (!file) throw notFound();
  reply.headers(headers).header("accept-ranges", "bytes");
  if (unsatisfiable) {
    file.stream.destroy();
    return reply.code(416).header("content-range", `bytes */${file.size}`).header("content-length", 0).send();
  }
  if (file.range) {
    return reply.code(206).header("content-range", `bytes ${file.range.start}-${file.range.end}/${file.size}`).header("content-length", file.range.end - file.range.start + 1).send(file.stream);
  }
  return reply.code(200).header("content-length", file.size).send(file.stream);
}

// src/lib/scorm-types.ts
var ManifestError = class extends Error {
  constructor(key) {
    super(key);
    this.key = key;
  }
  key;
};
var EMPTY_SCO = {
  objectives: [],
  completionThreshold: null,
  launchData: null,
  maxTimeAllowed: null,
  timeLimitAction: null,
  masteryScore: null
};

// src/lib/scorm-manifest.ts
import { XMLParser } from "fast-xml-parser";
var parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => [
    "organization",
    "item",
    "resource",
    "objective",
    "sequencing",
    "rollupRule",
    "rollupCondition"
  ].includes(name)
});
var nodes = (value) => (Array.isArray(value) ? value : value === void 0 ? [] : [value]).filter(
  (node) => typeof node === "object" && node !== null
);
var text8 = (value) => typeof value === "object" && value !== null ? text8(value["#text"]) : String(value ?? "").trim();
var attribute = (node, name) => typeof node?.[`@${name}`] === "string" ? node[`@${name}`] : "";
function versionOf(xml, manifest) {
  const metadata = nodes(manifest.metadata)[0];
  const schemaVersion = text8(metadata?.schemaversion).toLowerCase();
  if (schemaVersion === "1.2") return "1.2";
  if (schemaVersion.includes("2004") || schemaVersion === "cam 1.3") return "2004";
  const root = /<(?:[\w.-]+:)?manifest\b[^>]*>/i.exec(xml)?.[0].toLowerCase() ?? "";
  if (root.includes("adlcp_v1p3")) return "2004";
  if (root.includes("adlcp_rootv1p2")) return "1.2";
  return null;
}
function firstReferencedItem(items) {
  for (const item of items) {
    if (attribute(item, "identifierref")) return item;
    const nested = firstReferencedItem(nodes(item.item));
    if (nested) return nested;
  }
  return void 0;
}
var DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
function decimalIn(value, min, max4) {
  if (!DECIMAL.test(value)) return null;
  const number2 = Number(value);
  return number2 >= min && number2 <= max4 ? String(number2) : null;
}
var TIME_LIMIT_ACTIONS = [
  "exit,message",
  "exit,no message",
  "continue,message",
  "continue,no message"
];
var ISO_DURATION = /^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/;
var CMI_TIMESPAN = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
var MAX_LAUNCH_DATA = 4e3;
var truthy = (value) => value.trim().toLowerCase() === "true";
function sequencingOf(manifest, item) {
  const own = nodes(item.sequencing);
  const ref = attribute(own[0], "IDRef");
  const collection = nodes(nodes(manifest.sequencingCollection)[0]?.sequencing);
  const shared = ref ? collection.filter((s) => attribute(s, "ID") === ref) : [];
  return [...own.slice(0, 1), ...shared.slice(0, 1)];
}
function objectivesOf(sequencing) {
  const set = sequencing.map((s) => nodes(s.objectives)[0]).find(Boolean);
  if (!set) return [];
  const read2 = (node, primary2) => {
    const id = attribute(node, "objectiveID").trim();
    if (!/^\S{1,4000}$/.test(id)) return null;
    const satisfiedByMeasure = truthy(attribute(node, "satisfiedByMeasure"));
    const written = text8(node.minNormalizedMeasure);
    const measure = written ? decimalIn(written, -1, 1) : null;
    return {
      id,
      primary: primary2,
      satisfiedByMeasure,
      minNormalizedMeasure: measure !== null ? Number(measure) : satisfiedByMeasure ? 1 : null
    };
  };
  const primary = nodes(set.primaryObjective)[0];
  return [
    ...primary ? [read2(primary, true)] : [],
    ...nodes(set.objective).map((o) => read2(o, false))
  ].filter((o) => o !== null);
}
function completionThresholdOf(item) {
  const node = item.completionThreshold;
  if (node === void 0) return null;
  const written = text8(node);
  if (written) return decimalIn(written, 0, 1);
  const element = nodes(node)[0];
  if (!element || !truthy(attribute(element, "completedByMeasure"))) return null;
  return decimalIn(attribute(element, "minProgressMeasure").trim() || "1.0", 0, 1);
}
function scoRuntimeOf(version, manifest, item) {
  if (!item) return EMPTY_SCO;
  const own = (name) => text8(item[name]);
  const limitAction = (name) => {
    const value = own(name).toLowerCase().replace(/\s*,\s*/, ",");
    return TIME_LIMIT_ACTIONS.includes(value) ? value : null;
  };
  if (version === "1.2") {
    const launchData2 = own("datafromlms");
    const maxTime = own("maxtimeallowed");
    return {
      ...EMPTY_SCO,
      launchData: launchData2 ? launchData2.slice(0, 4096) : null,
      maxTimeAllowed: CMI_TIMESPAN.test(maxTime) ? maxTime : null,
      timeLimitAction: limitAction("timelimitaction"),
      masteryScore: own("masteryscore") ? decimalIn(own("masteryscore"), 0, 100) : null
    };
  }
  const sequencing = sequencingOf(manifest, item);
  const limit = sequencing.map((s) => attribute(nodes(s.limitConditions)[0], "attemptAbsoluteDurationLimit").trim()).find(Boolean);
  const launchData = own("dataFromLMS");
  return {
    ...EMPTY_SCO,
    objectives: objectivesOf(sequencing),
    completionThreshold: completionThresholdOf(item),
    launchData: launchData ? launchData.slice(0, MAX_LAUNCH_DATA) : null,
    maxTimeAllowed: limit && ISO_DURATION.test(limit) ? limit : null,
    timeLimitAction: limitAction("timeLimitAction")
  };
}
function readManifest(xml) {
  let document;
  try {
    document = parser.parse(xml);
  } catch {
    throw new ManifestError("materials.invalidPackage");
  }
  const manifest = nodes(document.manifest)[0];
  if (!manifest) throw new ManifestError("materials.invalidPackage");
  const version = versionOf(xml, manifest);
  if (!version) throw new ManifestError("materials.scormNoVersion");
  const organizations = nodes(manifest.organizations)[0];
  const all2 = nodes(organizations?.organization);
  const chosen = all2.find((o) => attribute(o, "identifier") === attribute(organizations, "default")) ?? all2[0];
  const firstItem = firstReferencedItem(nodes(chosen?.item));
  const firstRef = attribute(firstItem, "identifierref");
  const resources = nodes(manifest.resources)[0];
  const launchable = nodes(resources?.resource).filter((r) => attribute(r, "href"));
  const resource = launchable.find((r) => firstRef && attribute(r, "identifier") === firstRef) ?? launchable.find((r) => scormTypeOf(r) === "sco") ?? launchable[0];
  if (!resource) throw new ManifestError("materials.scormNoLaunch");
  const hrefOf = (r) => (attribute(manifest, "base") + attribute(resources, "base") + attribute(r, "base") + attribute(r, "href")).replace(/^\.?\//, "");
  const launchedItem = firstItem && attribute(resource, "identifier") === firstRef ? firstItem : void 0;
  const sco = scoRuntimeOf(version, manifest, launchedItem);
  const tree = organizationTree(version, manifest, chosen, launchable, hrefOf);
  const scos = tree.scos.length ? tree.scos : [
    {
      id: "",
      title: "",
      kind: "sco",
      launch: hrefOf(resource),
      runtime: sco,
      rollsUpCompletion: true,
      rollsUpSuccess: true
    }
  ];
  return {
    version,
    launch: hrefOf(resource),
    sco,
    items: tree.items,
    scos,
    rollup: rollupOf(chosen)
  };
}
var scormTypeOf = (resource) => (attribute(resource, "scormType") || attribute(resource, "scormtype")).toLowerCase();
function withParameters(href, parameters) {
  const written = parameters.trim();
  if (!written) return href;
  if (written.startsWith("#")) return href.includes("#") ? href : href + written;
  const query = written.replace(/^[?&]/, "");
  const [path4, fragment] = href.split("#", 2);
  const joined = path4 + (path4.includes("?") ? "&" : "?") + query;
  return fragment === void 0 ? joined : `${joined}#${fragment}`;
}
function organizationTree(version, manifest, organization, launchable, hrefOf) {
  const scos = [];
  const seen = /* @__PURE__ */ new Set();
  const walk = (nodesOfLevel) => nodesOfLevel.map((item) => {
    const id = attribute(item, "identifier").trim();
    const title = text8(item.title) || id;
    const ref = attribute(item, "identifierref");
    const resource = ref ? launchable.find((r) => attribute(r, "identifier") === ref) : void 0;
    const usable = Boolean(resource) && /^\S{1,4000}$/.test(id) && !seen.has(id);
    if (usable && resource) {
      seen.add(id);
      const sequencing = version === "2004" ? sequencingOf(manifest, item) : [];
      const rules = sequencing.map((s) => nodes(s.rollupRules)[0]).find(Boolean);
      const tracked = !sequencing.some(
        (s) => attribute(nodes(s.deliveryControls)[0], "tracked").trim().toLowerCase() === "false"
      );
      const counts = (name) => tracked && attribute(rules, name).trim().toLowerCase() !== "false";
      scos.push({
        id,
        title,
        kind: scormTypeOf(resource) === "asset" ? "asset" : "sco",
        launch: withParameters(hrefOf(resource), attribute(item, "parameters")),
        runtime: scoRuntimeOf(version, manifest, item),
        rollsUpCompletion: counts("rollupProgressCompletion"),
        rollsUpSuccess: counts("rollupObjectiveSatisfied")
      });
    }
    return {
      id,
      title,
      launchable: usable,
      children: walk(nodes(item.item)),
      hidden: attribute(item, "isvisible").trim().toLowerCase() === "false"
    };
  }).map(({ hidden, ...entry }) => hidden && !entry.launchable ? null : entry).filter((entry) => entry !== null);
  const items = walk(nodes(organization?.item));
  return { items, scos };
}
function rollupOf(organization) {
  const rollup = { completion: "all", success: "all" };
  const sequencing = nodes(organization?.sequencing)[0];
  const rules = nodes(nodes(sequencing?.rollupRules)[0]?.rollupRule);
  for (const rule of rules) {
    if (attribute(rule, "childActivitySet").trim() !== "any") continue;
    const conditions = nodes(nodes(rule.rollupConditions)[0]?.rollupCondition);
    const action = attribute(nodes(rule.rollupAction)[0], "action").trim();
    if (conditions.length !== 1 || attribute(conditions[0], "operator").trim() === "not") continue;
    const condition = attribute(conditions[0], "condition").trim();
    if (condition === "completed" && action === "completed") rollup.completion = "any";
    if (condition === "satisfied" && action === "satisfied") rollup.success = "any";
  }
  return rollup;
}
function launchFilePath(launch) {
  const path4 = launch.split(/[?#]/)[0] ?? "";
  try {
    return decodeURIComponent(path4);
  } catch {
    return path4;
  }
}

// src/lib/scorm-cmi.ts
function timespanSeconds(value) {
  if (!value) return 0;
  const clock = /^(\d{1,4}):([0-5]?\d):([0-5]?\d(?:\.\d{1,2})?)$/.exec(value.trim());
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso2 = /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    value.trim()
  );
  if (!iso2 || value.trim() === "P" || value.trim().endsWith("T")) return 0;
  const [, y, mo, d, h, mi, s] = iso2.map((part) => Number(part ?? 0));
  return y * 31536e3 + mo * 2592e3 + d * 86400 + h * 3600 + mi * 60 + s;
}
function formatTimespan(seconds2, version) {
  const whole = Math.max(0, Math.round(seconds2));
  const h = Math.floor(whole / 3600);
  const m = Math.floor(whole % 3600 / 60);
  const s = whole % 60;
  if (version === "2004") return `PT${h}H${m}M${s}S`;
  return `${String(h).padStart(4, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
var SESSION_ONLY = /* @__PURE__ */ new Set([
  "cmi.core.session_time",
  "cmi.core.exit",
  "cmi.core.entry",
  "cmi.core.total_time",
  "cmi.session_time",
  "cmi.exit",
  "cmi.entry",
  "cmi.total_time"
]);
var SESSION_STATE = /* @__PURE__ */ new Set(["cmi.core.lesson_location", "cmi.location", "cmi.suspend_data"]);
var FROM_MANIFEST = /* @__PURE__ */ new Set([
  "cmi.launch_data",
  "cmi.student_data.mastery_score",
  "cmi.student_data.max_time_allowed",
  "cmi.student_data.time_limit_action",
  "cmi.scaled_passing_score",
  "cmi.completion_threshold",
  "cmi.max_time_allowed",
  "cmi.time_limit_action"
]);
function scaledPassingScore(sco) {
  const primary = sco.objectives.find((o) => o.primary);
  return primary?.satisfiedByMeasure ? primary.minNormalizedMeasure : null;
}
function manifestCmi(version, sco, stored) {
  const cmi = {};
  const put = (element, value) => {
    if (value !== null) cmi[element] = value;
  };
  put("cmi.launch_data", sco.launchData);
  if (version === "1.2") {
    put("cmi.student_data.mastery_score", sco.masteryScore);
    put("cmi.student_data.max_time_allowed", sco.maxTimeAllowed);
    put("cmi.student_data.time_limit_action", sco.timeLimitAction);
    return cmi;
  }
  const passing = scaledPassingScore(sco);
  put("cmi.scaled_passing_score", passing === null ? null : String(passing));
  put("cmi.completion_threshold", sco.completionThreshold);
  put("cmi.max_time_allowed", sco.maxTimeAllowed);
  put("cmi.time_limit_action", sco.timeLimitAction);
  const known = /* @__PURE__ */ new Set();
  let count10 = 0;
  for (const [element, value] of Object.entries(stored)) {
    const match = /^cmi\.objectives\.(\d+)\.id$/.exec(element);
    if (!match) continue;
    known.add(value);
    count10 = Math.max(count10, Number(match[1]) + 1);
  }
  for (const objective of sco.objectives) {
    if (known.has(objective.id)) continue;
    known.add(objective.id);
    cmi[`cmi.objectives.${count10++}.id`] = objective.id;
  }
  return cmi;
}
function initialCmi(version, stored, learner, sco = EMPTY_SCO) {
  const resume = stored?.cmi[version === "1.2" ? "cmi.core.exit" : "cmi.exit"] === "suspend";
  const forgotten = resume ? /* @__PURE__ */ new Set() : SESSION_STATE;
  const kept = Object.fromEntries(
    Object.entries(stored?.cmi ?? {}).filter(
      ([key]) => !SESSION_ONLY.has(key) && !FROM_MANIFEST.has(key) && !forgotten.has(key)
    )
  );
  const manifest = manifestCmi(version, sco, kept);
  const entry = !stored ? "ab-initio" : resume ? "resume" : "";
  const total = formatTimespan(stored?.totalSeconds ?? 0, version);
  if (version === "1.2") {
    return {
      "cmi.core.lesson_status": "not attempted",
      "cmi.core.lesson_location": "",
      "cmi.suspend_data": "",
      "cmi.core.score.raw": "",
      ...kept,
      ...manifest,
      "cmi.core.student_id": learner.id,
      "cmi.core.student_name": learner.name,
      "cmi.core.entry": entry,
      "cmi.core.credit": learner.credit ? "credit" : "no-credit",
      "cmi.core.lesson_mode": learner.credit ? "normal" : "browse",
      "cmi.core.total_time": total
    };
  }
  return {
    "cmi.completion_status": "unknown",
    "cmi.success_status": "unknown",
    "cmi.location": "",
    "cmi.suspend_data": "",
    "cmi.score.raw": "",
    ...kept,
    ...manifest,
    "cmi.learner_id": learner.id,
    "cmi.learner_name": learner.name,
    "cmi.entry": entry,
    "cmi.credit": learner.credit ? "credit" : "no-credit",
    "cmi.mode": learner.credit ? "normal" : "browse",
    "cmi.total_time": total
  };
}
function manifestStatus(version, sco, data) {
  const number2 = (value) => value !== void 0 && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null;
  if (version === "1.2") {
    const raw = number2(data["cmi.core.score.raw"]);
    const mastery = number2(sco.masteryScore ?? void 0);
    const finished = ["completed", "passed", "failed"].includes(
      data["cmi.core.lesson_status"] ?? ""
    );
    if (raw === null || mastery === null || !finished) return {};
    return { "cmi.core.lesson_status": raw >= mastery ? "passed" : "failed" };
  }
  const passing = scaledPassingScore(sco);
  const scaled = number2(data["cmi.score.scaled"]);
  if (passing === null || scaled === null) return {};
  return { "cmi.success_status": scaled >= passing ? "passed" : "failed" };
}
function isScormComplete(version, cmi) {
  if (version === "1.2")
    return ["completed", "passed"].includes(cmi["cmi.core.lesson_status"] ?? "");
  return cmi["cmi.completion_status"] === "completed" || cmi["cmi.success_status"] === "passed";
}
function sessionSeconds(version, cmi) {
  return timespanSeconds(cmi[version === "1.2" ? "cmi.core.session_time" : "cmi.session_time"]);
}

// src/services/material-access.ts
import { ROLE_IDS as ROLE_IDS5, es as es3 } from "@lms/core";

// src/lib/commands.ts
import {
  CONTRACT,
  commandSpecOf
} from "@lms/core";
function implement(spec5, options) {
  return {
    spec: spec5,
    target: options.target,
    allow: options.allow,
    reader: options.reader,
    auditsCaller: options.auditsCaller ?? false,
    maxFileBytes: options.maxFileBytes ?? 0,
    run: (ctx) => options.handler(ctx)
  };
}
function defineResource(name, commands, options = {}) {
  const declared = CONTRACT[name];
  for (const cmdType of Object.keys(declared)) {
    if (!Object.hasOwn(commands, cmdType)) throw new Error(`${name}.${cmdType} is not implemented`);
  }
  for (const [cmdType, def] of Object.entries(commands)) {
    if (def.spec !== commandSpecOf(name, cmdType)) {
      throw new Error(`${name}.${cmdType} has no declaration in the contract`);
    }
  }
  return { name, commands, ...options };
}
function can(caller, module, right) {
  return caller.permissions[module]?.[right] === true;
}
function requireRight(caller, module, right) {
  if (!can(caller, module, right)) throw forbidden();
}

// src/services/viewer.ts
import { ROLE_IDS as ROLE_IDS3 } from "@lms/core";

// src/services/recycle-bin.ts
import { ROLE_IDS as ROLE_IDS2 } from "@lms/core";

// src/plugins/app/repositories/recycle-bin-repository.ts
import { and as and2, count as count2, eq as eq3, inArray as inArray2, lte, sql as sql11 } from "drizzle-orm";

// src/db/client.ts
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { getTableColumns } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
var TEXT_DATE_TYPES = [1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231];
var asText = (value) => value;
var PGLITE_TEXT_DATES = Object.fromEntries(TEXT_DATE_TYPES.map((type) => [type, asText]));

// src/plugins/app/repositories/courses-repository.ts
import { ROLE_IDS } from "@lms/core";
import { eq as eq2, getTableColumns as getTableColumns2, isNull as isNull2, or as or2, sql as sql9 } from "drizzle-orm";

// src/lib/versioned-pages.ts
import { count, sql as sql8 } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";

// src/plugins/app/repositories/courses-repository.ts
var listSpec2 = {
  resource: "courses",
  sort: {
    courseName: courses.courseName,
    courseCode: courses.courseCode,
    gradeLevel: courses.gradeLevel,
    subject: courses.subject,
    section: courses.section,
    published: courses.published,
    createdAt: courses.createdAt,
    updatedAt: courses.updatedAt
  },
  filters: {
    gradeLevel: { column: courses.gradeLevel, type: "int" },
    subject: { column: courses.subject, type: "text" },
    section: { column: courses.section, type: "text" },
    published: { column: courses.published, type: "bool" },
    schoolId: { column: courses.schoolId, type: "int", nullable: true }
  },
  search: courses.searchText,
  id: courses.id
};
function toCourseRecord(row) {
  const { searchText: _search, image, ...rest } = row;
  return {
    ...rest,
    image: image ? `/api/file/course/${row.id}` : null,
    ...timestamps(row)
  };
}

// src/plugins/app/repositories/recycle-bin-catalogue.ts
import { sql as sql10 } from "drizzle-orm";

// src/plugins/app/repositories/recycle-bin-repository.ts
var BIN_TABLES = {
  school: "schools",
  user: "users",
  role: "roles",
  course: "courses",
  element: "course_elements",
  material: "materials"
};
var listSpec3 = {
  resource: "trash",
  sort: {
    label: recycleBin.label,
    deletedAt: recycleBin.deletedAt,
    deletedBy: recycleBin.deletedBy,
    purgeAt: recycleBin.purgeAt
  },
  filters: {},
  search: recycleBin.searchText,
  id: recycleBin.id
};

// src/services/user-authority.ts
import { GLOBAL_ROLE_IDS, RIGHTS } from "@lms/core";
var AUTHORITY_MODULES = [
  "schools",
  "users",
  "roles"
];
function rightsCover(caller, target) {
  return AUTHORITY_MODULES.every(
    (module) => RIGHTS.every((right) => !target[module][right] || caller.permissions[module][right])
  );
}
function inScope(caller, target) {
  return caller.schoolId === null || target.schoolId === caller.schoolId;
}
function verdictOn(caller, target, targetRights, act = "act") {
  if (!inScope(caller, target)) return "outOfScope";
  if (target.id === caller.userId && act !== "edit") return "forbidden";
  if (!targetRights || !rightsCover(caller, targetRights)) return "forbidden";
  return "allowed";
}
function verdictOnRole(caller, role2, self) {
  if (!role2.rights) return "unknownRole";
  if (!rightsCover(caller, role2.rights)) return "forbidden";
  if (caller.schoolId !== null && role2.schoolId !== caller.schoolId) return "outOfScope";
  if (self && (self.roleId !== role2.roleId || self.schoolId !== role2.schoolId)) return "forbidden";
  return "allowed";
}
function schoolForRole(roleId, schoolId) {
  return GLOBAL_ROLE_IDS.includes(roleId) ? null : schoolId ?? null;
}
function roleRightsReader(app, db) {
  const known = /* @__PURE__ */ new Map();
  return (roleId) => {
    let rights = known.get(roleId);
    if (!rights) {
      rights = app.repos.roles.permissionsOf(roleId, db);
      known.set(roleId, rights);
    }
    return rights;
  };
}
function enforce(verdict) {
  if (verdict === "outOfScope") throw notFound();
  if (verdict === "forbidden") throw forbidden();
}
async function userInReach(app, caller, userId2, act = "act", db) {
  const user = await app.repos.users.findById(userId2, void 0, db);
  if (!user || !inScope(caller, user)) throw notFound();
  enforce(verdictOn(caller, user, await app.repos.roles.permissionsOf(user.roleId, db), act));
  return user;
}
async function assertUsersInReach(app, caller, users2, db) {
  const rightsOf = roleRightsReader(app, db);
  for (const user of users2) enforce(verdictOn(caller, user, await rightsOf(user.roleId)));
}
async function assertMayGiveRole(app, caller, values2, self) {
  const schoolId = schoolForRole(values2.roleId, values2.schoolId);
  const verdict = verdictOnRole(
    caller,
    { roleId: values2.roleId, rights: await app.repos.roles.permissionsOf(values2.roleId), schoolId },
    self
  );
  if (verdict === "unknownRole") throw invalidField("roleId", "validation.invalidValue");
  if (verdict !== "allowed") throw forbidden();
  return schoolId;
}

// src/services/recycle-bin.ts
var COUNT_KEYS = {
  school: ["users", "courses", "progress"],
  course: ["elements", "materials", "progress", "attempts"],
  element: ["materials", "progress"],
  material: ["progress", "attempts"],
  user: ["progress", "attempts"],
  role: []
};
var COUNT_TABLES = {
  users: ["users"],
  courses: ["courses"],
  elements: ["course_elements"],
  materials: ["materials"],
  progress: ["progress"],
  attempts: ["attempts", "scorm_attempts"]
};
var DAY_MS = 24 * 60 * 60 * 1e3;
async function countsOf(app, record) {
  const bin = app.repos.deletionImpact;
  switch (record.resource) {
    case "school":
      return bin.schoolCounts(record.id);
    case "course":
      return bin.courseCounts(record.id);
    case "element":
      return bin.elementCounts(record.id);
    case "material":
      return bin.materialCounts(record.id);
    case "user":
      return bin.userCounts(record.id);
    case "role":
      return {};
  }
}
async function deletionImpact(app, record) {
  const counts = await countsOf(app, record);
  const requiresCode = record.resource === "school" && Boolean(counts.users || counts.courses) || record.resource === "course" && Boolean(counts.progress || counts.attempts);
  return { id: record.id, label: record.label, code: record.code, requiresCode, counts };
}
function checkConfirmCode(impact, confirmCode) {
  if (!impact.requiresCode) return;
  const typed = (confirmCode ?? "").trim().toLowerCase();
  if (typed === "" || typed !== (impact.code ?? "").trim().toLowerCase()) {
    throw new ApiError(409, "errors.confirmCodeMismatch", { data: impact });
  }
}
async function confirmDeletion(app, record, confirmCode) {
  const impact = await deletionImpact(app, record);
  checkConfirmCode(impact, confirmCode);
  return impact;
}
async function moveToBin(app, db, record, deletedBy, removeLive) {
  const bin = app.repos.recycleBin;
  const entryId = await bin.createEntry(db, {
    resource: record.resource,
    recordId: record.id,
    label: record.label,
    code: record.code,
    schoolId: record.schoolId,
    courseId: record.courseId,
    roleId: record.roleId,
    deletedBy,
    purgeAt: new Date(Date.now() + app.config.trash.days * DAY_MS)
  });
  const rows = await bin.capture(db, entryId, BIN_TABLES[record.resource], record.id);
  const counts = {};
  for (const key of COUNT_KEYS[record.resource]) {
    counts[key] = COUNT_TABLES[key].reduce((sum, table) => sum + (rows.get(table) ?? 0), 0);
  }
  await bin.finishEntry(db, entryId, counts, await bin.fileKeysOf(db, entryId));
  await removeLive();
  return entryId;
}
function binScope(caller, resource) {
  const scope = { schoolId: caller.schoolId };
  if (resource === "element" || resource === "material") {
    scope.courseViewer = {
      userId: caller.userId,
      roleId: caller.roleId,
      schoolId: caller.schoolId,
      grade: caller.grade,
      section: caller.section
    };
  }
  if (resource === "course" && caller.roleId === ROLE_IDS2.teacher) {
    scope.deletedBy = caller.userName;
  }
  return scope;
}
function listTrash(app, caller, resource, input, filters, courseId) {
  return app.repos.recycleBin.list(resource, input, filters, binScope(caller, resource), courseId);
}
async function entryInScope(app, db, caller, resource, id) {
  const entry = await app.repos.recycleBin.findForUpdate(
    db,
    resource,
    id,
    binScope(caller, resource)
  );
  if (!entry) throw notFound();
  if (resource === "user" && entry.roleId !== null) {
    if (entry.recordId === caller.userId) throw forbidden();
    const rights = await app.repos.roles.permissionsOf(entry.roleId, db);
    if (rights && !rightsCover(caller, rights)) throw forbidden();
  }
  return entry;
}
async function restoreFromBin(app, caller, resource, id) {
  try {
    return await app.repos.transaction(async (tx) => {
      const entry = await entryInScope(app, tx, caller, resource, id);
      if (resource === "course") {
        const record = await app.repos.recycleBin.recordOf(tx, entry);
        const code = typeof record?.course_code === "string" ? record.course_code : "";
        if (code && await app.repos.courses.codeTaken(tx, code, entry.schoolId)) {
          throw new ApiError(409, "errors.restoreConflict");
        }
      }
      if (!await app.repos.recycleBin.restoreRows(tx, entry)) {
        throw new ApiError(409, "errors.restoreParentMissing");
      }
      await app.repos.recycleBin.deleteEntry(tx, entry.id);
      return entry.recordId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, "errors.restoreConflict");
    throw error;
  }
}
async function purgeFromBin(app, caller, resource, id) {
  const keys = await app.repos.transaction(async (tx) => {
    const entry = await entryInScope(app, tx, caller, resource, id);
    await app.repos.recycleBin.deleteEntry(tx, entry.id);
    return entry.fileKeys;
  });
  if (keys.length > 0) await app.storage.remove(keys);
}
async function assertCourseNotDeleting(app, courseId) {
  if (await app.repos.courseDeletions.isCourseBeingDeleted(courseId)) {
    throw new ApiError(409, "errors.courseDeletionInProgress");
  }
}
function courseBinRecord(course) {
  return {
    resource: "course",
    id: course.id,
    label: course.courseName,
    code: course.courseCode,
    schoolId: course.schoolId,
    courseId: course.id,
    roleId: null
  };
}
function deletesAsJob(app, impact) {
  const rows = Object.values(impact.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return rows > app.config.trash.deleteJobRows;
}
var HOUR_MS = 60 * 60 * 1e3;

// src/services/viewer.ts
var viewerOf = (caller) => ({
  userId: caller.userId,
  roleId: caller.roleId,
  schoolId: caller.schoolId,
  grade: caller.grade,
  section: caller.section
});
async function modifiableCourse(app, caller, id) {
  await assertCourseNotDeleting(app, id);
  const viewer = viewerOf(caller);
  const course = await app.repos.courses.find(id, viewer, "view");
  if (!course) throw notFound();
  if (!await app.repos.courses.find(id, viewer, "modify")) throw forbidden();
  return course;
}

// src/services/journey-state.ts
import { ROLE_IDS as ROLE_IDS4 } from "@lms/core";
var isLearner = (viewer) => viewer.roleId === ROLE_IDS4.student;
async function journeyOf(app, viewer, courseId) {
  await assertCourseNotDeleting(app, courseId);
  const course = await app.repos.courses.find(courseId, viewer);
  if (!course) throw notFound();
  const items = await app.repos.materials.inCourseOrder(course.id, true);
  const progress2 = isLearner(viewer) ? await app.repos.progress.progressOf(viewer.userId, course.id) : [];
  const byMaterial = new Map(progress2.map((p) => [p.materialId, p]));
  let allBeforeComplete = true;
  const steps = items.map(({ material, element }) => {
    const row = byMaterial.get(material.id);
    const complete = Boolean(row?.completedAt);
    const state = !isLearner(viewer) ? "open" : complete ? "complete" : !allBeforeComplete ? "locked" : row ? "inProgress" : "open";
    if (!complete) allBeforeComplete = false;
    return { material, element, state, progress: row };
  });
  return { course, steps };
}
function summaryOf(journey2) {
  const total = journey2.steps.length;
  const done = journey2.steps.filter((s) => s.state === "complete").length;
  const seconds2 = journey2.steps.reduce((sum, s) => {
    if (!s.progress) return sum;
    const end = s.progress.completedAt ?? s.progress.lastOpenedAt;
    return sum + Math.max(0, (end.getTime() - s.progress.startedAt.getTime()) / 1e3);
  }, 0);
  return {
    course: toCourseRecord(journey2.course),
    total,
    done,
    percent: total === 0 ? 0 : Math.round(done / total * 100),
    complete: total > 0 && done === total,
    timeSpentSeconds: Math.round(seconds2)
  };
}

// src/services/material-access.ts
var readsCourses = (caller) => can(caller, "courses", "view") || can(caller, "materials", "view");
var editsContent = (caller) => can(caller, "courses", "modify") || can(caller, "materials", "modify");
async function editsCourse(app, caller, courseId) {
  if (!editsContent(caller)) return false;
  return Boolean(await app.repos.courses.find(courseId, viewerOf(caller), "modify"));
}
async function childViewers(app, caller) {
  if (!can(caller, "reports", "view")) return [];
  const viewers = [];
  for (const id of await app.repos.users.childrenOf(caller.userId)) {
    const child = await app.repos.users.findById(id, { schoolId: caller.schoolId });
    if (!child || child.roleId !== ROLE_IDS5.student) continue;
    viewers.push({
      userId: child.id,
      roleId: child.roleId,
      schoolId: child.schoolId,
      grade: child.grade,
      section: child.section
    });
  }
  return viewers;
}
async function stepOf(app, viewer, material) {
  try {
    const journey2 = await journeyOf(app, viewer, material.courseId);
    return journey2.steps.find((st) => st.material.id === material.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return void 0;
    throw error;
  }
}
async function readableCourse(app, caller, courseId) {
  await assertCourseNotDeleting(app, courseId);
  if (readsCourses(caller)) {
    const course = await app.repos.courses.find(courseId, viewerOf(caller));
    if (course && (course.published || await editsCourse(app, caller, course.id))) {
      return course;
    }
  }
  for (const viewer of await childViewers(app, caller)) {
    const course = await app.repos.courses.find(courseId, viewer);
    if (course) return course;
  }
  throw notFound();
}
async function assertMaterialReadable(app, caller, material) {
  await assertCourseNotDeleting(app, material.courseId);
  if (readsCourses(caller)) {
    const viewer = viewerOf(caller);
    const course = await app.repos.courses.find(material.courseId, viewer);
    if (course) {
      if (await editsCourse(app, caller, course.id)) return;
      if (caller.roleId === ROLE_IDS5.student) {
        const step = await stepOf(app, viewer, material);
        if (!step) throw notFound();
        if (step.state === "locked") throw new ApiError(403, "errors.finishPrevious");
        return;
      }
      const element = await app.repos.elements.findById(material.elementId);
      if (course.published && element?.published && material.published) return;
      throw notFound();
    }
  }
  let locked = false;
  for (const viewer of await childViewers(app, caller)) {
    const step = await stepOf(app, viewer, material);
    if (step && step.state !== "locked") return;
    if (step) locked = true;
  }
  if (locked) throw new ApiError(403, "errors.finishPrevious");
  throw notFound();
}
function listedMaterials(caller) {
  return editsContent(caller) ? { editor: viewerOf(caller) } : "published";
}

// src/lib/content-files.ts
var SCORM_TYPES = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  xml: "application/xml",
  xsd: "application/xml",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  webm: "video/webm",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  pdf: "application/pdf"
};
function scormContentType(path4) {
  const ext = path4.split(".").pop()?.toLowerCase() ?? "";
  return SCORM_TYPES[ext] ?? "application/octet-stream";
}
function displayName(name, fallback) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, 150);
  return clean || fallback;
}
function contentDisposition(kind, name) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
async function sendMaterialFile(app, request, reply, file, disposition, csp) {
  return sendStoredFile(app.storage, file.storageKey, request, reply, {
    "content-type": file.contentType,
    "content-disposition": contentDisposition(disposition, displayName(file.path, "file")),
    "cache-control": "private, no-cache",
    "content-security-policy": csp
  });
}

// src/routes/content.ts
var require2 = createRequire(import.meta.url);

// src/lib/session-cache.ts
import { LRUCache as LRUCache2 } from "lru-cache";

// src/lib/file-stores.ts
init_storage();

// src/lib/storage-database.ts
import { and as and3, eq as eq4, gte, inArray as inArray3, lte as lte2, sql as sql12 } from "drizzle-orm";
init_storage();
var DEFAULT_CHUNK_BYTES = 1024 * 1024;

// src/plugins/app/auth.ts
import {
  CATALOGUES,
  DEFAULT_LANG,
  createIntl,
  emptyPermissions as emptyPermissions2,
  isLang
} from "@lms/core";
import { hash, verify } from "@node-rs/argon2";

// src/lib/security.ts
import { createHash, randomBytes } from "node:crypto";
function hashToken(token) {
  return createHash("sha256").update(token).digest("hex");
}

// src/plugins/app/repositories/roles-repository.ts
import {
  PERMISSION_MODULES,
  emptyPermissions
} from "@lms/core";
import { count as count3, eq as eq5, inArray as inArray4, or as or3 } from "drizzle-orm";
import { sql as sql13 } from "drizzle-orm";
var listSpec4 = {
  resource: "roles",
  sort: {
    roleName: roles.roleName,
    enabled: roles.enabled,
    createdAt: roles.createdAt,
    updatedAt: roles.updatedAt
  },
  filters: {
    enabled: { column: roles.enabled, type: "bool" },
    builtIn: { column: roles.builtIn, type: "bool" }
  },
  search: sql13`lower(${roles.roleName} || ' ' || ${roles.description})`,
  id: roles.id
};

// src/plugins/app/auth.ts
var LINK_LIFETIME_MS = {
  reset: 60 * 60 * 1e3,
  activation: 7 * 24 * 60 * 60 * 1e3
};
var TOUCH_EVERY_MS = 60 * 1e3;

// src/plugins/app/mailer.ts
import nodemailer from "nodemailer";

// src/plugins/app/repositories/audit-repository.ts
import { and as and4, count as count4, eq as eq6, gte as gte2, lt, lte as lte3, sql as sql14 } from "drizzle-orm";
var listSpec5 = {
  resource: "audit",
  sort: {
    at: auditLog.at,
    actorName: auditLog.actorName,
    module: auditLog.module,
    action: auditLog.action,
    recordLabel: auditLog.recordLabel
  },
  filters: {
    actorId: { column: auditLog.actorId, type: "int", nullable: true },
    module: { column: auditLog.module, type: "text" },
    action: { column: auditLog.action, type: "text" },
    schoolId: { column: auditLog.schoolId, type: "int", nullable: true }
  },
  search: sql14`lower(${auditLog.actorName} || ' ' || ${auditLog.recordLabel} || ' ' || ${auditLog.module} || ' ' || ${auditLog.action} || ' ' || ${auditLog.address})`,
  id: auditLog.id
};
var columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorRoleId: auditLog.actorRoleId,
  actorRoleName: roles.roleName,
  schoolId: auditLog.schoolId,
  address: auditLog.address,
  module: auditLog.module,
  action: auditLog.action,
  recordId: auditLog.recordId,
  recordLabel: auditLog.recordLabel,
  changes: auditLog.changes,
  count: auditLog.count
};

// src/plugins/app/repositories/classes-repository.ts
import {
  ROLE_IDS as ROLE_IDS6
} from "@lms/core";
import { inArray as inArray5, sql as sql16 } from "drizzle-orm";

// src/plugins/app/repositories/class-rows.ts
import { encodeClassId } from "@lms/core";
import { sql as sql15 } from "drizzle-orm";

// src/plugins/app/repositories/classes-repository.ts
var k = (column) => sql16.raw(`k.${column}`);
var listSpec6 = {
  resource: "classes",
  sort: {
    grade: k("grade"),
    section: k("section_key"),
    schoolYear: k("year_from"),
    students: k("students"),
    teachers: k("teachers"),
    averageCompletion: k("average_completion")
  },
  filters: {
    grade: { column: k("grade"), type: "int" },
    section: { column: k("section"), type: "text" },
    schoolYear: { column: k("year_from"), type: "int" }
  },
  search: k("search_text"),
  id: k("school_id")
};

// src/plugins/app/repositories/course-deletions-repository.ts
import { eq as eq7 } from "drizzle-orm";

// src/plugins/app/repositories/deletion-impact-repository.ts
import { sql as sql17 } from "drizzle-orm";

// src/plugins/app/repositories/elements-repository.ts
import { and as and5, count as count5, eq as eq8, gt, gte as gte3, max, sql as sql18 } from "drizzle-orm";
var listSpec7 = {
  resource: "elements",
  sort: {
    position: courseElements.position,
    name: courseElements.name,
    type: courseElements.type,
    published: courseElements.published,
    createdAt: courseElements.createdAt
  },
  filters: {
    type: { column: courseElements.type, type: "text" },
    published: { column: courseElements.published, type: "bool" }
  },
  search: sql18`lower(${courseElements.name})`,
  id: courseElements.id
};
function toElementRecord(row) {
  return {
    id: row.id,
    courseId: row.courseId,
    name: row.name,
    type: row.type,
    position: row.position,
    published: row.published,
    ...timestamps(row)
  };
}

// src/plugins/app/repositories/materials-repository.ts
import {
  and as and6,
  asc as asc2,
  desc as desc2,
  eq as eq9,
  getTableColumns as getTableColumns3,
  gt as gt2,
  inArray as inArray6,
  max as max2,
  or as or4,
  sql as sql19
} from "drizzle-orm";

// src/lib/page-html.ts
import sanitizeHtml from "sanitize-html";
var OPTIONS = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img",
    "h1",
    "h2",
    "u",
    "s",
    "del",
    "ins",
    "sub",
    "sup",
    "small",
    "mark",
    "span",
    "figure",
    "figcaption"
  ],
  allowedAttributes: {
    a: ["href", "name", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    td: ["colspan", "rowspan", "align"],
    th: ["colspan", "rowspan", "align", "scope"],
    ol: ["start", "type"],
    "*": ["lang", "dir"]
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  // Whatever is dropped goes with its text when it can run or style (script, style, ...).
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : { ...attribs }
    })
  }
};
function sanitizePageHtml(html) {
  return html ? sanitizeHtml(html, OPTIONS) : "";
}

// src/plugins/app/repositories/materials-repository.ts
var listSpec8 = {
  resource: "materials",
  sort: {
    name: materials.name,
    lastModified: materials.lastModified,
    size: materials.size,
    type: materials.type,
    author: materials.author,
    published: materials.published,
    position: materials.position,
    createdAt: materials.createdAt
  },
  filters: {
    type: { column: materials.type, type: "text" },
    published: { column: materials.published, type: "bool" },
    elementId: { column: materials.elementId, type: "int" },
    courseId: { column: materials.courseId, type: "int" }
  },
  search: sql19`lower(${materials.name} || ' ' || ${materials.author})`,
  id: materials.id
};
var elementJoin = {
  table: courseElements,
  on: eq9(courseElements.id, materials.elementId)
};
var {
  content: _content,
  scormSettings: _settings,
  ...listedColumns
} = getTableColumns3(materials);
function toMaterialRecord(row, withContent = false) {
  return {
    id: row.id,
    courseId: row.courseId,
    elementId: row.elementId,
    name: row.name,
    type: row.type,
    size: row.size,
    author: row.author,
    position: row.position,
    published: row.published,
    lastModified: row.lastModified.toISOString(),
    ...row.type === "link" ? { url: row.url } : {},
    // Sanitised on save; again here, for rows stored before and for every app reading the API.
    ...withContent && row.type === "page" ? { content: sanitizePageHtml(row.content ?? "") } : {},
    ...timestamps(row)
  };
}

// src/plugins/app/repositories/outbox-repository.ts
import { eq as eq10, inArray as inArray7, sql as sql21 } from "drizzle-orm";

// src/db/insert-rows.ts
import { getTableColumns as getTableColumns4, getTableName, sql as sql20 } from "drizzle-orm";

// src/plugins/app/repositories/outbox-repository.ts
var redactedLink = sql21`regexp_replace(${outbox.link}, 'token=[^&#]*', 'token=redacted', 'g')`;
var REDACTED = {
  body: sql21`replace(${outbox.body}, ${outbox.link}, ${redactedLink})`,
  link: redactedLink
};

// src/plugins/app/repositories/progress-repository.ts
import { ROLE_IDS as ROLE_IDS7 } from "@lms/core";
import { and as and7, eq as eq11, inArray as inArray8, sql as sql23 } from "drizzle-orm";
import { PgDialect as PgDialect2 } from "drizzle-orm/pg-core";
import { LRUCache as LRUCache3 } from "lru-cache";

// src/plugins/app/repositories/scorm-results.ts
import { sql as sql22 } from "drizzle-orm";

// src/plugins/app/repositories/progress-repository.ts
var VERSIONED = ["users", "user_loads", "materials", "course_elements"];
var VERSIONS_SQL = `
  select name, version::text from change_counters
   where name in (${VERSIONED.map((name) => `'${name}'`).join(", ")})
  union all
  select 'progress_summaries', coalesce((select v.version::text from progress_summary_versions v
                                          where v.course_id = $1::int), '0')`;
var rowsSql = (extra = "") => `
  select u.id, u.first_name, u.last_name, u.user_name, u.grade, u.section, $2::int as total,
         coalesce(ps.done, 0) as done,
         case when $2::int = 0 then 0 else round(coalesce(ps.done, 0) * 100.0 / $2::int) end as percent,
         round(ps.quiz_sum / nullif(ps.quiz_count, 0)) as quiz_average,
         coalesce(round(ps.time_spent), 0) as time_spent,
         ps.last_activity${extra}
    from unnest($3::int[]) with ordinality p(id, ord)
    join users u on u.id = p.id
    left join lateral (select * from progress_summaries ps
                        where ps.course_id = $1::int and ps.user_id = p.id) ps on true
   order by p.ord`;
var ROWS_SQL = rowsSql();
var VERSIONED_ROWS_SQL = rowsSql(`,
         (select string_agg(named.name || '=' || named.version, ',' order by named.name collate "C")
            from (${VERSIONS_SQL}) named) as versions`);

// src/plugins/app/repositories/quizzes-repository.ts
import { and as and8, count as count6, desc as desc3, eq as eq12, inArray as inArray9, max as max3, sql as sql24 } from "drizzle-orm";

// src/plugins/app/repositories/schools-repository.ts
import { eq as eq13, getTableColumns as getTableColumns5, inArray as inArray10, or as or5, sql as sql25 } from "drizzle-orm";
var listSpec9 = {
  resource: "schools",
  sort: {
    schoolCode: schools.schoolCode,
    schoolName: schools.schoolName,
    city: schools.city,
    province: schools.province,
    region: schools.region,
    enabled: schools.enabled,
    createdAt: schools.createdAt,
    updatedAt: schools.updatedAt
  },
  filters: {
    enabled: { column: schools.enabled, type: "bool" },
    sector: { column: schools.sector, type: "text" },
    region: { column: schools.region, type: "text" },
    province: { column: schools.province, type: "text" },
    city: { column: schools.city, type: "text" },
    subscriptionType: { column: schools.subscriptionType, type: "text" },
    requireParentAccount: { column: schools.requireParentAccount, type: "bool" }
  },
  search: schools.searchText,
  id: schools.id
};
function toSchoolRecord(row) {
  const { searchText: _search, logo, ...rest } = row;
  return {
    ...rest,
    logo: logo ? `/api/file/school/${row.id}` : null,
    ...timestamps(row)
  };
}

// src/plugins/app/repositories/scorm-report-repository.ts
import { sql as sql26 } from "drizzle-orm";

// src/lib/scorm-report.ts
var NUMBER = /^-?\d+(\.\d+)?$/;
function numberOf(value) {
  return value !== void 0 && NUMBER.test(value.trim()) ? Number(value) : null;
}
function fromLessonStatus(status) {
  switch (status) {
    case "passed":
    case "failed":
      return { completionStatus: "completed", successStatus: status };
    case "completed":
      return { completionStatus: "completed", successStatus: "unknown" };
    case "incomplete":
    case "browsed":
      return { completionStatus: "incomplete", successStatus: "unknown" };
    case "not attempted":
      return { completionStatus: "not attempted", successStatus: "unknown" };
    default:
      return { completionStatus: "unknown", successStatus: "unknown" };
  }
}
function attemptStatus(cmi) {
  const completion = cmi["cmi.completion_status"];
  const success = cmi["cmi.success_status"];
  if (completion !== void 0 || success !== void 0) {
    return { completionStatus: completion ?? "unknown", successStatus: success ?? "unknown" };
  }
  return fromLessonStatus(cmi["cmi.core.lesson_status"]);
}
function attemptScore(cmi) {
  const scaled = numberOf(cmi["cmi.score.scaled"]);
  const raw = numberOf(cmi["cmi.score.raw"]) ?? numberOf(cmi["cmi.core.score.raw"]);
  const score = scaled !== null ? scaled * 100 : raw;
  return score === null ? null : Math.round(score);
}
function intervalSeconds(value) {
  if (!value) return null;
  const text10 = value.trim();
  const clock = /^(\d{2,4}):([0-5]\d):([0-5]\d(?:\.\d{1,2})?)$/.exec(text10);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso2 = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    text10
  );
  if (!iso2 || text10 === "P" || text10.endsWith("T")) return null;
  const [, y, mo, d, h, mi, s] = iso2.map((part) => Number(part ?? 0));
  const seconds2 = (((y * 365 + mo * 30 + d) * 24 + h) * 60 + mi) * 60 + s;
  return Math.round(seconds2 * 100) / 100;
}
function indexesOf(cmi, collection) {
  const pattern = new RegExp(`^cmi\\.${collection}\\.(\\d+)\\.`);
  const found = /* @__PURE__ */ new Set();
  for (const key of Object.keys(cmi)) {
    const match = pattern.exec(key);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}
function listOf(cmi, prefix, suffix) {
  const pattern = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d+)\\.${suffix}$`);
  return Object.entries(cmi).map(([key, value]) => [pattern.exec(key), value]).filter((entry) => entry[0] !== null).sort((a, b) => Number(a[0][1]) - Number(b[0][1])).map(([, value]) => value);
}
function decodeInteractions(cmi) {
  return indexesOf(cmi, "interactions").map((index7) => {
    const base = `cmi.interactions.${index7}`;
    const get = (name) => cmi[`${base}.${name}`];
    const result = get("result") ?? "";
    return {
      index: index7,
      id: get("id") ?? "",
      type: get("type") ?? "",
      description: get("description") ?? "",
      learnerResponse: get("learner_response") ?? get("student_response") ?? "",
      correctResponses: listOf(cmi, `${base}.correct_responses`, "pattern"),
      result: result === "wrong" ? "incorrect" : result,
      latencySeconds: intervalSeconds(get("latency")),
      timestamp: get("timestamp") ?? get("time") ?? "",
      weighting: get("weighting") ?? "",
      objectives: listOf(cmi, `${base}.objectives`, "id")
    };
  });
}
function decodeObjectives(cmi) {
  return indexesOf(cmi, "objectives").map((index7) => {
    const base = `cmi.objectives.${index7}`;
    const get = (name) => cmi[`${base}.${name}`];
    const legacy = fromLessonStatus(get("status"));
    const scaled = numberOf(get("score.scaled"));
    const raw = numberOf(get("score.raw"));
    const score = scaled !== null ? scaled * 100 : raw;
    return {
      index: index7,
      id: get("id") ?? "",
      description: get("description") ?? "",
      successStatus: get("success_status") ?? legacy.successStatus,
      completionStatus: get("completion_status") ?? legacy.completionStatus,
      score: score === null ? null : Math.round(score),
      scoreRaw: get("score.raw") ?? "",
      scoreMin: get("score.min") ?? "",
      scoreMax: get("score.max") ?? ""
    };
  });
}

// src/plugins/app/repositories/scorm-attempts-repository.ts
import { and as and9, count as count7, desc as desc4, eq as eq14, inArray as inArray11, ne, sql as sql27 } from "drizzle-orm";

// src/plugins/app/repositories/secrets-repository.ts
import { eq as eq15 } from "drizzle-orm";

// src/plugins/app/repositories/sessions-repository.ts
import { and as and10, eq as eq16, gt as gt3, isNull as isNull3, ne as ne2, or as or6, sql as sql28 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

// src/plugins/app/repositories/tokens-repository.ts
import { and as and11, eq as eq17, gt as gt4, isNull as isNull4, sql as sql29 } from "drizzle-orm";

// src/plugins/app/repositories/users-repository.ts
import { and as and12, count as count8, eq as eq18, inArray as inArray12, ne as ne3, or as or7, sql as sql30 } from "drizzle-orm";

// src/plugins/app/repositories/users-search-repository.ts
import { LRUCache as LRUCache5 } from "lru-cache";
import { eq as eq20, sql as sql32 } from "drizzle-orm";

// src/lib/search-snapshots.ts
import { LRUCache as LRUCache4 } from "lru-cache";

// src/plugins/app/repositories/users-search-index.ts
import { and as and13, asc as asc3, eq as eq19, gt as gt5, inArray as inArray13, lt as lt2, lte as lte4, sql as sql31 } from "drizzle-orm";
var KEEP_CHANGES = sql31`interval '1 day'`;
var PRUNE_MS = 10 * 6e4;

// src/plugins/external/compression.ts
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";

// src/lib/plugin.ts
function appPlugin(plugin) {
  Object.assign(plugin, { [/* @__PURE__ */ Symbol.for("skip-override")]: true });
  return plugin;
}

// src/plugins/external/compression.ts
var compression_default = appPlugin(async function compression(app) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 }
  });
});

// src/plugins/external/cors.ts
import fastifyCors from "@fastify/cors";
var cors_default = appPlugin(async function cors(app) {
  const allowed = new Set(app.config.corsOrigins);
  if (allowed.size === 0) return;
  await app.register(fastifyCors, {
    hideOptionsRoute: true,
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const listed = typeof origin === "string" && allowed.has(origin);
      if (!request.url.startsWith("/api/") || !listed) {
        callback(null, { origin: false });
        return;
      }
      callback(null, {
        origin,
        methods: ["GET", "POST"],
        allowedHeaders: ["Authorization", "Content-Type"],
        exposedHeaders: ["Content-Disposition", "Server-Timing"],
        maxAge: 600,
        credentials: false
      });
    }
  });
});

// src/plugins/external/portal.ts
import fastifyStatic from "@fastify/static";
import { es as es4 } from "@lms/core";

// src/plugins/external/security-headers.ts
import helmet from "@fastify/helmet";

// src/lib/inline-scripts.ts
import { createHash as createHash2 } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path2 from "node:path";
function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash2("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}
var RECHECK_MS = 1e3;
function portalInlineScriptHashes(portalDir) {
  const index7 = path2.join(portalDir, "index.html");
  let checkedAt = -Infinity;
  let readVersion = "";
  let hashes = [];
  return () => {
    const now = Date.now();
    if (now - checkedAt < RECHECK_MS) return hashes;
    checkedAt = now;
    let version = "";
    try {
      const stats = statSync(index7);
      version = `${stats.mtimeMs}:${stats.size}`;
    } catch {
    }
    if (version !== readVersion) {
      readVersion = version;
      hashes = version ? inlineScriptHashes(readFileSync(index7, "utf8")) : [];
    }
    return hashes;
  };
}

// src/plugins/external/security-headers.ts
var security_headers_default = appPlugin(async function securityHeaders(app) {
  const classOrigin = app.config.classServiceUrl ? originOf(app.config.classServiceUrl) : null;
  let contentOrigin2 = null;
  let contentFor = null;
  const content = () => {
    if (contentFor !== app.config.contentUrl) {
      contentFor = app.config.contentUrl;
      contentOrigin2 = contentFor ? originOf(contentFor) : null;
    }
    return contentOrigin2;
  };
  const media = () => content() ? ` ${content()}` : "";
  const portalScripts = portalInlineScriptHashes(app.config.portalDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [() => ["'self'", ...portalScripts()].join(" ")],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": [() => `'self' data: blob:${media()}`],
        "media-src": [() => `'self'${media()}`],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", ...classOrigin ? [classOrigin] : []],
        "frame-src": [
          () => ["'self'", content(), classOrigin].filter((o) => Boolean(o)).join(" ")
        ],
        "frame-ancestors": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        // Trusted Types: no HTML or script reaches a DOM sink unless a policy vouches for it:
        // DOMPurify's (page materials, sanitised) or the portal's default one (text without
        // markup only, packages/portal/src/lib/trusted-types.ts).
        "require-trusted-types-for": ["'script'"],
        "trusted-types": ["dompurify", "default"]
      }
    },
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "sameorigin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false
  });
  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=()");
    done();
  });
});
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

// src/lib/dispatch.ts
import { toFieldErrors } from "@lms/core";

// src/lib/contract-checks.ts
import { declaresError } from "@lms/core";

// src/lib/form.ts
import { open, readFile, readdir, rm, stat } from "node:fs/promises";

// src/lib/multipart.ts
import Busboy from "@fastify/busboy";

// src/lib/form.ts
function readUpload(file) {
  return readFile(file.path);
}
async function readUploadHead(file, bytes = 4096) {
  const handle = await open(file.path, "r");
  try {
    const buffer = Buffer.alloc(Math.min(bytes, file.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
var STALE_PART_MS = 24 * 60 * 60 * 1e3;
var FIELD_BYTES = 1024 * 1024;
var FIELDS_TOTAL_BYTES = 2 * FIELD_BYTES;
function fieldsObject(entries) {
  const result = {};
  for (const [name, value] of entries) {
    if (name.endsWith("[]")) {
      const key = name.slice(0, -2);
      const list = Array.isArray(result[key]) ? result[key] : [];
      list.push(value);
      result[key] = list;
    } else {
      result[name] = value;
    }
  }
  return result;
}
function fieldValue(entries, ...names) {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (names.includes(entry[0])) return entry[1];
  }
  return void 0;
}

// src/services/audit.ts
import { AUDIT_SIGN_IN, AUDIT_SIGN_IN_FAILED, auditReach, commandSpecOf as commandSpecOf2 } from "@lms/core";
var addressOf = (request) => request.ip ?? "";
async function write(app, row) {
  try {
    await app.repos.audit.insert([row]);
  } catch (error) {
    app.log.error({ err: error, audit: row }, "audit: the record of a change could not be written");
  }
}
async function recordSignIn(app, request, attempt) {
  const { user } = attempt;
  await write(app, {
    actorId: user?.id ?? null,
    actorName: (user?.userName ?? attempt.userName).slice(0, 200),
    actorRoleId: user?.roleId ?? null,
    schoolId: user?.schoolId ?? null,
    address: addressOf(request),
    module: "user",
    action: attempt.ok ? AUDIT_SIGN_IN : AUDIT_SIGN_IN_FAILED,
    recordId: user ? String(user.id) : "",
    recordLabel: attempt.userName.slice(0, 200),
    changes: attempt.reason ? { reason: attempt.reason } : null,
    count: 1
  });
}
function mayReadAudit(caller) {
  return auditReach(caller) !== null;
}
function auditScopeOf(caller) {
  return { schoolId: auditReach(caller) === "all" ? null : caller.schoolId };
}
var PURGE_EVERY_MS = 6 * 60 * 60 * 1e3;

// src/lib/dispatch.ts
var FORM_OVERHEAD = 1024 * 1024;

// src/services/audit-snapshots.ts
var values = (record) => record;
var schoolSnapshot = async (app, id) => {
  const row = await app.repos.schools.findById(id);
  if (!row) return null;
  return {
    label: `${row.schoolName} (${row.schoolCode})`,
    schoolId: row.id,
    values: values(toSchoolRecord(row))
  };
};
var userSnapshot = async (app, id) => {
  const record = await app.repos.users.get(id, GLOBAL_SCOPE);
  if (!record) return null;
  return {
    label: `${record.firstName} ${record.lastName} (${record.userName})`,
    schoolId: record.schoolId,
    values: values(record)
  };
};
var roleSnapshot = async (app, id) => {
  const record = await app.repos.roles.get(id);
  if (!record) return null;
  return { label: record.roleName, schoolId: null, values: values(record) };
};
var courseSnapshot = async (app, id) => {
  const row = await app.repos.courses.find(id, null);
  if (!row) return null;
  return {
    label: `${row.courseName} (${row.courseCode})`,
    schoolId: row.schoolId,
    values: values(toCourseRecord(row))
  };
};
async function inCourse(app, courseId, label2, record) {
  const course = await app.repos.courses.find(courseId, null);
  return {
    label: course ? `${label2} \xB7 ${course.courseName}` : label2,
    schoolId: course?.schoolId ?? null,
    values: values(record)
  };
}
var elementSnapshot = async (app, id) => {
  const row = await app.repos.elements.findById(id);
  return row ? inCourse(app, row.courseId, row.name, toElementRecord(row)) : null;
};
var materialSnapshot = async (app, id) => {
  const row = await app.repos.materials.findById(id);
  return row ? inCourse(app, row.courseId, row.name, toMaterialRecord(row)) : null;
};

// src/routes/api/audit.ts
import { CONTRACT as CONTRACT2 } from "@lms/core";

// src/lib/command-io.ts
import { Readable } from "node:stream";
import { decodeListFilters, toFieldErrors as toFieldErrors2 } from "@lms/core";

// src/lib/csv.ts
var BOM = "\uFEFF";
function csvCell(value) {
  if (value === null || value === void 0) return "";
  let text10 = typeof value === "object" ? value instanceof Date ? value.toISOString() : JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text10)) text10 = `'${text10}`;
  return /[",\r\n]/.test(text10) ? `"${text10.replace(/"/g, '""')}"` : text10;
}
function csvLine(values2) {
  return values2.map(csvCell).join(",");
}
async function* csvChunks(columns2, batches) {
  yield BOM + csvLine(columns2) + "\r\n";
  for await (const rows of batches) {
    let text10 = "";
    for (const row of rows) text10 += csvLine(columns2.map((c) => row[c])) + "\r\n";
    if (text10) yield text10;
  }
}

// src/lib/command-io.ts
var scopeOf = (caller) => ({ schoolId: caller.schoolId });
var by = (caller) => caller?.userName ?? null;
function filtersOf(form, extras = []) {
  const filters = decodeListFilters(form.entries);
  for (const name of extras) {
    const value = fieldValue(form.entries, name);
    if (value !== void 0 && value !== "") filters.push({ key: name, values: [value] });
  }
  return filters;
}
function parseWith(schema, form) {
  const parsed = schema.safeParse(fieldsObject(form.entries));
  if (!parsed.success) {
    throw invalid(toFieldErrors2(parsed.error));
  }
  return parsed.data;
}
function exportColumns(requested, available) {
  if (!requested.trim()) return [...available];
  let names;
  try {
    names = requested.trim().startsWith("[") ? JSON.parse(requested) : requested.split(",");
  } catch {
    names = [];
  }
  const wanted = Array.isArray(names) ? names.map((n) => String(n).trim()) : [];
  const chosen = wanted.filter((n) => available.includes(n));
  return chosen.length > 0 ? [...new Set(chosen)] : [...available];
}
async function sendCsv(reply, filename, columns2, batches) {
  const source = batches[Symbol.asyncIterator]();
  const first2 = await source.next();
  async function* rest() {
    if (first2.done) return;
    yield first2.value;
    for (let next = await source.next(); !next.done; next = await source.next())
      yield next.value;
  }
  return reply.code(200).header("content-type", "text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${filename}"`).header("cache-control", "no-store").send(Readable.from(csvChunks(columns2, rest()), { objectMode: false }));
}

// src/routes/api/audit.ts
var AUDIT_FIELDS = [
  "id",
  "at",
  "actorId",
  "actorName",
  "actorRoleName",
  "address",
  "module",
  "action",
  "recordId",
  "recordLabel",
  "changes",
  "count"
];
var DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
var DAY_MS2 = 24 * 60 * 60 * 1e3;
function rangeOf(input) {
  const from = input.from ? new Date(DAY_ONLY.test(input.from) ? `${input.from}T00:00:00Z` : input.from) : null;
  let to = null;
  let toExclusive = false;
  if (input.to) {
    if (DAY_ONLY.test(input.to)) {
      to = new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS2);
      toExclusive = true;
    } else {
      to = new Date(input.to);
    }
  }
  return { actor: input.actor, from, to, toExclusive };
}
var auditResource = defineResource("audit", {
  list: implement(CONTRACT2.audit.list, {
    allow: mayReadAudit,
    async handler({ app, caller, input, form }) {
      const { rows, total } = await app.repos.audit.list(
        input,
        filtersOf(form),
        rangeOf(input),
        auditScopeOf(caller)
      );
      return { data: listAnswer(input, rows, total) };
    }
  }),
  export: implement(CONTRACT2.audit.export, {
    allow: mayReadAudit,
    handler: async ({ app, caller, input, form, reply }) => sendCsv(
      reply,
      "audit-log.csv",
      exportColumns(input.columns, AUDIT_FIELDS),
      app.repos.audit.exportRows(input, filtersOf(form), rangeOf(input), auditScopeOf(caller))
    )
  })
});

// src/routes/api/class.ts
import { CONTRACT as CONTRACT3, ROLE_IDS as ROLE_IDS8, decodeClassId, encodeClassId as encodeClassId2 } from "@lms/core";

// src/lib/bulk-targets.ts
import { MAX_ID } from "@lms/core";
import { bulkInput } from "@lms/core";
var MAX_BULK_IDS = 1e3;
function parseIds(raw) {
  let value;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalidField("ids", "validation.invalidValue");
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BULK_IDS) {
    throw invalidField("ids", "validation.invalidValue");
  }
  const ids = value.map((v) => typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v);
  if (!ids.every((id) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID)) {
    throw invalidField("ids", "validation.invalidValue");
  }
  return [...new Set(ids)];
}
function bulkTargets(form, id) {
  const rawIds = fieldValue(form.entries, "ids");
  const rawAll = fieldValue(form.entries, "allMatching");
  const hasIds = rawIds !== void 0 && rawIds.trim() !== "";
  let all2 = false;
  if (rawAll !== void 0 && rawAll !== "") {
    if (rawAll === "1" || rawAll === "true") all2 = true;
    else if (rawAll !== "0" && rawAll !== "false") {
      throw invalidField("allMatching", "validation.invalidValue");
    }
  }
  const given = [id !== void 0, hasIds, all2].filter(Boolean).length;
  if (given === 0) throw invalidField("id", "validation.required");
  if (given > 1) throw invalidField(hasIds ? "ids" : "allMatching", "validation.invalidValue");
  if (all2) return { allMatching: true };
  if (hasIds) return { ids: parseIds(rawIds), field: "ids" };
  return { ids: [id], field: "id" };
}
var targetsField = (targets) => "allMatching" in targets ? "allMatching" : targets.field;

// src/routes/api/class.ts
var CLASS_EXPORT_COLUMNS = [
  "id",
  "schoolId",
  "schoolName",
  "grade",
  "section",
  "schoolYear",
  "students",
  "teachers",
  "averageCompletion"
];
var spec = CONTRACT3.class;
function classScopeOf(caller) {
  if (caller.roleId === ROLE_IDS8.teacher && can(caller, "courses", "view")) {
    return { schoolId: caller.schoolId, teacherId: caller.userId };
  }
  if (can(caller, "users", "view")) return { schoolId: caller.schoolId, teacherId: null };
  return null;
}
var mayReadClasses = (caller) => classScopeOf(caller) !== null;
async function listRequest(app, caller, input, form) {
  if (input.courseId !== void 0 && !await app.repos.courses.find(input.courseId, viewerOf(caller))) {
    throw notFound();
  }
  return {
    input,
    filters: filtersOf(form),
    options: { schoolId: input.schoolId, courseId: input.courseId }
  };
}
async function classInScope(app, id, scope) {
  const key = decodeClassId(id);
  const record = key ? await app.repos.classes.find(key, scope) : void 0;
  if (!record) throw notFound();
  return record;
}
var classResource = defineResource("class", {
  list: implement(spec.list, {
    allow: mayReadClasses,
    async handler({ app, caller, input: request, form }) {
      const scope = classScopeOf(caller);
      const { input, filters, options } = await listRequest(app, caller, request, form);
      const { rows, total } = await app.repos.classes.list(input, filters, options, scope);
      return { data: listAnswer(input, rows, total) };
    }
  }),
  export: implement(spec.export, {
    allow: mayReadClasses,
    async handler({ app, caller, input: request, form, reply }) {
      const scope = classScopeOf(caller);
      const { input, filters, options } = await listRequest(app, caller, request, form);
      return sendCsv(
        reply,
        "classes.csv",
        exportColumns(input.columns, CLASS_EXPORT_COLUMNS),
        app.repos.classes.exportRows(input, filters, options, scope)
      );
    }
  }),
  get: implement(spec.get, {
    allow: mayReadClasses,
    async handler({ app, caller, input }) {
      const scope = classScopeOf(caller);
      const record = await classInScope(app, input.id, scope);
      const [studentList, teacherList, courseList] = await Promise.all([
        app.repos.classes.students(record),
        app.repos.classes.teachers(record, scope),
        app.repos.classes.courses(record)
      ]);
      return { data: { ...record, studentList, teacherList, courseList } };
    }
  }),
  /**
   * Moves students of a class to another section of the same grade and school year, in one
   * transaction: every id must be a student of the class (else 404, nothing moves) within the
   * caller's reach (services/user-authority, else 403).
   */
  move: implement(spec.move, {
    target: { byHandler: "students" },
    allow: mayReadClasses,
    async handler({ app, caller, input, form }) {
      const scope = classScopeOf(caller);
      const rawIds = fieldValue(form.entries, "ids");
      if (rawIds === void 0 || rawIds.trim() === "") {
        throw invalidField("ids", "validation.required");
      }
      const ids = parseIds(rawIds);
      const record = await classInScope(app, input.id, scope);
      if (input.section.toLowerCase() === record.section.toLowerCase()) {
        throw invalidField("section", "validation.invalidValue");
      }
      const count10 = await app.repos.transaction(async (tx) => {
        const found = await app.repos.classes.studentIdsIn(tx, record, ids);
        if (found.length !== ids.length) throw notFound();
        const students = await app.repos.users.findManyInScope(found, scopeOf(caller), tx);
        if (students.length !== ids.length) throw notFound();
        await assertUsersInReach(app, caller, students, tx);
        await app.repos.classes.moveStudents(tx, ids, input.section, by(caller));
        return ids.length;
      });
      return {
        message: "classes.moveDone",
        data: {
          count: count10,
          from: record.id,
          to: encodeClassId2({
            schoolId: record.schoolId,
            schoolYearFrom: record.schoolYearFrom,
            grade: record.grade,
            section: input.section
          })
        }
      };
    }
  })
});

// src/routes/api/config.ts
import { CONTRACT as CONTRACT4, LANGUAGES } from "@lms/core";
var configResource = defineResource("config", {
  get: implement(CONTRACT4.config.get, {
    async handler({ app }) {
      return {
        data: {
          classServiceUrl: app.config.classServiceUrl ?? "/webservice",
          languages: LANGUAGES
        }
      };
    }
  })
});

// src/services/recycle-bin-commands.ts
function recycleBinCommands(resource, specs, options = {}) {
  const byCourse = options.byCourse ?? false;
  return {
    trash: implement(specs.trash, {
      async handler({ app, caller, input, form }) {
        const { rows, total } = await listTrash(
          app,
          caller,
          resource,
          input,
          filtersOf(form),
          byCourse ? input.courseId : void 0
        );
        return { data: listAnswer(input, rows, total) };
      }
    }),
    restore: implement(specs.restore, {
      async handler({ app, caller, input }) {
        const recordId = await restoreFromBin(app, caller, resource, input.id);
        return { message: "trash.restored", data: { recordId } };
      }
    }),
    purge: implement(specs.purge, {
      async handler({ app, caller, input }) {
        await purgeFromBin(app, caller, resource, input.id);
        return { message: "trash.purged" };
      }
    })
  };
}

// src/routes/api/course.ts
import { CONTRACT as CONTRACT5, ROLE_IDS as ROLE_IDS9 } from "@lms/core";
init_storage();

// src/lib/uploads.ts
import { createReadStream as createReadStream2 } from "node:fs";
import { IMAGE_LIMITS, sniffImageType } from "@lms/core";
async function checkImage(file, field) {
  if (file.size > IMAGE_LIMITS.maxBytes) throw invalidField(field, "validation.imageSize");
  const data = await readUpload(file);
  const type = sniffImageType(data);
  if (!type) throw invalidField(field, "validation.imageType");
  return { contentType: type, extension: type === "image/png" ? "png" : "jpg", data };
}
var IMAGE_PART_BYTES = IMAGE_LIMITS.maxBytes * 2;
var startsWith = (data, bytes, offset = 0) => data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);
async function sniffMaterialFile(file) {
  const d = await readUploadHead(file);
  const ext = (file.filename.split(".").pop() ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");
  if (startsWith(d, [37, 80, 68, 70, 45]))
    return { contentType: "application/pdf", extension: "pdf" };
  const image = sniffImageType(d);
  if (image) return { contentType: image, extension: image === "image/png" ? "png" : "jpg" };
  if (startsWith(d, [71, 73, 70, 56]))
    return { contentType: "image/gif", extension: "gif" };
  if (startsWith(d, [82, 73, 70, 70]) && startsWith(d, [87, 69, 66, 80], 8))
    return { contentType: "image/webp", extension: "webp" };
  if (startsWith(d, [82, 73, 70, 70]) && startsWith(d, [87, 65, 86, 69], 8))
    return { contentType: "audio/wav", extension: "wav" };
  if (startsWith(d, [102, 116, 121, 112], 4))
    return { contentType: "video/mp4", extension: "mp4" };
  if (startsWith(d, [26, 69, 223, 163]))
    return { contentType: "video/webm", extension: "webm" };
  if (startsWith(d, [73, 68, 51]) || startsWith(d, [255, 251]) || startsWith(d, [255, 243]))
    return { contentType: "audio/mpeg", extension: "mp3" };
  if (startsWith(d, [79, 103, 103, 83]))
    return { contentType: "audio/ogg", extension: "ogg" };
  if (startsWith(d, [80, 75, 3, 4])) {
    const office = {
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      odt: "application/vnd.oasis.opendocument.text",
      zip: "application/zip"
    };
    const type = office[ext] ?? "application/zip";
    return { contentType: type, extension: office[ext] ? ext : "zip" };
  }
  if (startsWith(d, [208, 207, 17, 224, 161, 177, 26, 225])) {
    const legacy = {
      doc: "application/msword",
      xls: "application/vnd.ms-excel",
      ppt: "application/vnd.ms-powerpoint"
    };
    return legacy[ext] ? { contentType: legacy[ext], extension: ext } : null;
  }
  if ((ext === "txt" || ext === "csv") && isPlainText(d) && !await hasNul(file)) {
    return {
      contentType: ext === "csv" ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
      extension: ext
    };
  }
  return null;
}
async function hasNul(file) {
  for await (const chunk of createReadStream2(file.path)) {
    if (chunk.includes(0)) return true;
  }
  return false;
}
function isPlainText(data) {
  if (data.includes(0)) return false;
  const head = data.subarray(0, 1024).toString("utf8").trimStart().toLowerCase();
  return !/^(<|\ufeff<)/.test(head) && !head.includes("<script") && !head.includes("<html");
}

// src/routes/api/course.ts
var COURSE_FIELDS = [
  "id",
  "courseName",
  "courseCode",
  "gradeLevel",
  "subject",
  "section",
  "description",
  "published",
  "schoolId",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy"
];
async function checkCourseWrite(app, caller, values2) {
  let schoolId = values2.schoolId ?? null;
  if (caller.schoolId !== null) {
    if (schoolId !== null && schoolId !== caller.schoolId) throw forbidden();
    schoolId = caller.schoolId;
  }
  if (schoolId !== null && !await app.repos.schools.findById(schoolId)) {
    throw invalidField("schoolId", "validation.invalidValue");
  }
  if (caller.roleId === ROLE_IDS9.teacher) {
    const loads = await app.repos.users.loadsOf(caller.userId);
    const matches = loads.some(
      (l) => l.grade === values2.gradeLevel && l.subject.toLowerCase() === values2.subject.toLowerCase() && (values2.section === "" || l.section.toLowerCase() === values2.section.toLowerCase())
    );
    if (!matches) throw forbidden();
  }
  return {
    courseName: values2.courseName,
    courseCode: values2.courseCode,
    gradeLevel: values2.gradeLevel,
    subject: values2.subject,
    section: values2.section,
    description: values2.description,
    published: values2.published,
    schoolId
  };
}
async function storeImage(app, file) {
  if (!file || file.size === 0) return void 0;
  const checked = await checkImage(file, "image");
  const key = newStorageKey("courses", checked.extension);
  await app.storage.put(key, checked.data);
  return key;
}
var spec2 = CONTRACT5.course;
var FILTER_EXTRAS = ["schoolId", "gradeLevel"];
var courseResource = defineResource("course", {
  list: implement(spec2.list, {
    async handler({ app, caller, input, form }) {
      const { rows, total } = await app.repos.courses.list(
        input,
        filtersOf(form, FILTER_EXTRAS),
        viewerOf(caller)
      );
      return { data: listAnswer(input, rows, total) };
    }
  }),
  export: implement(spec2.export, {
    handler: async ({ app, caller, input, form, reply }) => sendCsv(
      reply,
      "courses.csv",
      exportColumns(input.columns, COURSE_FIELDS),
      app.repos.courses.exportRows(input, filtersOf(form, FILTER_EXTRAS), viewerOf(caller))
    )
  }),
  get: implement(spec2.get, {
    async handler({ app, caller, input }) {
      await assertCourseNotDeleting(app, input.id);
      const course = await app.repos.courses.find(input.id, viewerOf(caller));
      if (!course) throw notFound();
      return { data: toCourseRecord(course) };
    }
  }),
  create: implement(spec2.create, {
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const values2 = await checkCourseWrite(app, caller, input);
      const image = await storeImage(app, file("image"));
      try {
        const id = await app.repos.transaction(async (tx) => {
          if (await app.repos.courses.codeTaken(tx, values2.courseCode, values2.schoolId)) {
            throw conflict("errors.courseCreateConflict", "courseCode");
          }
          const newId = await app.repos.courses.create(tx, values2, by(caller));
          if (image) await app.repos.courses.setImage(tx, newId, image, by(caller));
          return newId;
        });
        return {
          message: "courses.created",
          data: toCourseRecord(await app.repos.courses.find(id, null))
        };
      } catch (error) {
        if (image) await app.storage.remove([image]);
        if (isUniqueViolation(error)) throw conflict("errors.courseCreateConflict", "courseCode");
        throw error;
      }
    }
  }),
  update: implement(spec2.update, {
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const existing = await modifiableCourse(app, caller, input.id);
      const values2 = await checkCourseWrite(app, caller, input);
      const image = await storeImage(app, file("image"));
      try {
        await app.repos.transaction(async (tx) => {
          if (await app.repos.courses.codeTaken(tx, values2.courseCode, values2.schoolId, input.id)) {
            throw conflict("errors.courseUpdateConflict", "courseCode");
          }
          await app.repos.courses.update(tx, input.id, values2, by(caller));
          if (image) await app.repos.courses.setImage(tx, input.id, image, by(caller));
        });
      } catch (error) {
        if (image) await app.storage.remove([image]);
        if (isUniqueViolation(error)) throw conflict("errors.courseUpdateConflict", "courseCode");
        throw error;
      }
      if (image && existing.image) await app.storage.remove([existing.image]);
      return {
        message: "courses.updated",
        data: toCourseRecord(await app.repos.courses.find(input.id, null))
      };
    }
  }),
  impact: implement(spec2.impact, {
    async handler({ app, caller, input }) {
      const course = await modifiableCourse(app, caller, input.id);
      return { data: await deletionImpact(app, courseBinRecord(course)) };
    }
  }),
  /**
   * To the recycle bin with its elements, materials, progress and attempts (issue 13); a large
   * course by a job (202), during which commands on it answer 409.
   */
  delete: implement(spec2.delete, {
    async handler({ app, caller, input }) {
      const course = await modifiableCourse(app, caller, input.id);
      const record = courseBinRecord(course);
      const impact = await confirmDeletion(app, record, input.confirmCode);
      if (deletesAsJob(app, impact)) {
        if (!await app.repos.courseDeletions.markCourseDeletion(course.id, by(caller))) {
          throw new ApiError(409, "errors.courseDeletionInProgress");
        }
        app.recycleBin.deleteCourse(course.id);
        return { status: 202, message: "courses.deletionStarted" };
      }
      const binId = await app.repos.transaction(async (tx) => {
        if (!await app.repos.courses.find(course.id, null, "view", tx)) throw notFound();
        return moveToBin(
          app,
          tx,
          record,
          by(caller),
          () => app.repos.courses.delete(tx, course.id)
        );
      });
      return { message: "courses.deleted", data: { binIds: [binId] } };
    }
  }),
  ...recycleBinCommands("course", spec2),
  publish: implement(spec2.publish, {
    async handler({ app, caller, input }) {
      await modifiableCourse(app, caller, input.id);
      await app.repos.transaction(
        (tx) => app.repos.courses.update(tx, input.id, { published: true }, by(caller))
      );
      return { message: "courses.published" };
    }
  }),
  unpublish: implement(spec2.unpublish, {
    async handler({ app, caller, input }) {
      await modifiableCourse(app, caller, input.id);
      await app.repos.transaction(
        (tx) => app.repos.courses.update(tx, input.id, { published: false }, by(caller))
      );
      return { message: "courses.unpublished" };
    }
  })
});

// src/routes/api/element.ts
import { CONTRACT as CONTRACT6, ROLE_IDS as ROLE_IDS10 } from "@lms/core";
var ELEMENT_FIELDS = [
  "id",
  "courseId",
  "name",
  "type",
  "position",
  "published",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy"
];
var spec3 = CONTRACT6.element;
async function modifiableElement(app, caller, id) {
  const element = await app.repos.elements.findById(id);
  if (!element) throw notFound();
  await modifiableCourse(app, caller, element.courseId);
  return element;
}
async function elementToDelete(app, caller, id) {
  const element = await app.repos.elements.findById(id);
  if (!element) throw notFound();
  const course = await modifiableCourse(app, caller, element.courseId);
  const record = {
    resource: "element",
    id,
    label: element.name,
    code: null,
    schoolId: course.schoolId,
    courseId: course.id,
    roleId: null
  };
  return { element, record };
}
async function setPublished(app, caller, id, published) {
  await modifiableElement(app, caller, id);
  await app.repos.transaction((tx) => app.repos.elements.update(tx, id, { published }, by(caller)));
}
var elementResource = defineResource("element", {
  list: implement(spec3.list, {
    async handler({ app, caller, input, form }) {
      await assertCourseNotDeleting(app, input.courseId);
      const course = await app.repos.courses.find(input.courseId, viewerOf(caller));
      if (!course) throw notFound();
      const studentOnly = caller.roleId === ROLE_IDS10.student;
      const [{ rows, total }, inOrder2] = await Promise.all([
        app.repos.elements.list(course.id, input, filtersOf(form), studentOnly),
        app.repos.materials.inCourseOrder(course.id, studentOnly)
      ]);
      const byElement = /* @__PURE__ */ new Map();
      for (const { material } of inOrder2) {
        const list = byElement.get(material.elementId) ?? [];
        list.push(toMaterialRecord(material));
        byElement.set(material.elementId, list);
      }
      const withMaterials = rows.map((row) => ({ ...row, materials: byElement.get(row.id) ?? [] }));
      return { data: listAnswer(input, withMaterials, total) };
    }
  }),
  export: implement(spec3.export, {
    async handler({ app, caller, input, form, reply }) {
      await assertCourseNotDeleting(app, input.courseId);
      const course = await app.repos.courses.find(input.courseId, viewerOf(caller));
      if (!course) throw notFound();
      return sendCsv(
        reply,
        "course-elements.csv",
        exportColumns(input.columns, ELEMENT_FIELDS),
        app.repos.elements.exportRows(
          course.id,
          input,
          filtersOf(form),
          caller.roleId === ROLE_IDS10.student
        )
      );
    }
  }),
  create: implement(spec3.create, {
    async handler({ app, caller, input }) {
      await modifiableCourse(app, caller, input.courseId);
      try {
        const id = await app.repos.transaction(async (tx) => {
          await app.repos.courses.lock(tx, input.courseId);
          let relative;
          if (input.placement === "before" || input.placement === "after") {
            relative = await app.repos.elements.findById(input.relativeTo, tx);
            if (!relative || relative.courseId !== input.courseId) {
              throw invalidField("relativeTo", "validation.invalidValue");
            }
          }
          return app.repos.elements.insertAt(
            tx,
            {
              courseId: input.courseId,
              name: input.name,
              type: input.type,
              published: input.published
            },
            input.placement,
            relative,
            by(caller)
          );
        });
        return {
          message: "elements.created",
          data: toElementRecord(await app.repos.elements.findById(id))
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.elementCreateConflict");
        throw error;
      }
    }
  }),
  update: implement(spec3.update, {
    async handler({ app, caller, input }) {
      await modifiableElement(app, caller, input.id);
      try {
        await app.repos.transaction(
          (tx) => app.repos.elements.update(
            tx,
            input.id,
            { name: input.name, type: input.type },
            by(caller)
          )
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.elementUpdateConflict");
        throw error;
      }
      return {
        message: "elements.updated",
        data: toElementRecord(await app.repos.elements.findById(input.id))
      };
    }
  }),
  impact: implement(spec3.impact, {
    async handler({ app, caller, input }) {
      const { record } = await elementToDelete(app, caller, input.id);
      return { data: await deletionImpact(app, record) };
    }
  }),
  /** To the recycle bin with its materials and their progress (issue 13). */
  delete: implement(spec3.delete, {
    async handler({ app, caller, input }) {
      const { element, record } = await elementToDelete(app, caller, input.id);
      const binId = await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, element.courseId);
        const current = await app.repos.elements.findById(input.id, tx);
        if (!current) throw notFound();
        return moveToBin(app, tx, record, by(caller), () => app.repos.elements.delete(tx, current));
      });
      return { message: "elements.deleted", data: { binIds: [binId] } };
    }
  }),
  ...recycleBinCommands("element", spec3, { byCourse: true }),
  publish: implement(spec3.publish, {
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, true);
      return { message: "elements.published" };
    }
  }),
  unpublish: implement(spec3.unpublish, {
    async handler({ app, caller, input }) {
      await setPublished(app, caller, input.id, false);
      return { message: "elements.unpublished" };
    }
  }),
  /**
   * SPEC.md §7 swap: exchanges the positions of two elements of one course. The positions the
   * client sent are informational; the database's own are swapped under the course's lock, so
   * concurrent swaps keep positions unique and gap-free.
   */
  swap: implement(spec3.swap, {
    async handler({ app, caller, input }) {
      const from = await modifiableElement(app, caller, input.swap_from.id);
      const to = await app.repos.elements.findById(input.swap_to.id);
      if (!to) throw notFound();
      if (to.courseId !== from.courseId) throw invalidField("swap_to", "validation.invalidValue");
      await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, from.courseId);
        const a = await app.repos.elements.findById(from.id, tx);
        const b = await app.repos.elements.findById(to.id, tx);
        if (!a || !b) throw notFound();
        await app.repos.elements.swap(tx, a, b, by(caller));
      });
      return { message: "elements.moved" };
    }
  })
});

// src/routes/api/journey.ts
import {
  CONTRACT as CONTRACT7
} from "@lms/core";

// src/lib/quiz.ts
import { createHash as createHash3 } from "node:crypto";
var WIRE_TYPES = {
  single: "single",
  multiple: "multiple",
  trueFalse: "truefalse",
  shortAnswer: "short"
};
function choicesOf(q) {
  if (q.type === "trueFalse") {
    return [
      { id: "true", text: "true" },
      { id: "false", text: "false" }
    ];
  }
  if (q.type === "shortAnswer") return [];
  return q.choices.map((c, i) => ({ id: c.id ?? String(i + 1), text: c.text }));
}
function questionView(q) {
  return {
    id: String(q.id),
    type: WIRE_TYPES[q.type] ?? q.type,
    text: q.prompt,
    points: q.points,
    choices: choicesOf(q)
  };
}
function seededShuffle(items, seed) {
  const keyed = items.map((item, index7) => ({
    item,
    key: createHash3("sha256").update(`${seed}:${index7}`).digest("hex")
  }));
  return keyed.sort((a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0).map((k2) => k2.item);
}
function correctOf(q) {
  if (q.type === "single" || q.type === "multiple") {
    return q.choices.map((c, i) => ({ id: c.id ?? String(i + 1), correct: c.correct })).filter((c) => c.correct).map((c) => c.id);
  }
  return q.answers;
}
var normalise = (value) => String(value).trim().toLowerCase();
function gradeQuiz(rows, answers) {
  const totalPoints = rows.reduce((sum, q) => sum + q.points, 0);
  let earned = 0;
  const review = rows.map((q) => {
    const raw = answers[String(q.id)];
    const given = (Array.isArray(raw) ? raw : raw === void 0 || raw === "" ? [] : [raw]).map(
      (v) => String(v).trim()
    );
    const correct = correctOf(q);
    const wanted = correct.map(normalise).sort();
    let right;
    if (q.type === "single" || q.type === "multiple") {
      const chosen = [...new Set(given.map(normalise))].sort();
      right = wanted.length > 0 && JSON.stringify(chosen) === JSON.stringify(wanted);
    } else {
      right = given.length === 1 && wanted.includes(normalise(given[0]));
    }
    if (right) earned += q.points;
    return { questionId: String(q.id), right, given, correct };
  });
  return {
    score: totalPoints === 0 ? 100 : Math.round(earned / totalPoints * 100),
    review
  };
}

// src/services/journey-quiz.ts
var QUIZ_GRACE_SECONDS = 30;
async function quizOf(app, materialId) {
  const quiz = await app.repos.quizzes.quiz(materialId);
  const settings = {
    attemptsAllowed: quiz.settings?.attemptsAllowed ?? 0,
    timeLimitMinutes: quiz.settings?.timeLimitMinutes ?? 0,
    passingGrade: quiz.settings?.passingGrade ?? 75,
    shuffle: quiz.settings?.shuffle ?? false,
    showCorrectAnswers: quiz.settings?.showCorrectAnswers ?? true
  };
  return { settings, questions: quiz.questions };
}
var deadlineFrom = (start, minutes) => minutes > 0 ? new Date(start.getTime() + minutes * 6e4) : null;
async function openQuiz(app, caller, material, learner, newAttempt = false) {
  const { settings, questions: questions2 } = await quizOf(app, material.id);
  let attempt;
  let result = null;
  if (learner) {
    const used = await app.repos.quizzes.attemptsOf(material.id, caller.userId);
    let start = await app.repos.quizzes.quizStart(caller.userId, material.id);
    const hasAttemptLeft = settings.attemptsAllowed === 0 || used < settings.attemptsAllowed;
    const last2 = used > 0 ? await app.repos.quizzes.lastAttempt(material.id, caller.userId) : null;
    const retake = !last2?.passed || newAttempt;
    if ((!start || start.number <= used) && hasAttemptLeft && retake) {
      const now = /* @__PURE__ */ new Date();
      start = await app.repos.quizzes.startQuiz(
        {
          userId: caller.userId,
          materialId: material.id,
          number: used + 1,
          startedAt: now,
          deadline: deadlineFrom(now, settings.timeLimitMinutes)
        },
        by(caller)
      );
    }
    const current = start && start.number > used ? start : null;
    if (!current && last2) {
      result = {
        score: last2.score,
        passed: last2.passed,
        attemptsUsed: used,
        attemptsAllowed: settings.attemptsAllowed,
        review: settings.showCorrectAnswers ? gradeQuiz(questions2, last2.answers ?? {}).review : null,
        canStartNew: hasAttemptLeft
      };
    }
    attempt = {
      number: current?.number ?? used,
      startedAt: current?.startedAt.toISOString() ?? null,
      deadline: current?.deadline?.toISOString() ?? null,
      attemptsUsed: used,
      attemptsAllowed: settings.attemptsAllowed
    };
  } else {
    const now = /* @__PURE__ */ new Date();
    attempt = {
      number: 1,
      startedAt: now.toISOString(),
      deadline: deadlineFrom(now, settings.timeLimitMinutes)?.toISOString() ?? null,
      attemptsUsed: 0,
      attemptsAllowed: settings.attemptsAllowed
    };
  }
  const ordered = settings.shuffle ? seededShuffle(questions2, `${caller.userId}:${material.id}:${attempt.number}`) : questions2;
  return { quiz: { settings, questions: ordered.map(questionView) }, attempt, result };
}
async function submitQuiz(app, caller, material, learner, answers) {
  const { settings, questions: questions2 } = await quizOf(app, material.id);
  const graded = gradeQuiz(questions2, answers);
  const passed2 = graded.score >= settings.passingGrade;
  let used = 0;
  if (learner) {
    for (let tries = 0; ; tries++) {
      used = await app.repos.quizzes.attemptsOf(material.id, caller.userId);
      if (settings.attemptsAllowed > 0 && used >= settings.attemptsAllowed) {
        throw new ApiError(409, "quiz.noAttemptsLeft");
      }
      const start = await app.repos.quizzes.quizStart(caller.userId, material.id);
      const current = start && start.number > used ? start : null;
      const deadline = current?.deadline ?? (!current && settings.timeLimitMinutes > 0 ? start ? deadlineFrom(start.startedAt, settings.timeLimitMinutes) : /* @__PURE__ */ new Date(0) : null);
      const late = deadline !== null && Date.now() > deadline.getTime() + QUIZ_GRACE_SECONDS * 1e3;
      try {
        await app.repos.transaction(async (tx) => {
          await app.repos.quizzes.addAttempt(
            tx,
            {
              materialId: material.id,
              userId: caller.userId,
              number: used + 1,
              score: late ? 0 : graded.score,
              passed: late ? false : passed2,
              answers
            },
            by(caller)
          );
          if (passed2 && !late) {
            await app.repos.progress.recordComplete(tx, caller.userId, material, by(caller));
          }
        });
      } catch (error) {
        if (isUniqueViolation(error) && tries < 10) continue;
        throw error;
      }
      used += 1;
      if (late) {
        throw new ApiError(409, "quiz.timeUp", {
          data: { attemptsUsed: used, attemptsAllowed: settings.attemptsAllowed }
        });
      }
      break;
    }
  }
  return {
    score: graded.score,
    passed: passed2,
    attemptsUsed: used,
    attemptsAllowed: settings.attemptsAllowed,
    review: settings.showCorrectAnswers ? graded.review : null
  };
}

// src/lib/scorm-rollup.ts
function scoKey(manifest, sco) {
  return manifest.scos.length > 1 ? sco.id : "";
}
var isMultiSco = (manifest) => manifest.scos.length > 1;
function scoState(manifest, cmi) {
  if (!cmi) return "notStarted";
  return isScormComplete(manifest.version, cmi) ? "complete" : "inProgress";
}
function scoSuccess(manifest, cmi) {
  const status = cmi?.[manifest.version === "1.2" ? "cmi.core.lesson_status" : "cmi.success_status"];
  return status === "passed" || status === "failed" ? status : null;
}
var numberOf2 = (value) => value !== void 0 && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null;
var average = (values2) => values2.length ? values2.reduce((sum, value) => sum + value, 0) / values2.length : null;
function rollUp(manifest, data) {
  const { version, scos, rollup } = manifest;
  const cmiOf = (sco) => data.get(sco.id);
  const completing = scos.filter((s) => s.rollsUpCompletion);
  const succeeding = scos.filter(
    (s) => s.rollsUpSuccess && (s.runtime.masteryScore !== null || s.runtime.objectives.some((o) => o.primary && o.satisfiedByMeasure) || scoSuccess(manifest, cmiOf(s)) !== null)
  );
  const done = (s) => scoState(manifest, cmiOf(s)) === "complete";
  const complete = completing.length === 0 ? scos.every(done) : rollup.completion === "any" ? completing.some(done) : completing.every(done);
  const successes = succeeding.map((s) => scoSuccess(manifest, cmiOf(s)));
  const passed2 = successes.length > 0 && (rollup.success === "any" ? successes.includes("passed") : successes.every((s) => s === "passed"));
  const failed = !passed2 && successes.includes("failed");
  const started = scos.some((s) => cmiOf(s) !== void 0);
  if (version === "1.2") {
    const score = average(
      scos.map((s) => numberOf2(cmiOf(s)?.["cmi.core.score.raw"])).filter((n) => n !== null)
    );
    const status = !complete ? started ? "incomplete" : "not attempted" : passed2 ? "passed" : failed ? "failed" : "completed";
    return {
      cmi: {
        "cmi.core.lesson_status": status,
        ...score === null ? {} : { "cmi.core.score.raw": String(Math.round(score * 100) / 100) }
      },
      complete
    };
  }
  const scaled = average(
    scos.filter((s) => s.rollsUpSuccess).map((s) => numberOf2(cmiOf(s)?.["cmi.score.scaled"])).filter((n) => n !== null)
  );
  return {
    cmi: {
      "cmi.completion_status": complete ? "completed" : started ? "incomplete" : "not attempted",
      "cmi.success_status": passed2 ? "passed" : failed ? "failed" : "unknown",
      ...scaled === null ? {} : { "cmi.score.scaled": String(Math.round(scaled * 1e4) / 1e4) }
    },
    complete
  };
}

// src/services/content-capabilities.ts
function contentUrl(app, caller, materialId, path4) {
  const capability = app.contentCapabilities.mint(caller, materialId);
  return `${app.config.contentUrl}/content/${capability}/${materialId}/${path4}`;
}
var encodedPath = (path4) => path4.split("/").map(encodeURIComponent).join("/");

// src/services/scorm-attempts.ts
import { ROLE_IDS as ROLE_IDS11, scormSettingsSchema } from "@lms/core";
function scormSettingsOf(material) {
  const parsed = scormSettingsSchema.safeParse(material.scormSettings ?? {});
  return parsed.success ? parsed.data : scormSettingsSchema.parse({});
}
var number = (value) => value !== void 0 && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
function attemptScore2(cmi) {
  const scaled = number(cmi["cmi.score.scaled"]);
  const raw = number(cmi["cmi.score.raw"]) ?? number(cmi["cmi.core.score.raw"]);
  const score = scaled !== null ? scaled * 100 : raw;
  return score === null ? null : Math.round(score);
}
function passed(version, cmi) {
  return version === "1.2" ? cmi["cmi.core.lesson_status"] === "passed" : cmi["cmi.success_status"] === "passed";
}
function isAttemptFinished(version, cmi) {
  if (version === "1.2")
    return ["completed", "passed", "failed"].includes(cmi["cmi.core.lesson_status"] ?? "");
  return cmi["cmi.completion_status"] === "completed" || ["passed", "failed"].includes(cmi["cmi.success_status"] ?? "");
}
function meetsCompletion(version, settings, cmi) {
  if (!isScormComplete(version, cmi)) return false;
  if (settings.completion === "passed") return passed(version, cmi);
  if (settings.completion === "score") {
    const score = attemptScore2(cmi);
    return score !== null && score >= settings.minScore;
  }
  return true;
}
function chooseAttempt(settings, latest, newAttempt) {
  const allowed = settings.attemptsAllowed;
  const left = (attempt) => allowed === 0 ? null : Math.max(0, allowed - attempt);
  if (!latest)
    return { attempt: 1, fresh: true, review: false, attemptsLeft: left(1), canStartNew: false };
  if (!latest.finished) {
    if (newAttempt) throw new ApiError(409, "scorm.attemptNotFinished");
    return {
      attempt: latest.attempt,
      fresh: false,
      review: false,
      attemptsLeft: left(latest.attempt),
      canStartNew: false
    };
  }
  const hasLeft = allowed === 0 || latest.attempt < allowed;
  if (hasLeft && (newAttempt || settings.newAttempt === "auto")) {
    const attempt = latest.attempt + 1;
    return { attempt, fresh: true, review: false, attemptsLeft: left(attempt), canStartNew: false };
  }
  if (newAttempt) throw new ApiError(409, "scorm.noAttemptsLeft");
  return {
    attempt: latest.attempt,
    fresh: false,
    review: true,
    attemptsLeft: left(latest.attempt),
    canStartNew: hasLeft
  };
}
function commitAllowed(settings, latest, attempt, session) {
  const current = latest?.attempt ?? 0;
  if (attempt < current) return false;
  if (attempt > current + 1) throw invalidField("attempt", "validation.invalidValue");
  if (attempt === current + 1) {
    if (latest && !latest.finished) throw new ApiError(409, "scorm.attemptNotFinished");
    if (settings.attemptsAllowed > 0 && attempt > settings.attemptsAllowed)
      throw new ApiError(409, "scorm.noAttemptsLeft");
    return true;
  }
  return !(latest.finished && session !== void 0 && session !== latest.session);
}
async function scormStudentTarget(app, caller, materialId, userId2) {
  if (caller.roleId === ROLE_IDS11.student || caller.roleId === ROLE_IDS11.parent) throw forbidden();
  const material = await app.repos.materials.findById(materialId);
  if (!material) throw notFound();
  if (material.type !== "scorm") throw invalidField("id", "validation.invalidValue");
  await assertCourseNotDeleting(app, material.courseId);
  const course = await app.repos.courses.find(material.courseId, {
    userId: caller.userId,
    roleId: caller.roleId,
    schoolId: caller.schoolId,
    grade: caller.grade,
    section: caller.section
  });
  if (!course) throw notFound();
  const scope = {
    schoolId: caller.schoolId,
    teacherId: caller.roleId === ROLE_IDS11.teacher ? caller.userId : null
  };
  if (!await app.repos.progress.hasStudent(course, scope, userId2)) throw notFound();
  const student = await app.repos.users.findById(userId2);
  if (!student) throw notFound();
  return { material, course, student };
}

// src/services/material-packages.ts
init_storage();

// src/lib/zip.ts
import { open as open2 } from "node:fs/promises";
import { Readable as Readable2 } from "node:stream";
import { createInflateRaw, crc32 as zlibCrc32, inflateRawSync } from "node:zlib";
import { zipSync } from "fflate";
var DEFAULT_ZIP_LIMITS = {
  maxEntries: 5e3,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 100
};
var RATIO_FREE_ENTRY = 64 * 1024;
var RATIO_FREE_TOTAL = 10 * 1024 * 1024;
async function fileSource(file) {
  const handle = await open2(file, "r");
  const { size } = await handle.stat();
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close()
  };
}
var ZipError = class extends Error {
};
async function listZip(source, limits = DEFAULT_ZIP_LIMITS) {
  const tailStart = Math.max(0, source.size - 22 - 65535);
  const tail = await source.read(tailStart, source.size - tailStart);
  const eocd = findEndOfCentralDirectory(tail);
  const count10 = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (count10 === 65535 || directoryOffset === 4294967295) throw new ZipError("zip64 unsupported");
  if (count10 > limits.maxEntries) throw new ZipError("too many entries");
  if (directoryOffset + directorySize > source.size) throw new ZipError("bad central directory");
  const directory = await source.read(directoryOffset, directorySize);
  const maxTotal = Math.min(
    limits.maxTotalBytes,
    Math.max(RATIO_FREE_TOTAL, source.size * limits.maxRatio)
  );
  const items = [];
  let offset = 0;
  let total = 0;
  for (let i = 0; i < count10; i++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== 33639248) {
      throw new ZipError("bad central directory");
    }
    const flags = directory.readUInt16LE(offset + 8);
    const method = directory.readUInt16LE(offset + 10);
    const compressedSize = directory.readUInt32LE(offset + 20);
    const size = directory.readUInt32LE(offset + 24);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const localOffset = directory.readUInt32LE(offset + 42);
    const rawName = directory.subarray(offset + 46, offset + 46 + nameLength).toString("utf8");
    offset += 46 + nameLength + extraLength + commentLength;
    if (rawName.endsWith("/")) continue;
    if (flags & 1) throw new ZipError("encrypted entries unsupported");
    const name = safeEntryPath(rawName);
    total += size;
    if (total > maxTotal) throw new ZipError("archive expands too far");
    if (size > RATIO_FREE_ENTRY && size > Math.max(compressedSize, 1) * limits.maxRatio) {
      throw new ZipError("entry compressed too far");
    }
    if (method !== 0 && method !== 8)
      throw new ZipError(`compression method ${method} unsupported`);
    if (method === 0 && compressedSize !== size) throw new ZipError("size mismatch");
    const local = await source.read(localOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== 67324752) {
      throw new ZipError("bad local header");
    }
    const start = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (start + compressedSize > source.size) throw new ZipError("truncated entry");
    items.push({
      path: name,
      size,
      async read() {
        const compressed = await source.read(start, compressedSize);
        if (compressed.length !== compressedSize) throw new ZipError("truncated entry");
        let data;
        if (method === 0) data = Buffer.from(compressed);
        else {
          try {
            data = inflateRawSync(compressed, { maxOutputLength: Math.max(size, 1) });
          } catch {
            throw new ZipError("entry expands past its declared size or is corrupt");
          }
        }
        if (data.length !== size) throw new ZipError("size mismatch");
        return data;
      },
      stream() {
        return Readable2.from(inflatePieces(source, start, compressedSize, size, method === 0), {
          objectMode: false
        });
      }
    });
  }
  return items;
}
var PIECE_BYTES = 64 * 1024;
async function* inflatePieces(source, start, compressedSize, size, stored) {
  const inflate = stored ? null : createInflateRaw();
  let produced = 0;
  const check2 = (piece) => {
    produced += piece.length;
    if (produced > size) throw new ZipError("entry expands past its declared size or is corrupt");
    return piece;
  };
  const output = [];
  let failure = null;
  inflate?.on("data", (piece) => output.push(piece));
  inflate?.on("error", (error) => failure = error);
  try {
    for (let offset = 0; offset < compressedSize; offset += PIECE_BYTES) {
      const length = Math.min(PIECE_BYTES, compressedSize - offset);
      const compressed = await source.read(start + offset, length);
      if (compressed.length !== length) throw new ZipError("truncated entry");
      if (!inflate) {
        yield check2(Buffer.from(compressed));
        continue;
      }
      await new Promise((resolve) => inflate.write(compressed, () => resolve()));
      if (failure) throw new ZipError("entry expands past its declared size or is corrupt");
      while (output.length > 0) yield check2(output.shift());
    }
    if (inflate) {
      await new Promise((resolve) => {
        inflate.once("end", resolve);
        inflate.once("error", () => resolve());
        inflate.end();
      });
      if (failure) throw new ZipError("entry expands past its declared size or is corrupt");
      while (output.length > 0) yield check2(output.shift());
    }
    if (produced !== size) throw new ZipError("size mismatch");
  } finally {
    inflate?.destroy();
  }
}
function findEndOfCentralDirectory(archive) {
  const earliest = Math.max(0, archive.length - 22 - 65535);
  for (let i = archive.length - 22; i >= earliest; i--) {
    if (archive.readUInt32LE(i) === 101010256) return i;
  }
  throw new ZipError("not a zip archive");
}
function safeEntryPath(name) {
  const parts = name.replace(/\\/g, "/").split("/");
  const clean = [];
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === ".." || part.includes("\0") || /^[a-zA-Z]:$/.test(part)) {
      throw new ZipError(`unsafe entry path: ${name}`);
    }
    clean.push(part);
  }
  if (clean.length === 0 || name.startsWith("/")) throw new ZipError(`unsafe entry path: ${name}`);
  return clean.join("/");
}

// src/services/material-packages.ts
async function storedScorm(app, files) {
  const manifest = files.find((f) => f.path === "imsmanifest.xml");
  const text10 = manifest ? await app.storage.get(manifest.storageKey) : void 0;
  if (!text10) return null;
  try {
    return readManifest(text10.toString("utf8"));
  } catch (error) {
    if (error instanceof ManifestError) return null;
    throw error;
  }
}
async function checkPackage(field, entries) {
  const manifest = entries.find((e) => e.path === "imsmanifest.xml");
  if (!manifest) throw invalidField(field, "materials.invalidPackage");
  const text10 = (await manifest.read()).toString("utf8");
  try {
    const { launch, scos } = readManifest(text10);
    for (const page of [launch, ...scos.map((sco) => sco.launch)]) {
      if (!entries.some((e) => e.path === launchFilePath(page))) {
        throw new ManifestError("materials.scormNoLaunch");
      }
    }
  } catch (error) {
    if (error instanceof ManifestError) throw invalidField(field, error.key);
    throw error;
  }
}
async function storeUpload(app, type, fileOf, required) {
  if (type !== "file" && type !== "scorm") return null;
  const parts = type === "scorm" ? ["package", "file"] : ["file"];
  const field = parts.find((name) => (fileOf(name)?.size ?? 0) > 0) ?? parts[0];
  const file = fileOf(field);
  if (!file || file.size === 0) {
    if (required) throw invalidField(field, "validation.required");
    return null;
  }
  if (type === "file") {
    const checked = await sniffMaterialFile(file);
    if (!checked) throw invalidField("file", "validation.fileType");
    const storageKey = newStorageKey("materials", checked.extension);
    await storeFromDisk(app.storage, storageKey, file.path);
    return {
      size: file.size,
      files: [
        {
          path: displayName(file.filename, `file.${checked.extension}`),
          storageKey,
          contentType: checked.contentType,
          size: file.size
        }
      ]
    };
  }
  const refused = (error) => {
    if (error instanceof ZipError || error instanceof RangeError) {
      return invalidField(field, "materials.invalidPackage");
    }
    return error;
  };
  const source = await fileSource(file.path);
  try {
    return await storePackage(app, field, source, file.size, refused);
  } finally {
    await source.close();
  }
}
var STREAMED_ENTRY_BYTES = 4 * 1024 * 1024;
async function storePackage(app, field, source, size, refused) {
  let entries;
  try {
    entries = await listZip(source, app.config.uploads.zip);
    await checkPackage(field, entries);
  } catch (error) {
    throw refused(error);
  }
  const prefix = newStorageKey("scorm");
  const files = [];
  for (const entry of entries) {
    const storageKey = `${prefix}/${entry.path.split("/").map(
      (p) => encodeURIComponent(p).toLowerCase().replace(/[^a-z0-9._-]/g, "_")
    ).join("/")}`;
    try {
      if (entry.size > STREAMED_ENTRY_BYTES)
        await app.storage.putStream(storageKey, entry.stream());
      else await app.storage.put(storageKey, await entry.read());
    } catch (error) {
      await app.storage.removePrefix(prefix);
      throw refused(error);
    }
    files.push({
      path: entry.path,
      storageKey,
      contentType: scormContentType(entry.path),
      size: entry.size
    });
  }
  return { files, size };
}

// src/services/journey-scorm.ts
var MAX_ELEMENTS = 5e3;
var MAX_ELEMENT_NAME = 255;
var MAX_VALUE = 64e3;
async function scormPackage(app, caller, material) {
  if (material.type !== "scorm") throw invalidField("materialId", "validation.invalidValue");
  const files = await app.repos.materials.filesOf([material.id]);
  const scorm = await storedScorm(app, files);
  if (!scorm) throw notFound();
  return {
    version: scorm.version,
    launchUrl: contentUrl(app, caller, material.id, scorm.launch),
    sco: scorm.sco,
    manifest: scorm
  };
}
function chosenSco(manifest, id) {
  const sco = id === void 0 ? manifest.scos[0] : manifest.scos.find((s) => s.id === id);
  if (!sco) throw invalidField("sco", "validation.invalidValue");
  return sco;
}
function attemptFinished(manifest, cmi) {
  return isMultiSco(manifest) ? isScormComplete(manifest.version, cmi) : isAttemptFinished(manifest.version, cmi);
}
async function tableOfContents(app, userId2, material, manifest, attempt) {
  const rows = attempt === null ? [] : await app.repos.scormAttempts.scormScoAttempts(userId2, material.id, attempt);
  const byId = new Map(rows.map((r) => [r.sco, r]));
  const toc = [];
  const walk = (items, depth) => {
    for (const item of items) {
      const cmi = item.launchable ? byId.get(item.id)?.cmi : void 0;
      toc.push({
        id: item.id,
        title: item.title,
        depth,
        launchable: item.launchable,
        state: scoState(manifest, cmi),
        success: scoSuccess(manifest, cmi)
      });
      walk(item.children, depth + 1);
    }
  };
  walk(manifest.items, 0);
  const exitKey = manifest.version === "1.2" ? "cmi.core.exit" : "cmi.exit";
  const suspended = rows.filter((r) => r.cmi[exitKey] === "suspend").sort((a, b) => (b.updatedAt ?? b.createdAt).getTime() - (a.updatedAt ?? a.createdAt).getTime()).find((r) => manifest.scos.some((s) => s.id === r.sco));
  const resume = suspended?.sco ?? manifest.scos.find((s) => scoState(manifest, byId.get(s.id)?.cmi) !== "complete")?.id ?? manifest.scos[0].id;
  return { toc, resume };
}
async function scormLoad(app, caller, material, learner, options = {}) {
  const { version, manifest, ...single } = await scormPackage(app, caller, material);
  const settings = scormSettingsOf(material);
  const latest = learner ? await app.repos.scormAttempts.scormAttempt(caller.userId, material.id) : void 0;
  const choice = learner ? chooseAttempt(
    settings,
    latest && { attempt: latest.attempt, finished: attemptFinished(manifest, latest.cmi) },
    options.newAttempt ?? false
  ) : null;
  const attempt = {
    version,
    attempt: choice?.attempt ?? 1,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsLeft: choice?.attemptsLeft ?? null,
    review: choice?.review ?? false,
    canStartNew: choice?.canStartNew ?? false
  };
  if (!isMultiSco(manifest)) {
    if (options.sco !== void 0) chosenSco(manifest, options.sco);
    const stored2 = choice?.fresh ? void 0 : latest;
    const loaded2 = runtimeStart(caller, learner, version, single, stored2, choice?.review ?? false);
    return { ...attempt, ...loaded2, sco: null };
  }
  const inAttempt = choice && !choice.fresh ? choice.attempt : null;
  const contents = await tableOfContents(app, caller.userId, material, manifest, inAttempt);
  const target = chosenSco(manifest, options.sco ?? contents.resume);
  const key = scoKey(manifest, target);
  let toc = contents.toc;
  if (target.kind === "asset" && choice && !choice.review) {
    await scormCommit(app, caller, material, { "cmi.completion_status": "completed" }, void 0, {
      attempt: choice.attempt,
      sco: target.id
    });
    toc = (await tableOfContents(app, caller.userId, material, manifest, choice.attempt)).toc;
  }
  const stored = inAttempt === null ? void 0 : await app.repos.scormAttempts.scormAttempt(caller.userId, material.id, key, inAttempt);
  const loaded = runtimeStart(
    caller,
    learner,
    version,
    { launchUrl: contentUrl(app, caller, material.id, target.launch), sco: target.runtime },
    stored,
    choice?.review ?? false
  );
  return { ...attempt, ...loaded, sco: target.id, toc };
}
function runtimeStart(caller, learner, version, target, stored, review) {
  const cmi = initialCmi(
    version,
    stored,
    {
      id: caller.userName,
      name: `${caller.lastName}, ${caller.firstName}`,
      credit: learner && !review
    },
    target.sco
  );
  if (review) {
    if (version === "1.2") cmi["cmi.core.lesson_mode"] = "review";
    else cmi["cmi.mode"] = "review";
  }
  const session = Math.max(Date.now(), (stored?.session ?? 0) + 1);
  return { launchUrl: target.launchUrl, cmi, session };
}
function parseCmi(text10) {
  let value;
  try {
    value = JSON.parse(text10);
  } catch {
    throw invalidField("cmi", "validation.invalidValue");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidField("cmi", "validation.invalidValue");
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_ELEMENTS) throw invalidField("cmi", "validation.invalidValue");
  const cmi = {};
  for (const [name, element] of entries) {
    const ok = name.length <= MAX_ELEMENT_NAME && ["string", "number", "boolean"].includes(typeof element) && String(element).length <= MAX_VALUE;
    if (!ok) throw invalidField("cmi", "validation.invalidValue");
    if (name.startsWith("cmi.")) cmi[name] = String(element);
  }
  return cmi;
}
async function scormCommit(app, caller, material, reported, order, target = {}) {
  const { version, manifest } = await scormPackage(app, caller, material);
  const settings = scormSettingsOf(material);
  const chosen = chosenSco(manifest, target.sco);
  const key = scoKey(manifest, chosen);
  const latest = await app.repos.scormAttempts.scormAttempt(caller.userId, material.id);
  const attempt = target.attempt ?? latest?.attempt ?? 1;
  const latestState = latest && {
    attempt: latest.attempt,
    finished: attemptFinished(manifest, latest.cmi),
    session: latest.session
  };
  if (!commitAllowed(settings, latestState, attempt, order?.session))
    return { version, complete: false, written: false };
  const stored = await app.repos.scormAttempts.scormAttempt(
    caller.userId,
    material.id,
    key,
    attempt
  );
  const sco = chosen.runtime;
  const cmi = { ...reported, ...manifestStatus(version, sco, { ...stored?.cmi, ...reported }) };
  let complete = meetsCompletion(version, settings, { ...stored?.cmi, ...cmi });
  const written = await app.repos.transaction(async (tx) => {
    const done = await app.repos.scormAttempts.commitScorm(
      tx,
      {
        userId: caller.userId,
        materialId: material.id,
        attempt,
        cmi,
        seconds: sessionSeconds(version, cmi),
        order,
        sco: key
      },
      by(caller)
    );
    if (done && isMultiSco(manifest))
      complete = await writeRollup(app, tx, caller, material, manifest, attempt, order?.session);
    if (done && complete)
      await app.repos.progress.recordComplete(tx, caller.userId, material, by(caller));
    return done;
  });
  return { version, complete: written && complete, written };
}
async function writeRollup(app, tx, caller, material, manifest, attempt, session) {
  const rows = await app.repos.scormAttempts.scormScoAttempts(
    caller.userId,
    material.id,
    attempt,
    tx
  );
  const { cmi, complete } = rollUp(manifest, new Map(rows.map((r) => [r.sco, r.cmi])));
  await app.repos.scormAttempts.writeScormRollup(
    tx,
    {
      userId: caller.userId,
      materialId: material.id,
      attempt,
      cmi,
      seconds: rows.reduce((sum, r) => sum + r.totalSeconds, 0),
      session
    },
    by(caller)
  );
  return complete && meetsCompletion(manifest.version, scormSettingsOf(material), cmi);
}

// src/services/materials.ts
async function modifiableMaterial(app, caller, id) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  await modifiableCourse(app, caller, material.courseId);
  return material;
}
async function materialToDelete(app, caller, id) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  const course = await modifiableCourse(app, caller, material.courseId);
  const record = {
    resource: "material",
    id,
    label: material.name,
    code: null,
    schoolId: course.schoolId,
    courseId: course.id,
    roleId: null
  };
  return { material, record };
}
async function visibleMaterial(app, caller, id) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  await assertMaterialReadable(app, caller, material);
  return material;
}
async function materialDetail(app, caller, material, options) {
  const files = await app.repos.materials.filesOf([material.id]);
  const url = (path4) => contentUrl(app, caller, material.id, path4);
  const detail = {
    ...toMaterialRecord(material, true),
    files: files.map((f) => ({
      path: f.path,
      size: f.size,
      contentType: f.contentType,
      url: url(encodedPath(f.path))
    }))
  };
  if (material.type === "scorm") {
    const scorm = await storedScorm(app, files);
    detail.launchUrl = url(scorm?.launch ?? "index.html");
    detail.scormVersion = scorm?.version ?? null;
    detail.scorm = scormSettingsOf(material);
  }
  if (material.type === "quiz") {
    const quiz = await app.repos.quizzes.quiz(material.id);
    detail.quiz = {
      attemptsAllowed: quiz.settings?.attemptsAllowed ?? 0,
      timeLimitMinutes: quiz.settings?.timeLimitMinutes ?? 0,
      passingGrade: quiz.settings?.passingGrade ?? 75,
      shuffle: quiz.settings?.shuffle ?? false,
      showCorrectAnswers: quiz.settings?.showCorrectAnswers ?? true,
      questions: quiz.questions.map((q) => ({
        id: String(q.id),
        type: q.type,
        prompt: q.prompt,
        points: q.points,
        choices: q.choices.map((c) => ({
          id: c.id,
          text: c.text,
          ...options.answers ? { correct: c.correct } : {}
        })),
        ...options.answers ? { answers: q.answers } : {}
      }))
    };
  }
  return detail;
}
async function materialSource(app, caller, courseId) {
  if (courseId === void 0) return { viewer: viewerOf(caller) };
  await assertCourseNotDeleting(app, courseId);
  const course = await app.repos.courses.find(courseId, viewerOf(caller));
  if (!course) throw notFound();
  return { courseId: course.id };
}

// src/services/journey.ts
async function readJourney(app, caller, reader, courseId) {
  if (reader.staff && !await app.repos.courses.find(courseId, reader.staff)) throw notFound();
  if (reader.viewer.userId === caller.userId) await readableCourse(app, caller, courseId);
  return journeyOf(app, reader.viewer, courseId);
}
async function readerCourses(app, reader) {
  const rows = [];
  for (const course of await app.repos.courses.visible(reader.viewer)) {
    if (reader.staff && !await app.repos.courses.find(course.id, reader.staff)) continue;
    if (await app.repos.courseDeletions.isCourseBeingDeleted(course.id)) continue;
    rows.push(await journeyOf(app, reader.viewer, course.id));
  }
  return rows;
}
async function openableStep(app, viewer, materialId) {
  const material = await app.repos.materials.findById(materialId);
  if (!material) throw notFound();
  const journey2 = await journeyOf(app, viewer, material.courseId);
  const step = journey2.steps.find((s) => s.material.id === material.id);
  if (!step) throw notFound();
  if (step.state === "locked") throw new ApiError(403, "errors.finishPrevious");
  return step;
}
async function readableStep(app, caller, materialId) {
  const step = await openableStep(app, viewerOf(caller), materialId);
  await assertMaterialReadable(app, caller, step.material);
  return step;
}

// src/routes/api/journey.ts
function stepView(step) {
  return {
    ...toMaterialRecord(step.material),
    elementName: step.element.name,
    state: step.state,
    startedAt: step.progress?.startedAt?.toISOString() ?? null,
    completedAt: step.progress?.completedAt?.toISOString() ?? null
  };
}
async function detailedSummary(app, journey2, viewer) {
  const scored = journey2.steps.filter(
    (s) => s.material.type === "quiz" || s.material.type === "scorm"
  );
  const idsOf = (type) => scored.filter((s) => s.material.type === type).map((s) => s.material.id);
  const results = isLearner(viewer) ? [
    ...await app.repos.quizzes.quizResults(viewer.userId, idsOf("quiz")),
    ...await app.repos.scormAttempts.scormResults(viewer.userId, idsOf("scorm"))
  ] : [];
  const statuses = isLearner(viewer) ? await app.repos.scormReport.latestStatuses(viewer.userId, idsOf("scorm")) : /* @__PURE__ */ new Map();
  const elements = [];
  for (const step of journey2.steps) {
    let element = elements.find((e) => e.id === step.element.id);
    if (!element) {
      element = { id: step.element.id, name: step.element.name, done: 0, total: 0 };
      elements.push(element);
    }
    element.total += 1;
    if (step.state === "complete") element.done += 1;
  }
  return {
    ...summaryOf(journey2),
    elements,
    quizzes: scored.map((step) => {
      const result = results.find((r) => r.materialId === step.material.id);
      return {
        materialId: step.material.id,
        name: step.material.name,
        type: step.material.type === "quiz" ? "quiz" : "scorm",
        attempts: result?.attempts ?? 0,
        bestScore: result?.bestScore ?? null,
        /** Null for a SCORM material whose package reported neither passed nor failed. */
        passed: result ? result.passed : step.material.type === "quiz" ? false : null,
        /** SCORM: the latest attempt's status (completed, incomplete, passed...), else null. */
        ...step.material.type === "scorm" ? { status: statuses.get(step.material.id) ?? null } : {}
      };
    })
  };
}
var journey = CONTRACT7.journey;
var journeyResource = defineResource("journey", {
  mycourses: implement(journey.mycourses, {
    reader: { user: "userId" },
    async handler({ app, reader }) {
      const rows = (await readerCourses(app, reader)).map(summaryOf);
      return { data: rows };
    }
  }),
  /** A parent's children (empty for everyone else). */
  children: implement(journey.children, {
    async handler({ app, caller }) {
      const rows = [];
      for (const id of await app.repos.users.childrenOf(caller.userId)) {
        const child = await app.repos.users.findById(id);
        if (!child) continue;
        const school2 = child.schoolId ? await app.repos.schools.findById(child.schoolId) : null;
        rows.push({
          userId: child.id,
          firstName: child.firstName,
          lastName: child.lastName,
          grade: child.grade,
          section: child.section,
          schoolName: school2?.schoolName ?? ""
        });
      }
      return { data: rows };
    }
  }),
  path: implement(journey.path, {
    reader: { user: "userId" },
    async handler({ app, caller, input, reader }) {
      const journey2 = await readJourney(app, caller, reader, input.courseId);
      const elements = [];
      for (const step of journey2.steps) {
        let element = elements.find((e) => e.id === step.element.id);
        if (!element) {
          element = {
            id: step.element.id,
            name: step.element.name,
            type: step.element.type,
            position: step.element.position,
            materials: []
          };
          elements.push(element);
        }
        element.materials.push(stepView(step));
      }
      return { data: { ...summaryOf(journey2), elements } };
    }
  }),
  open: implement(journey.open, {
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      if (learner) await app.repos.progress.recordOpen(caller.userId, step.material, by(caller));
      const detail = await materialDetail(app, caller, step.material, { answers: false });
      return {
        data: {
          ...detail,
          ...step.material.type === "quiz" ? await openQuiz(app, caller, step.material, learner, input.newAttempt ?? false) : {},
          state: step.state === "open" && learner ? "inProgress" : step.state
        }
      };
    }
  }),
  complete: implement(journey.complete, {
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      let result = {};
      if (step.material.type === "quiz") {
        const answers = input.answers ?? {};
        result = await submitQuiz(app, caller, step.material, learner, answers);
      } else if (step.material.type === "scorm") {
        throw invalidField("materialId", "validation.invalidValue");
      } else if (learner) {
        await app.repos.transaction(
          (tx) => app.repos.progress.recordComplete(tx, caller.userId, step.material, by(caller))
        );
      }
      const journey2 = await journeyOf(app, viewer, step.material.courseId);
      return { data: { ...result, summary: summaryOf(journey2) } };
    }
  }),
  /** What a SCORM runtime starts with (gated like `open`; a student's opening is recorded). */
  scormload: implement(journey.scormload, {
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      const data = await scormLoad(app, caller, step.material, learner, {
        newAttempt: input.newAttempt ?? false,
        sco: input.sco || void 0
      });
      if (learner) await app.repos.progress.recordOpen(caller.userId, step.material, by(caller));
      return { data };
    }
  }),
  /** Stores what a SCORM runtime reports (students only) and completes the material when done. */
  scormcommit: implement(journey.scormcommit, {
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const cmi = parseCmi(input.cmi);
      if (input.session === void 0 !== (input.seq === void 0))
        throw invalidField(input.session === void 0 ? "session" : "seq", "validation.required");
      const order = input.session !== void 0 && input.seq !== void 0 ? { session: input.session, seq: input.seq } : void 0;
      if (isLearner(viewer))
        await scormCommit(app, caller, step.material, cmi, order, {
          attempt: input.attempt,
          sco: input.sco || void 0
        });
      else await scormPackage(app, caller, step.material);
      const journey2 = await journeyOf(app, viewer, step.material.courseId);
      const state = journey2.steps.find((s) => s.material.id === step.material.id)?.state;
      return { data: { state, summary: summaryOf(journey2) } };
    }
  }),
  next: implement(journey.next, {
    async handler({ app, caller, input }) {
      await readableCourse(app, caller, input.courseId);
      const journey2 = await journeyOf(app, viewerOf(caller), input.courseId);
      const next = journey2.steps.find((s) => s.state === "open" || s.state === "inProgress");
      return {
        ...next ? {} : { message: "journey.courseComplete" },
        data: { material: next ? stepView(next) : null, summary: summaryOf(journey2) }
      };
    }
  }),
  resume: implement(journey.resume, {
    async handler({ app, caller, input }) {
      await readableCourse(app, caller, input.courseId);
      const journey2 = await journeyOf(app, viewerOf(caller), input.courseId);
      const started = journey2.steps.filter((s) => s.state === "inProgress").sort((a, b) => b.progress.lastOpenedAt.getTime() - a.progress.lastOpenedAt.getTime());
      const target = started[0] ?? journey2.steps.find((s) => s.state === "open");
      return { data: { material: target ? stepView(target) : null, summary: summaryOf(journey2) } };
    }
  }),
  /**
   * A course summary: one's own, a parent's child's (reports view), or a student in the caller's
   * scope for staff.
   */
  summary: implement(journey.summary, {
    reader: { user: "userId" },
    async handler({ app, caller, input, reader }) {
      const journey2 = await readJourney(app, caller, reader, input.courseId);
      return { data: await detailedSummary(app, journey2, reader.viewer) };
    }
  })
});

// src/services/scorm-attempt-commands.ts
import { CONTRACT as CONTRACT8 } from "@lms/core";
var studentNote = ({ material, student }) => ({
  recordIds: [material.id],
  changes: {
    student: `${student.lastName}, ${student.firstName} (${student.userName})`,
    userId: student.id
  }
});
var scormAttemptCommands = {
  /** Deletes every attempt of the student at the material; the material is no longer complete. */
  scormreset: implement(CONTRACT8.material.scormreset, {
    target: { user: "userId", act: "act" },
    async handler({ app, caller, input, audit: audit2 }) {
      const target = await scormStudentTarget(app, caller, input.id, input.userId);
      const deleted = await app.repos.transaction(
        (tx) => app.repos.scormAttempts.reset(tx, target.student.id, target.material.id, by(caller))
      );
      Object.assign(audit2, studentNote(target));
      audit2.changes = { ...audit2.changes, deleted };
      return { message: "scorm.attemptsReset", data: { deleted } };
    }
  }),
  /** Marks the material complete for the student, whatever its package reported. */
  scormcomplete: implement(CONTRACT8.material.scormcomplete, {
    target: { user: "userId", act: "act" },
    async handler({ app, caller, input, audit: audit2 }) {
      const target = await scormStudentTarget(app, caller, input.id, input.userId);
      await app.repos.transaction(
        (tx) => app.repos.progress.recordComplete(tx, target.student.id, target.material, by(caller))
      );
      Object.assign(audit2, studentNote(target));
      return { message: "scorm.markedComplete" };
    }
  })
};

// src/routes/api/material.ts
import { CONTRACT as CONTRACT9, quizSettingsSchema, scormSettingsSchema as scormSettingsSchema2 } from "@lms/core";
var MATERIAL_FIELDS = [
  "id",
  "courseId",
  "elementId",
  "name",
  "type",
  "size",
  "author",
  "position",
  "published",
  "lastModified",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy"
];
var spec4 = CONTRACT9.material;
var MATERIAL_FILTER_EXTRAS = ["elementId"];
function scormFieldsOf(input) {
  const fields = {};
  if (input.attemptsAllowed !== void 0) fields.attemptsAllowed = input.attemptsAllowed;
  if (input.grading !== void 0) fields.grading = input.grading;
  if (input.newAttempt !== void 0) fields.newAttempt = input.newAttempt;
  if (input.completion !== void 0) fields.completion = input.completion;
  if (input.minScore !== void 0) fields.minScore = input.minScore;
  return fields;
}
async function setPublished2(app, caller, id, published) {
  await modifiableMaterial(app, caller, id);
  await app.repos.transaction(
    (tx) => app.repos.materials.update(tx, id, { published }, by(caller))
  );
}
var authorOf = (caller) => `${caller.firstName} ${caller.lastName}`.trim();
var materialResource = defineResource("material", {
  list: implement(spec4.list, {
    async handler({ app, caller, input, form }) {
      const from = await materialSource(app, caller, input.courseId);
      const { rows, total } = await app.repos.materials.list(
        from,
        input,
        filtersOf(form, MATERIAL_FILTER_EXTRAS),
        listedMaterials(caller)
      );
      return { data: listAnswer(input, rows, total) };
    }
  }),
  export: implement(spec4.export, {
    async handler({ app, caller, input, form, reply }) {
      const from = await materialSource(app, caller, input.courseId);
      return sendCsv(
        reply,
        "materials.csv",
        exportColumns(input.columns, MATERIAL_FIELDS),
        app.repos.materials.exportRows(
          from,
          input,
          filtersOf(form, MATERIAL_FILTER_EXTRAS),
          listedMaterials(caller)
        )
      );
    }
  }),
  get: implement(spec4.get, {
    async handler({ app, caller, input }) {
      const material = await visibleMaterial(app, caller, input.id);
      const answers = await editsCourse(app, caller, material.courseId);
      return { data: await materialDetail(app, caller, material, { answers }) };
    }
  }),
  create: implement(spec4.create, {
    maxFileBytes: "materials",
    async handler({ app, caller, input, file }) {
      await modifiableCourse(app, caller, input.courseId);
      const element = await app.repos.elements.findById(input.elementId);
      if (!element || element.courseId !== input.courseId) {
        throw invalidField("elementId", "validation.invalidValue");
      }
      const upload = await storeUpload(app, input.type, file, true);
      const content = input.type === "page" ? sanitizePageHtml(input.content) : "";
      try {
        const id = await app.repos.transaction(async (tx) => {
          await app.repos.courses.lock(tx, input.courseId);
          const newId = await app.repos.materials.insert(
            tx,
            {
              courseId: input.courseId,
              elementId: input.elementId,
              name: input.name,
              type: input.type,
              url: input.type === "link" ? input.url : "",
              content,
              size: upload?.size ?? (input.type === "page" ? Buffer.byteLength(content) : 0),
              author: authorOf(caller),
              published: input.published,
              ...input.type === "scorm" ? { scormSettings: scormSettingsSchema2.parse(scormFieldsOf(input)) } : {}
            },
            by(caller)
          );
          if (upload) await app.repos.materials.setFiles(tx, newId, upload.files, by(caller));
          if (input.type === "quiz") {
            await app.repos.quizzes.setQuiz(tx, newId, quizSettingsSchema.parse({}), by(caller));
          }
          return newId;
        });
        const material = await app.repos.materials.findById(id);
        return {
          message: "materials.created",
          data: await materialDetail(app, caller, material, { answers: true })
        };
      } catch (error) {
        if (upload) await app.storage.remove(upload.files.map((f) => f.storageKey));
        throw error;
      }
    }
  }),
  update: implement(spec4.update, {
    maxFileBytes: "materials",
    async handler({ app, caller, input, file }) {
      const existing = await modifiableMaterial(app, caller, input.id);
      if (input.courseId !== existing.courseId)
        throw invalidField("courseId", "validation.invalidValue");
      if (input.type !== existing.type) throw invalidField("type", "validation.invalidValue");
      const element = await app.repos.elements.findById(input.elementId);
      if (!element || element.courseId !== existing.courseId) {
        throw invalidField("elementId", "validation.invalidValue");
      }
      const upload = await storeUpload(app, input.type, file, false);
      const content = input.type === "page" ? sanitizePageHtml(input.content) : "";
      const oldFiles = upload ? await app.repos.materials.filesOf([existing.id]) : [];
      try {
        await app.repos.transaction(async (tx) => {
          await app.repos.courses.lock(tx, existing.courseId);
          const current = await app.repos.materials.findById(existing.id, tx);
          if (current.elementId !== input.elementId) {
            await app.repos.materials.moveToElement(tx, current, input.elementId, by(caller));
          }
          await app.repos.materials.update(
            tx,
            existing.id,
            {
              name: input.name,
              url: input.type === "link" ? input.url : "",
              content,
              published: input.published,
              author: authorOf(caller),
              ...input.type === "scorm" ? {
                scormSettings: {
                  ...scormSettingsOf(current),
                  ...scormFieldsOf(input)
                }
              } : {},
              ...upload ? { size: upload.size } : input.type === "page" ? { size: Buffer.byteLength(content) } : {}
            },
            by(caller)
          );
          if (upload) await app.repos.materials.setFiles(tx, existing.id, upload.files, by(caller));
        });
      } catch (error) {
        if (upload) await app.storage.remove(upload.files.map((f) => f.storageKey));
        throw error;
      }
      await app.storage.remove(oldFiles.map((f) => f.storageKey));
      const material = await app.repos.materials.findById(existing.id);
      return {
        message: "materials.updated",
        data: await materialDetail(app, caller, material, { answers: true })
      };
    }
  }),
  impact: implement(spec4.impact, {
    async handler({ app, caller, input }) {
      const { record } = await materialToDelete(app, caller, input.id);
      return { data: await deletionImpact(app, record) };
    }
  }),
  /** To the recycle bin with its files, progress and attempts (issue 13). */
  delete: implement(spec4.delete, {
    async handler({ app, caller, input }) {
      const { material, record } = await materialToDelete(app, caller, input.id);
      const binId = await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, material.courseId);
        const current = await app.repos.materials.findById(material.id, tx);
        if (!current) throw notFound();
        return moveToBin(
          app,
          tx,
          record,
          by(caller),
          () => app.repos.materials.delete(tx, current)
        );
      });
      return { message: "materials.deleted", data: { binIds: [binId] } };
    }
  }),
  ...recycleBinCommands("material", spec4, { byCourse: true }),
  ...scormAttemptCommands,
  publish: implement(spec4.publish, {
    async handler({ app, caller, input }) {
      await setPublished2(app, caller, input.id, true);
      return { message: "materials.published" };
    }
  }),
  unpublish: implement(spec4.unpublish, {
    async handler({ app, caller, input }) {
      await setPublished2(app, caller, input.id, false);
      return { message: "materials.unpublished" };
    }
  }),
  quizsettings: implement(spec4.quizsettings, {
    async handler({ app, caller, input }) {
      const material = await modifiableMaterial(app, caller, input.id);
      if (material.type !== "quiz") throw invalidField("id", "validation.invalidValue");
      await app.repos.transaction(async (tx) => {
        await app.repos.quizzes.setQuiz(tx, material.id, input, by(caller));
        await app.repos.materials.update(tx, material.id, {}, by(caller));
      });
      return {
        message: "quiz.saved",
        data: await materialDetail(
          app,
          caller,
          await app.repos.materials.findById(material.id),
          {
            answers: true
          }
        )
      };
    }
  }),
  swap: implement(spec4.swap, {
    async handler({ app, caller, input }) {
      const from = await modifiableMaterial(app, caller, input.swap_from.id);
      const to = await app.repos.materials.findById(input.swap_to.id);
      if (!to) throw notFound();
      if (to.elementId !== from.elementId) throw invalidField("swap_to", "validation.invalidValue");
      await app.repos.transaction(async (tx) => {
        await app.repos.courses.lock(tx, from.courseId);
        const a = await app.repos.materials.findById(from.id, tx);
        const b = await app.repos.materials.findById(to.id, tx);
        if (!a || !b || a.elementId !== b.elementId) throw notFound();
        await app.repos.materials.swap(tx, a, b, by(caller));
      });
      return { message: "materials.updated" };
    }
  }),
  download: implement(spec4.download, {
    async handler({ app, caller, input, request, reply }) {
      const material = await visibleMaterial(app, caller, input.id);
      if (material.type !== "file") throw new ApiError(404, "errors.notFound");
      const [file] = await app.repos.materials.filesOf([material.id]);
      if (!file) throw notFound();
      return sendMaterialFile(
        app,
        request,
        reply,
        file,
        "attachment",
        "default-src 'none'; sandbox"
      );
    }
  })
});

// src/routes/api/progress.ts
import { CONTRACT as CONTRACT10, ROLE_IDS as ROLE_IDS12 } from "@lms/core";

// src/lib/inputs.ts
import {
  MAX_ID as MAX_ID2,
  booleanField,
  deleteInput,
  idField,
  idInput,
  integerField,
  listInput,
  oneOf,
  optionalText,
  text as text9,
  trashInput
} from "@lms/core";
import { emptyInput } from "@lms/core";

// src/routes/api/progress.ts
var PROGRESS_FIELDS = [
  "userId",
  "firstName",
  "lastName",
  "userName",
  "grade",
  "section",
  "done",
  "total",
  "percent",
  "quizAverage",
  "timeSpentSeconds",
  "lastActivity",
  "scorm"
];
function scormCell(results) {
  return results.map((r) => {
    const parts = [r.status ?? "not attempted", ...r.score === null ? [] : [`${r.score}%`]];
    return `${r.name}: ${parts.join(", ")}`;
  }).join("; ");
}
async function* forCsv(rows) {
  for await (const batch of rows)
    yield batch.map((row) => ({ ...row, scorm: scormCell(row.scorm) }));
}
async function progressSource(app, caller, courseId, form) {
  if (caller.roleId === ROLE_IDS12.student || caller.roleId === ROLE_IDS12.parent) throw forbidden();
  let id = courseId;
  for (const filter of filtersOf(form)) {
    if (filter.key !== "courseId" || filter.values.length !== 1 || !/^\d{1,10}$/.test(filter.values[0])) {
      throw invalid([fieldError(`filter[${filter.key.slice(0, 50)}]`, "validation.invalidValue")]);
    }
    id ??= Number(filter.values[0]);
  }
  if (id === void 0) throw invalidField("courseId", "validation.required");
  const course = id <= MAX_ID2 ? await app.repos.courses.find(id, viewerOf(caller)) : void 0;
  if (!course) throw notFound();
  return {
    course,
    scope: {
      schoolId: caller.schoolId,
      teacherId: caller.roleId === ROLE_IDS12.teacher ? caller.userId : null
    }
  };
}
var progressResource = defineResource("progress", {
  list: implement(CONTRACT10.progress.list, {
    async handler({ app, caller, input, form }) {
      const { course, scope } = await progressSource(app, caller, input.courseId, form);
      const { rows, total } = await app.repos.progress.list(course, scope, input);
      return { data: listAnswer(input, rows, total) };
    }
  }),
  export: implement(CONTRACT10.progress.export, {
    async handler({ app, caller, input, form, reply }) {
      const { course, scope } = await progressSource(app, caller, input.courseId, form);
      return sendCsv(
        reply,
        "progress.csv",
        exportColumns(input.columns, PROGRESS_FIELDS),
        forCsv(app.repos.progress.exportRows(course, scope, input))
      );
    }
  })
});

// src/routes/api/role.ts
import { CONTRACT as CONTRACT11, PERMISSION_MODULES as PERMISSION_MODULES2, RIGHTS as RIGHTS2 } from "@lms/core";

// src/services/role-authority.ts
import { permissionsWithin } from "@lms/core";
async function assertMayEditRole(app, caller, role2, rights) {
  if (rights && !permissionsWithin(rights, caller.permissions)) throw forbidden();
  if (!role2) return;
  if (role2.id === caller.roleId) throw forbidden();
  if (!permissionsWithin(role2.permissions, caller.permissions)) throw forbidden();
  if (caller.schoolId === null) return;
  if (role2.builtIn) throw forbidden();
  const schools2 = await app.repos.roles.schoolsOfHolders(role2.id);
  if (schools2.some((schoolId) => schoolId !== caller.schoolId)) throw forbidden();
}

// src/routes/api/role.ts
var ROLE_FIELDS = [
  "id",
  "roleName",
  "description",
  "enabled",
  "builtIn",
  "permissions",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy"
];
async function roleToDelete(app, caller, id) {
  const existing = await app.repos.roles.get(id);
  if (!existing) throw notFound();
  if (existing.builtIn) throw new ApiError(409, "errors.builtInRole");
  await assertMayEditRole(app, caller, existing);
  if (await app.repos.roles.usersWithRole(id) > 0) throw new ApiError(409, "errors.roleInUse");
  return {
    resource: "role",
    id,
    label: existing.roleName,
    code: null,
    schoolId: caller.schoolId,
    courseId: null,
    roleId: id
  };
}
var role = CONTRACT11.role;
var roleResource = defineResource("role", {
  list: implement(role.list, {
    async handler({ app, input, form }) {
      const { rows, total } = await app.repos.roles.list(input, filtersOf(form, ["enabled"]));
      return { data: listAnswer(input, rows, total) };
    }
  }),
  export: implement(role.export, {
    handler: async ({ app, input, form, reply }) => sendCsv(
      reply,
      "roles.csv",
      exportColumns(input.columns, ROLE_FIELDS),
      app.repos.roles.exportRows(input, filtersOf(form, ["enabled"]))
    )
  }),
  get: implement(role.get, {
    async handler({ app, input }) {
      const role2 = await app.repos.roles.get(input.id);
      if (!role2) throw notFound();
      return { data: role2 };
    }
  }),
  /** The permission matrix's rows and columns, with their catalogue keys. */
  modules: implement(role.modules, {
    async handler() {
      return {
        data: {
          modules: PERMISSION_MODULES2.map((module) => ({
            module,
            labelKey: `roles.module.${module}`
          })),
          rights: RIGHTS2.map((right) => ({ right, labelKey: `roles.right.${right}` }))
        }
      };
    }
  }),
  create: implement(role.create, {
    async handler({ app, caller, input }) {
      await assertMayEditRole(app, caller, null, input.permissions);
      try {
        const id = await app.repos.transaction(
          (tx) => app.repos.roles.create(tx, input, by(caller))
        );
        return { message: "roles.created", data: await app.repos.roles.get(id) };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.roleCreateConflict");
        throw error;
      }
    }
  }),
  update: implement(role.update, {
    async handler({ app, caller, input }) {
      const existing = await app.repos.roles.get(input.id);
      if (!existing) throw notFound();
      await assertMayEditRole(app, caller, existing, input.permissions);
      try {
        await app.repos.transaction(
          (tx) => app.repos.roles.update(tx, input.id, input, by(caller))
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("errors.roleUpdateConflict");
        throw error;
      }
      return { message: "roles.updated", data: await app.repos.roles.get(input.id) };
    }
  }),
  impact: implement(role.impact, {
    async handler({ app, caller, input }) {
      return { data: await deletionImpact(app, await roleToDelete(app, caller, input.id)) };
    }
  }),
  /** To the recycle bin with its permissions (issue 13); a role still given to users stays. */
  delete: implement(role.delete, {
    async handler({ app, caller, input }) {
      const record = await roleToDelete(app, caller, input.id);
      const binId = await app.repos.transaction(
        (tx) => moveToBin(app, tx, record, by(caller), () => app.repos.roles.delete(input.id, tx))
      );
      return { message: "roles.deleted", data: { binIds: [binId] } };
    }
  }),
  ...recycleBinCommands("role", role),
  setstatus: implement(role.setstatus, {
    async handler({ app, caller, input }) {
      const existing = await app.repos.roles.get(input.id);
      if (!existing) throw notFound();
      await assertMayEditRole(app, caller, existing);
      const enabled = input.status === "enabled";
      await app.repos.roles.setEnabled(input.id, enabled, by(caller));
      return { message: enabled ? "roles.enabled" : "roles.disabled" };
    }
  })
});

// src/routes/api/school.ts
import { CONTRACT as CONTRACT12 } from "@lms/core";
init_storage();
var SCHOOL_FIELDS = [
  "id",
  "schoolCode",
  "schoolName",
  "depedSchoolId",
  "sector",
  "address",
  "city",
  "cityMunicipality",
  "province",
  "barangay",
  "region",
  "country",
  "zipCode",
  "lmsUrl",
  "websiteUrl",
  "subscriptionType",
  "enabled",
  "requireParentAccount",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy"
];
var FILTER_EXTRAS2 = ["enabled"];
function schoolWrite(values2) {
  return {
    schoolCode: values2.schoolCode,
    schoolName: values2.schoolName,
    depedSchoolId: values2.depedSchoolId,
    sector: values2.sector,
    address: values2.address,
    city: values2.city,
    cityMunicipality: values2.cityMunicipality,
    province: values2.province,
    barangay: values2.barangay,
    region: values2.region,
    country: values2.country,
    zipCode: values2.zipCode,
    lmsUrl: values2.lmsUrl,
    websiteUrl: values2.websiteUrl,
    subscriptionType: values2.subscriptionType,
    enabled: values2.enabled,
    requireParentAccount: values2.requireParentAccount
  };
}
async function storeLogo(app, file) {
  if (!file || file.size === 0) return void 0;
  const checked = await checkImage(file, "logo");
  const key = newStorageKey("logos", checked.extension);
  await app.storage.put(key, checked.data);
  return key;
}
async function schoolToDelete(app, id) {
  const school2 = await app.repos.schools.findById(id);
  if (!school2) throw notFound();
  return {
    resource: "school",
    id,
    label: school2.schoolName,
    code: school2.schoolCode,
    schoolId: id,
    courseId: null,
    roleId: null
  };
}
var school = CONTRACT12.school;
var schoolResource = defineResource("school", {
  list: implement(school.list, {
    async handler({ app, caller, input, form }) {
      const { rows, total } = await app.repos.schools.list(
        input,
        filtersOf(form, FILTER_EXTRAS2),
        scopeOf(caller)
      );
      return { data: listAnswer(input, rows, total) };
    }
  }),
  export: implement(school.export, {
    handler: async ({ app, caller, input, form, reply }) => sendCsv(
      reply,
      "schools.csv",
      exportColumns(input.columns, SCHOOL_FIELDS),
      app.repos.schools.exportRows(input, filtersOf(form, FILTER_EXTRAS2), scopeOf(caller))
    )
  }),
  get: implement(school.get, {
    async handler({ app, caller, input }) {
      const row = await app.repos.schools.findById(input.id, scopeOf(caller));
      if (!row) throw notFound();
      return { data: toSchoolRecord(row) };
    }
  }),
  create: implement(school.create, {
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const logo = await storeLogo(app, file("logo"));
      try {
        const id = await app.repos.transaction(async (tx) => {
          const newId = await app.repos.schools.create(tx, schoolWrite(input), by(caller));
          if (logo) await app.repos.schools.setLogo(tx, newId, logo, by(caller));
          return newId;
        });
        return {
          message: "schools.created",
          data: toSchoolRecord(await app.repos.schools.findById(id))
        };
      } catch (error) {
        if (logo) await app.storage.remove([logo]);
        if (isUniqueViolation(error)) throw conflict("errors.schoolCreateConflict");
        throw error;
      }
    }
  }),
  update: implement(school.update, {
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const existing = await app.repos.schools.findById(input.id, scopeOf(caller));
      if (!existing) throw notFound();
      const values2 = schoolWrite(input);
      if (caller.schoolId !== null) values2.enabled = existing.enabled;
      const logo = await storeLogo(app, file("logo"));
      try {
        await app.repos.transaction(async (tx) => {
          await app.repos.schools.update(tx, input.id, values2, by(caller));
          if (logo) await app.repos.schools.setLogo(tx, input.id, logo, by(caller));
        });
      } catch (error) {
        if (logo) await app.storage.remove([logo]);
        if (isUniqueViolation(error)) throw conflict("errors.schoolUpdateConflict");
        throw error;
      }
      if (logo && existing.logo) await app.storage.remove([existing.logo]);
      return {
        message: "schools.updated",
        data: toSchoolRecord(await app.repos.schools.findById(input.id))
      };
    }
  }),
  impact: implement(school.impact, {
    async handler({ app, input }) {
      return { data: await deletionImpact(app, await schoolToDelete(app, input.id)) };
    }
  }),
  /** To the recycle bin with its users, courses and their progress (issue 13). */
  delete: implement(school.delete, {
    async handler({ app, caller, input }) {
      const record = await schoolToDelete(app, input.id);
      await confirmDeletion(app, record, input.confirmCode);
      const binId = await app.repos.transaction(async (tx) => {
        if (!await app.repos.schools.findById(input.id, void 0, tx)) throw notFound();
        return moveToBin(app, tx, record, by(caller), () => app.repos.schools.delete(tx, input.id));
      });
      return { message: "schools.deleted", data: { binIds: [binId] } };
    }
  }),
  ...recycleBinCommands("school", school),
  setstatus: implement(school.setstatus, {
    async handler({ app, caller, input, form }) {
      const enabled = input.status === "enabled";
      const count10 = await app.repos.transaction(async (tx) => {
        const targets = bulkTargets(form, input.id);
        let rows;
        if ("allMatching" in targets) {
          rows = await app.repos.schools.findMatching(
            input,
            filtersOf(form, FILTER_EXTRAS2),
            scopeOf(caller),
            tx
          );
        } else {
          rows = await app.repos.schools.findManyInScope(targets.ids, scopeOf(caller), tx);
          if (rows.length !== targets.ids.length) throw notFound();
        }
        const ids = rows.map((r) => r.id);
        await app.repos.schools.setEnabledMany(tx, ids, enabled, by(caller));
        return ids.length;
      });
      return { message: enabled ? "schools.enabled" : "schools.disabled", data: { count: count10 } };
    }
  })
});

// src/routes/api/scorm-report.ts
import { CONTRACT as CONTRACT13, ROLE_IDS as ROLE_IDS13 } from "@lms/core";
var ATTEMPT_FIELDS = [
  "lastName",
  "firstName",
  "userName",
  "grade",
  "section",
  "attempt",
  "completionStatus",
  "successStatus",
  "score",
  "timeSpentSeconds",
  "lastAccess",
  "interactions"
];
var STUDENT_FIELDS = ["lastName", "firstName", "userName", "attempt"];
var INTERACTION_FIELDS = [
  ...STUDENT_FIELDS,
  "index",
  "id",
  "type",
  "description",
  "learnerResponse",
  "correctResponses",
  "result",
  "latencySeconds",
  "timestamp",
  "weighting",
  "objectives"
];
var OBJECTIVE_FIELDS = [
  ...STUDENT_FIELDS,
  "index",
  "id",
  "description",
  "successStatus",
  "completionStatus",
  "score",
  "scoreRaw",
  "scoreMin",
  "scoreMax"
];
async function reportSource(app, caller, materialId) {
  const material = await app.repos.materials.findById(materialId);
  if (!material || material.type !== "scorm") throw notFound();
  const course = await app.repos.courses.find(material.courseId, {
    userId: caller.userId,
    roleId: caller.roleId,
    schoolId: caller.schoolId,
    grade: caller.grade,
    section: caller.section
  });
  if (!course) throw notFound();
  const scope = {
    schoolId: caller.schoolId,
    teacherId: caller.roleId === ROLE_IDS13.teacher ? caller.userId : null
  };
  return { material, course, scope };
}
var staffOnly = (caller) => caller.roleId !== ROLE_IDS13.student && caller.roleId !== ROLE_IDS13.parent;
var studentCells = (a) => ({
  lastName: a.lastName,
  firstName: a.firstName,
  userName: a.userName,
  attempt: a.attempt
});
async function* interactionRows(attempts2) {
  for await (const batch of attempts2) {
    yield batch.flatMap(
      (a) => decodeInteractions(a.cmi).map((row) => ({
        ...studentCells(a),
        ...row,
        correctResponses: row.correctResponses.join(" | "),
        objectives: row.objectives.join(" | ")
      }))
    );
  }
}
async function* objectiveRows(attempts2) {
  for await (const batch of attempts2) {
    yield batch.flatMap(
      (a) => decodeObjectives(a.cmi).map((row) => ({ ...studentCells(a), ...row }))
    );
  }
}
var report = CONTRACT13.scormreport;
var scormReportResource = defineResource("scormreport", {
  /** Students × attempts: status, score, time spent, last access (list protocol). */
  list: implement(report.list, {
    allow: staffOnly,
    async handler({ app, caller, input }) {
      const { course, material, scope } = await reportSource(app, caller, input.materialId);
      const { rows, total } = await app.repos.scormReport.list(course, material.id, scope, input);
      return { data: listAnswer(input, rows, total) };
    }
  }),
  /** One attempt whole: its status, score, time, interactions and objectives. */
  get: implement(report.get, {
    allow: staffOnly,
    async handler({ app, caller, input }) {
      const { course, material, scope } = await reportSource(app, caller, input.materialId);
      const found = await app.repos.scormReport.attempt(course, material.id, scope, input);
      if (!found) throw notFound();
      const { cmi, ...rest } = found;
      const data = {
        ...rest,
        materialId: material.id,
        ...attemptStatus(cmi),
        score: attemptScore(cmi),
        interactions: decodeInteractions(cmi),
        objectives: decodeObjectives(cmi)
      };
      return { data };
    }
  }),
  /** CSV of the attempts, or of their interactions or objectives (every matching row). */
  export: implement(report.export, {
    allow: staffOnly,
    async handler({ app, caller, input, reply }) {
      const { course, material, scope } = await reportSource(app, caller, input.materialId);
      const repo = app.repos.scormReport;
      if (input.report === "attempts") {
        return sendCsv(
          reply,
          "scorm-attempts.csv",
          exportColumns(input.columns, ATTEMPT_FIELDS),
          repo.exportRows(course, material.id, scope, input)
        );
      }
      const only = input.userId === void 0 ? void 0 : { userId: input.userId, attempt: input.attempt };
      const attempts2 = repo.attempts(course, material.id, scope, input, only);
      return input.report === "interactions" ? sendCsv(
        reply,
        "scorm-interactions.csv",
        exportColumns(input.columns, INTERACTION_FIELDS),
        interactionRows(attempts2)
      ) : sendCsv(
        reply,
        "scorm-objectives.csv",
        exportColumns(input.columns, OBJECTIVE_FIELDS),
        objectiveRows(attempts2)
      );
    }
  })
});

// src/routes/api/user/index.ts
import { CONTRACT as CONTRACT16, USER_STATUS as USER_STATUS4, bulkUploadTemplate, MAX_BULK_UPLOAD_BYTES } from "@lms/core";

// src/services/bulk-upload-names.ts
async function bulkUploadLookup(app, caller, names) {
  const [roles2, schools2] = await Promise.all([
    app.repos.roles.findByIdsOrNames([], names.roleNames),
    app.repos.schools.findByIdsOrCodes([], names.schoolCodes, reachOf(caller))
  ]);
  return {
    roles: new Map(roles2.map((role2) => [role2.roleName.toLowerCase(), role2.id])),
    schools: new Map(schools2.map((school2) => [school2.schoolCode.toLowerCase(), school2.id]))
  };
}
async function bulkUploadLabels(app, caller, roleIds, schoolIds) {
  const [roles2, schools2] = await Promise.all([
    app.repos.roles.findByIdsOrNames(roleIds, []),
    app.repos.schools.findByIdsOrCodes(schoolIds, [], reachOf(caller))
  ]);
  return {
    roles: new Map(roles2.map((role2) => [role2.id, role2.roleName])),
    schools: new Map(schools2.map((school2) => [school2.id, school2.schoolCode]))
  };
}
async function templateSchoolCode(app, caller, schoolId) {
  const reach = reachOf(caller);
  const asked = schoolId ?? caller.schoolId ?? void 0;
  if (asked !== void 0)
    return (await app.repos.schools.findById(asked, reach))?.schoolCode ?? "";
  return (await app.repos.schools.first())?.schoolCode ?? "";
}
var reachOf = (caller) => ({ schoolId: caller.schoolId });

// src/services/user-bulk-upload.ts
import { PassThrough } from "node:stream";
import {
  BULK_UPLOAD_MODES,
  checkBulkUploadRows,
  decodeMessage,
  englishMessage as englishMessage2,
  es as es5
} from "@lms/core";

// src/services/users.ts
import { ROLE_IDS as ROLE_IDS14, USER_STATUS } from "@lms/core";
init_storage();
var USER_FILTER_EXTRAS = ["schoolId", "roleId"];
function userBinRecord(user) {
  return {
    resource: "user",
    id: user.id,
    label: `${user.firstName} ${user.lastName}`,
    code: null,
    schoolId: user.schoolId,
    courseId: null,
    roleId: user.roleId
  };
}
function userWrite(values2, schoolId) {
  return {
    salutation: values2.salutation,
    firstName: values2.firstName,
    middleName: values2.middleName,
    lastName: values2.lastName,
    suffix: values2.suffix,
    userName: values2.userName,
    email: values2.email,
    employeeNumber: values2.employeeNumber,
    learningReferenceNumber: values2.learningReferenceNumber,
    roleId: values2.roleId,
    schoolId,
    schoolYearFrom: values2.schoolYearFrom ?? null,
    schoolYearTo: values2.schoolYearTo ?? null,
    grade: values2.grade ?? null,
    section: values2.section,
    subject: values2.subject,
    title: values2.title,
    parent: values2.parent ? Object.fromEntries(
      Object.entries(values2.parent).filter(([, v]) => v !== void 0 && v !== "")
    ) : null,
    subscriptionType: values2.subscriptionType,
    ...values2.lang ? { lang: values2.lang } : {}
  };
}
async function checkUserWrite(app, caller, values2, self) {
  const schoolId = await assertMayGiveRole(app, caller, values2, self);
  if (schoolId !== null && !await app.repos.schools.findById(schoolId)) {
    throw invalidField("schoolId", "validation.invalidValue");
  }
  const children = values2.children ?? [];
  if (children.length > 0) {
    if (values2.roleId !== ROLE_IDS14.parent)
      throw invalidField("children", "validation.invalidValue");
    const found = await app.repos.users.countInScope(
      [...new Set(children)],
      scopeOf(caller),
      ROLE_IDS14.student
    );
    if (found !== new Set(children).size) throw invalidField("children", "validation.invalidValue");
  }
  return schoolId;
}
async function storePhoto(app, file) {
  if (!file || file.size === 0) return void 0;
  const checked = await checkImage(file, "photo");
  const key = newStorageKey("photos", checked.extension);
  await app.storage.put(key, checked.data);
  return key;
}
async function assertNameAndEmailFree(app, key, userName, email, exceptId) {
  const taken = await app.repos.users.takenFields(userName, email, exceptId);
  if (taken.length === 0) return;
  throw new ApiError(409, key, {
    errors: taken.map(
      (field) => fieldError(field, field === "userName" ? "users.userNameTaken" : "users.emailTaken")
    )
  });
}
async function bulkUsers(app, db, caller, input, form, check2) {
  const targets = bulkTargets(form, input.id);
  let rows;
  if ("allMatching" in targets) {
    rows = await app.repos.users.findMatching(
      input,
      filtersOf(form, USER_FILTER_EXTRAS),
      scopeOf(caller),
      db
    );
  } else {
    rows = await app.repos.users.findManyInScope(targets.ids, scopeOf(caller), db);
    if (rows.length !== targets.ids.length) throw notFound();
  }
  await assertUsersInReach(app, caller, rows, db);
  if (check2 === "unregistered" && rows.some((u) => u.registered === 1)) {
    throw invalidField(targetsField(targets), "validation.invalidValue");
  }
  return rows;
}
async function setUsersStatus(app, caller, input, form, status) {
  return app.repos.transaction(async (tx) => {
    const targets = await bulkUsers(app, tx, caller, input, form, "modify");
    const ids = targets.map((u) => u.id);
    await app.repos.users.setStatusMany(tx, ids, status, by(caller));
    if (status === USER_STATUS.inactive) {
      for (const id of ids) await app.auth.revokeUserSessions(tx, id);
    }
    return ids.length;
  });
}

// src/services/bulk-upload-writes.ts
async function writeBatch(app, caller, tx, writes) {
  const who = by(caller);
  const recipients = [];
  const loads = [];
  const ids = await app.repos.users.insertMany(
    tx,
    writes.creates.map((c) => userWrite(c.values, c.schoolId)),
    who
  );
  writes.creates.forEach((c, index7) => {
    const userId2 = ids[index7];
    recipients.push({
      userId: userId2,
      email: c.values.email,
      firstName: c.values.firstName,
      lang: c.values.lang
    });
    for (const load of c.values.assignedLoad) loads.push({ ...load, userId: userId2 });
  });
  await app.repos.users.insertLoads(tx, loads, who);
  for (const update of writes.updates) {
    await app.repos.users.update(tx, update.id, userWrite(update.values, update.schoolId), who);
    await app.repos.users.setLoads(tx, update.id, update.values.assignedLoad, who);
  }
  await app.auth.issueLinks(tx, "activation", recipients, who);
}

// src/services/bulk-upload-file.ts
import { MAX_BULK_UPLOAD_ROWS, bulkUploadRecordReader } from "@lms/core";

// src/lib/csv-stream.ts
import { createReadStream as createReadStream3 } from "node:fs";
import Papa from "papaparse";
async function* csvBatches(path4, size = 1e3) {
  let batch = [];
  let ready = [];
  let done = false;
  let failure = null;
  let parser2 = null;
  let paused = false;
  let wake = null;
  const notify = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const stream = createReadStream3(path4, "utf8");
  Papa.parse(stream, {
    skipEmptyLines: false,
    step(results, handle) {
      parser2 = handle;
      const error = results.errors.find((e) => e.type === "Quotes" || e.type === "Delimiter");
      batch.push({ cells: results.data, malformed: error ? error.message : null });
      if (batch.length >= size) {
        ready.push(batch);
        batch = [];
        handle.pause();
        paused = true;
        notify();
      }
    },
    complete() {
      if (batch.length) ready.push(batch);
      done = true;
      notify();
    },
    error(error) {
      failure = error;
      done = true;
      notify();
    }
  });
  try {
    for (; ; ) {
      if (ready.length) {
        const next = ready;
        ready = [];
        for (const rows of next) yield rows;
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      if (paused) {
        paused = false;
        parser2?.resume();
        continue;
      }
      await new Promise((resolve) => wake = resolve);
    }
  } finally {
    if (!done) {
      parser2?.abort();
      stream.destroy();
    }
  }
}

// src/services/bulk-upload-file.ts
var BATCH_ROWS = 1e3;
var invalidCsv = () => new ApiError(422, "csv.invalid", { errors: [fieldError("file", "csv.invalid")] });
async function scanFile(file) {
  let reader = null;
  let total = 0;
  const roleIds = /* @__PURE__ */ new Set();
  const schoolIds = /* @__PURE__ */ new Set();
  const idOf = (cell) => cell && /^\d{1,10}$/.test(cell) && Number(cell) <= MAX_ID2 ? Number(cell) : null;
  for await (const batch of csvBatches(file.path, 5e3)) {
    for (const row of batch) {
      if (row.malformed) throw invalidCsv();
      if (!reader) {
        reader = bulkUploadRecordReader(row.cells);
        if (!reader.ok) throw invalidCsv();
        continue;
      }
      if (!reader.ok) throw invalidCsv();
      const record = reader.next(row.cells);
      if (!record) continue;
      if (++total > MAX_BULK_UPLOAD_ROWS) throw invalidCsv();
      const roleId = idOf(record.raw.roleId);
      if (roleId !== null) roleIds.add(roleId);
      const schoolId = idOf(record.raw.schoolId);
      if (schoolId !== null) schoolIds.add(schoolId);
    }
  }
  if (!reader?.ok || total === 0) throw invalidCsv();
  return {
    total,
    roleNames: [...reader.roleNames],
    schoolCodes: [...reader.schoolCodes],
    roleIds: [...roleIds],
    schoolIds: [...schoolIds]
  };
}
async function* recordBatches(file) {
  let reader = null;
  let records = [];
  for await (const batch of csvBatches(file.path, BATCH_ROWS)) {
    for (const row of batch) {
      if (!reader) {
        reader = bulkUploadRecordReader(row.cells);
        continue;
      }
      if (!reader.ok) return;
      const record = reader.next(row.cells);
      if (!record) continue;
      records.push(record);
      if (records.length === BATCH_ROWS) {
        yield records;
        records = [];
      }
    }
  }
  if (records.length) yield records;
}

// src/services/user-bulk-upload.ts
var RowsRefused = class extends Error {
};
async function runBulkUpload(ctx) {
  const { caller, form, reply } = ctx;
  const modeField = fieldValue(form.entries, "mode") || "add";
  if (!BULK_UPLOAD_MODES.includes(modeField)) {
    throw invalidField("mode", "validation.invalidValue");
  }
  const mode = modeField;
  const flag = (name) => ["1", "true", "on", "yes"].includes((fieldValue(form.entries, name) ?? "").toLowerCase());
  const dryRun = flag("dryRun");
  const file = ctx.file("file");
  if (!file || file.size === 0) throw invalidField("file", "validation.required");
  const schoolField = fieldValue(form.entries, "schoolId");
  const presetSchoolId = schoolField ? Number(schoolField) : void 0;
  if (presetSchoolId !== void 0 && !(Number.isInteger(presetSchoolId) && presetSchoolId > 0 && presetSchoolId <= MAX_ID2)) {
    throw invalidField("schoolId", "validation.invalidValue");
  }
  const scan = await scanFile(file);
  const upload = {
    ctx,
    caller,
    mode,
    dryRun,
    file,
    presetSchoolId,
    total: scan.total,
    ...await lookups(ctx, scan, presetSchoolId)
  };
  if (!flag("progress")) return checkAndWrite(upload, () => {
  });
  const lines = new PassThrough();
  const send = (value) => lines.write(JSON.stringify(value) + "\n");
  void reply.code(200).header("content-type", "application/x-ndjson; charset=utf-8").header("cache-control", "no-store").send(lines);
  send({ progress: { total: scan.total, checked: 0, written: 0 } });
  try {
    const answer2 = await checkAndWrite(upload, (progress2) => send({ progress: progress2 }));
    send({ status: 200, code: answer2.message, message: text(answer2.message), data: answer2.data });
    ctx.audit.answer = answer2.data;
  } catch (error) {
    ctx.audit.failed = true;
    send(failureLine(error, ctx));
  } finally {
    lines.end();
  }
  return reply;
}
function failureLine(error, ctx) {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...error.errors ? { errors: error.errors } : {},
      ...error.data === void 0 ? {} : { data: error.data }
    };
  }
  if (/^(22|23)/.test(pgCode(error) ?? "")) {
    return {
      status: 422,
      code: "validation.invalidValue",
      message: text("validation.invalidValue")
    };
  }
  ctx.request.log.error({ err: error }, "bulk upload failed");
  return { status: 500, code: "errors.generic", message: es5["errors.generic"] };
}
async function lookups(ctx, scan, presetSchoolId) {
  const { app, caller } = ctx;
  const lookup = await bulkUploadLookup(app, caller, scan);
  const roleIds = [.../* @__PURE__ */ new Set([...scan.roleIds, ...lookup.roles.values()])];
  const schoolIds = [
    .../* @__PURE__ */ new Set([
      ...scan.schoolIds,
      ...lookup.schools.values(),
      ...presetSchoolId === void 0 ? [] : [presetSchoolId]
    ])
  ];
  const labels = await bulkUploadLabels(app, caller, roleIds, schoolIds);
  const schools2 = /* @__PURE__ */ new Set();
  for (let i = 0; i < schoolIds.length; i += 5e3) {
    const found = await app.repos.schools.findByIdsOrCodes(
      schoolIds.slice(i, i + 5e3),
      [],
      GLOBAL_SCOPE
    );
    for (const school2 of found) schools2.add(school2.id);
  }
  return { lookup, labels, schools: schools2 };
}
async function checkAndWrite(upload, onProgress) {
  const { ctx, dryRun, total } = upload;
  const { app } = ctx;
  const results = [];
  const seen = { emails: /* @__PURE__ */ new Map(), names: /* @__PURE__ */ new Map() };
  const progress2 = { total, checked: 0, written: 0 };
  let created2 = 0;
  let updated2 = 0;
  let failed = 0;
  const run = async (db) => {
    const rightsOf = roleRightsReader(app, db);
    const writes = { creates: [], updates: [] };
    for await (const records of recordBatches(upload.file)) {
      writes.creates = [];
      writes.updates = [];
      const batchFailures = await checkBatch(upload, records, seen, rightsOf, db, results, writes);
      failed += batchFailures;
      progress2.checked += records.length;
      if (db && failed === 0) {
        await writeBatch(upload.ctx.app, upload.caller, db, writes);
        progress2.written += writes.creates.length + writes.updates.length;
      }
      created2 += writes.creates.length;
      updated2 += writes.updates.length;
      onProgress({ ...progress2 });
    }
    if (db && failed > 0) throw new RowsRefused();
  };
  if (dryRun) await run(void 0);
  else {
    try {
      await app.repos.transaction((tx) => run(tx));
      app.auth.deliver();
    } catch (error) {
      if (!(error instanceof RowsRefused)) throw error;
    }
  }
  const summary = {
    mode: upload.mode,
    dryRun,
    total: results.length,
    created: failed ? 0 : created2,
    updated: failed ? 0 : updated2,
    errors: failed
  };
  if (failed > 0 && !dryRun) {
    const bad = results.filter((r) => r.code !== null);
    throw new ApiError(422, "validation", {
      errors: bad.flatMap((r) => r.errors.length ? r.errors : [rowError(r)]),
      data: { ...summary, rows: results }
    });
  }
  return { message: "bulk.done", data: { ...summary, rows: results } };
}
async function checkBatch(upload, records, seen, rightsOf, db, results, writes) {
  const { ctx, caller, mode, lookup, labels, schools: schools2 } = upload;
  const { app } = ctx;
  const rows = checkBulkUploadRows(
    { records },
    { schoolId: upload.presetSchoolId, lookup, seen }
  ).rows;
  const valid = rows.filter((r) => r.values !== null);
  const existing = await app.repos.users.findExisting(
    valid.map((r) => r.values.userName),
    valid.map((r) => r.values.email),
    db
  );
  const byName = new Map(existing.map((u) => [u.userName.toLowerCase(), u]));
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  let failed = 0;
  for (const row of rows) {
    const errors = row.errors.map((e) => {
      const d = decodeMessage(e.message);
      return {
        field: e.field,
        row: row.line,
        code: d.key,
        message: englishMessage2(e.message),
        ...d.values ? { values: d.values } : {}
      };
    });
    let action = null;
    let schoolId = null;
    let role2 = row.raw.role || row.raw.roleId || "";
    let school2 = row.raw.school || row.raw.schoolId || "";
    const values2 = row.values;
    if (values2) {
      schoolId = schoolForRole(values2.roleId, values2.schoolId);
      const sameName = byName.get(values2.userName.toLowerCase());
      const sameEmail = byEmail.get(values2.email.toLowerCase());
      const self = mode === "upsert" && sameName?.id === caller.userId ? sameName : void 0;
      const verdict = verdictOnRole(
        caller,
        { roleId: values2.roleId, rights: await rightsOf(values2.roleId), schoolId },
        self
      );
      const { role: roleField, school: schoolField } = row.fields;
      if (verdict === "unknownRole")
        errors.push(fieldError(roleField, "validation.invalidValue", void 0, row.line));
      else if (verdict === "forbidden")
        errors.push(fieldError(roleField, "errors.forbidden", void 0, row.line));
      if (verdict === "outOfScope")
        errors.push(fieldError(schoolField, "errors.forbidden", void 0, row.line));
      else if (schoolId !== null && !schools2.has(schoolId))
        errors.push(fieldError(schoolField, "validation.invalidValue", void 0, row.line));
      if (verdict === "allowed") {
        role2 = labels.roles.get(values2.roleId) ?? role2;
        school2 = schoolId === null ? "" : labels.schools.get(schoolId) ?? school2;
      }
      if (mode === "add" || !sameName) {
        if (sameName)
          errors.push(fieldError("userName", "errors.userCreateConflict", void 0, row.line));
        if (sameEmail)
          errors.push(fieldError("email", "errors.userCreateConflict", void 0, row.line));
        action = "create";
      } else {
        const reach = verdictOn(caller, sameName, await rightsOf(sameName.roleId), "edit");
        if (reach !== "allowed")
          errors.push(fieldError("userName", "errors.forbidden", void 0, row.line));
        if (self && values2.email.toLowerCase() !== self.email.toLowerCase())
          errors.push(fieldError("email", "errors.forbidden", void 0, row.line));
        if (sameEmail && sameEmail.id !== sameName.id)
          errors.push(fieldError("email", "errors.userUpdateConflict", void 0, row.line));
        action = "update";
      }
      if (errors.length === 0) {
        if (action === "create") writes.creates.push({ values: values2, schoolId });
        else writes.updates.push({ id: sameName.id, values: values2, schoolId });
      }
    }
    const rowCode = row.rowMessage ? decodeMessage(row.rowMessage).key : errors.length ? "csv.invalidRow" : null;
    if (rowCode) failed += 1;
    results.push({
      line: row.line,
      userName: row.raw.userName ?? "",
      email: row.raw.email ?? "",
      role: role2,
      school: school2,
      action: errors.length || row.rowMessage ? null : action,
      code: rowCode,
      message: rowCode ? englishMessage2(rowCode) : null,
      errors
    });
  }
  return failed;
}
function rowError(result) {
  return fieldError("", result.code ?? "csv.invalidRow", void 0, result.line);
}

// src/routes/api/user/profile.ts
import { CONTRACT as CONTRACT14 } from "@lms/core";

// src/services/abuse-limits.ts
var ACCOUNT_WIDE_FACTOR = 4;
async function reserveSignIn(app, address, userName) {
  const rules = app.config.rateLimits;
  const account = userName.toLowerCase();
  const addressKey = `login:address:${address}`;
  const pairKey = `login:account:${account}:from:${address}`;
  const accountKey = `login:account:${account}`;
  const cap = rules.loginBackoffMaxSeconds;
  await app.auth.reserveAttempt(addressKey, rules.loginPerAddress);
  await app.auth.reserveAttempt(pairKey, rules.loginPerAccount, cap);
  await app.auth.reserveAttempt(
    accountKey,
    { ...rules.loginPerAccount, limit: rules.loginPerAccount.limit * ACCOUNT_WIDE_FACTOR },
    cap
  );
  return {
    async succeeded() {
      await app.auth.clearCounter(pairKey);
      await app.auth.clearCounter(accountKey);
      await app.auth.releaseAttempt(addressKey);
    }
  };
}
async function checkPasswordLink(app, address, kind, token, expired) {
  const rules = app.config.rateLimits;
  const addressKey = `link:address:${address}`;
  await app.auth.reserveAttempt(addressKey, rules.linkPerAddress);
  await app.auth.reserveAttempt(`link:token:${hashToken(token)}`, rules.linkPerToken);
  const link = await app.auth.findLink(kind, token);
  if (!link) throw expired();
  await app.auth.releaseAttempt(addressKey);
  return link;
}

// src/services/passwords.ts
async function newPasswordHash(app, password) {
  if (app.auth.isCommon(password)) throw invalidField("newPassword", "validation.passwordCommon");
  return app.auth.hashPassword(password);
}
async function assertCurrentPassword(app, user, password) {
  if (!password) throw invalidField("currentPassword", "validation.required");
  const rule = app.config.rateLimits.loginPerAccount;
  const key = `password:account:${user.id}`;
  await app.auth.assertUnderLimit(key, rule);
  if (!await app.auth.verifyPassword(user.passwordHash, password)) {
    await app.auth.recordFailure(key, rule);
    throw invalidField("currentPassword", "validation.passwordIncorrect");
  }
}
async function usePasswordLink(app, address, kind, token, newPassword, audit2) {
  const expired = () => new ApiError(410, kind === "reset" ? "auth.forgotLinkExpired" : "auth.passwordSetFailed");
  await checkPasswordLink(app, address, kind, token, expired);
  const hash4 = await newPasswordHash(app, newPassword);
  const done = await app.repos.transaction(async (tx) => {
    const link = await app.auth.consumeLink(tx, kind, token);
    if (!link) return false;
    const user = await app.repos.users.findById(link.userId, void 0, tx);
    if (user) {
      audit2.actor = {
        id: user.id,
        name: user.userName,
        roleId: user.roleId,
        schoolId: user.schoolId
      };
    }
    audit2.recordIds = [link.userId];
    await app.repos.users.setPassword(tx, link.userId, hash4, null);
    await app.auth.revokeUserSessions(tx, link.userId);
    return true;
  });
  if (!done) throw expired();
  return { message: kind === "reset" ? "auth.resetDone" : "auth.setDone" };
}
async function changeOtherPassword(app, caller, input) {
  await userInReach(app, caller, input.userId);
  const hash4 = await newPasswordHash(app, input.newPassword);
  await app.repos.transaction(async (tx) => {
    await app.repos.users.setPassword(tx, input.userId, hash4, by(caller));
    await app.auth.revokeUserSessions(tx, input.userId);
  });
}
async function changeOwnPassword(app, caller, input) {
  const user = await app.repos.users.findById(caller.userId);
  await assertCurrentPassword(
    app,
    user ?? { id: caller.userId, passwordHash: null },
    input.currentPassword
  );
  const hash4 = await newPasswordHash(app, input.newPassword);
  await app.repos.transaction(async (tx) => {
    await app.repos.users.setPassword(tx, caller.userId, hash4, by(caller));
    await app.auth.revokeUserSessions(tx, caller.userId, caller.sessionId);
  });
}

// src/routes/api/user/profile.ts
var userSpecs = CONTRACT14.user;
var profileCommands = {
  profile: implement(userSpecs.profile, {
    async handler({ app, caller }) {
      const record = await app.repos.users.get(caller.userId, GLOBAL_SCOPE);
      if (!record) throw notFound();
      return { data: record };
    }
  }),
  updateprofile: implement(userSpecs.updateprofile, {
    auditsCaller: true,
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const user = await app.repos.users.findById(caller.userId);
      if (!user) throw notFound();
      const emailChanged = input.email.toLowerCase() !== (user.email ?? "").toLowerCase();
      if (emailChanged) await assertCurrentPassword(app, user, input.currentPassword);
      await assertNameAndEmailFree(
        app,
        "errors.userUpdateConflict",
        user.userName,
        input.email,
        user.id
      );
      const photo = await storePhoto(app, file("photo"));
      await app.repos.transaction(async (tx) => {
        if (emailChanged && user.email) {
          await app.auth.notifyEmailChanged(
            tx,
            {
              userId: user.id,
              email: user.email,
              firstName: user.firstName,
              lang: input.lang || user.lang
            },
            input.email,
            by(caller)
          );
        }
        await app.repos.users.update(
          tx,
          user.id,
          {
            salutation: input.salutation,
            firstName: input.firstName,
            middleName: input.middleName,
            lastName: input.lastName,
            suffix: input.suffix,
            email: input.email,
            ...input.lang ? { lang: input.lang } : {}
          },
          by(caller)
        );
        if (photo) await app.repos.users.setPhoto(tx, user.id, photo, by(caller));
      });
      if (photo && user.photo) await app.storage.remove([user.photo]);
      if (emailChanged) app.auth.deliver();
      return {
        message: "profile.updated",
        data: await app.repos.users.get(user.id, GLOBAL_SCOPE)
      };
    }
  }),
  setlanguage: implement(userSpecs.setlanguage, {
    async handler({ app, caller, input }) {
      await app.repos.users.setLang(caller.userId, input.lang, by(caller));
      return { message: "language.changed", data: { lang: input.lang } };
    }
  })
};

// src/routes/api/user/session.ts
import { CONTRACT as CONTRACT15, USER_STATUS as USER_STATUS3, adminChangePasswordSchema, changePasswordSchema } from "@lms/core";

// src/services/sign-in.ts
import { USER_STATUS as USER_STATUS2, isLang as isLang2 } from "@lms/core";
async function signIn(app, request, userName, password) {
  const attempt = await reserveSignIn(app, request.ip, userName);
  const user = await app.repos.users.findForLogin(userName);
  const refuse = async (status, code) => {
    await recordSignIn(app, request, { userName, user, ok: false, reason: code });
    return new ApiError(status, code);
  };
  const valid = await app.auth.verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw await refuse(401, "auth.invalidCredentials");
  await attempt.succeeded();
  const school2 = user.schoolId === null ? null : await app.repos.schools.findById(user.schoolId);
  if (user.status !== USER_STATUS2.active) throw await refuse(403, "auth.accountInactive");
  if (school2 && !school2.enabled) throw await refuse(403, "auth.schoolDisabled");
  if (!(await app.repos.roles.findById(user.roleId))?.enabled) {
    throw await refuse(403, "auth.roleDisabled");
  }
  const session = await app.auth.startSession(user.id, request.ip);
  await recordSignIn(app, request, { userName, user, ok: true });
  return { user, session };
}
async function loginAnswer(app, userId2, session) {
  const record = await app.repos.users.get(userId2, GLOBAL_SCOPE);
  if (!record) throw unauthenticated(false);
  const permissions = await app.repos.roles.permissionsOf(record.roleId);
  const role2 = await app.repos.roles.findById(record.roleId);
  return {
    token: session.token,
    wsToken: session.wsToken,
    sessionKey: session.sessionKey,
    profile: {
      userId: record.id,
      userName: record.userName,
      firstName: record.firstName,
      roleId: record.roleId,
      schoolId: record.schoolId,
      children: record.children
    },
    photo: record.photo,
    lang: isLang2(record.lang) ? record.lang : "es",
    ...permissions && role2?.enabled ? { permissions } : {}
  };
}

// src/routes/api/user/session.ts
var userSpecs2 = CONTRACT15.user;
var sessionCommands = {
  login: implement(userSpecs2.login, {
    async handler({ app, input, request }) {
      const { user, session } = await signIn(app, request, input.userName, input.password);
      return { data: await loginAnswer(app, user.id, session) };
    }
  }),
  getisloggedinstatus: implement(userSpecs2.getisloggedinstatus, {
    async handler({ caller, form }) {
      const asked = fieldValue(form.entries, "userid", "userId");
      if (asked !== void 0 && asked !== "" && Number(asked) !== caller.userId) {
        throw unauthenticated(false);
      }
      return { data: { userId: caller.userId } };
    }
  }),
  logout: implement(userSpecs2.logout, {
    async handler({ app, caller }) {
      await app.auth.revokeSession(caller.sessionId);
      return { message: "auth.loggedOut" };
    }
  }),
  forgotpassword: implement(userSpecs2.forgotpassword, {
    async handler({ app, input, request }) {
      const rules = app.config.rateLimits;
      const email = input.email.toLowerCase();
      await app.auth.countAttempt(`forgot:address:${request.ip}`, rules.forgotPerAddress);
      await app.auth.countAttempt(`forgot:account:${email}`, rules.forgotPerAccount);
      const user = await app.repos.users.findByEmail(email);
      if (user && user.status === USER_STATUS3.active) {
        await app.repos.transaction(async (tx) => {
          await app.repos.tokens.expireLinks(tx, user.id, "reset");
          await app.auth.issueLinks(
            tx,
            "reset",
            [{ userId: user.id, email: user.email, firstName: user.firstName, lang: user.lang }],
            null
          );
        });
        app.auth.deliver();
      }
      return { message: "auth.resetLinkSent" };
    }
  }),
  verifytoken: implement(userSpecs2.verifytoken, {
    async handler({ app, input, request }) {
      await checkPasswordLink(
        app,
        request.ip,
        input.kind,
        input.token,
        () => new ApiError(
          410,
          input.kind === "reset" ? "auth.forgotLinkExpired" : "auth.registrationLinkExpired"
        )
      );
      return { data: { valid: true, kind: input.kind } };
    }
  }),
  resetpassword: implement(userSpecs2.resetpassword, {
    handler: ({ app, input, request, audit: audit2 }) => usePasswordLink(app, request.ip, "reset", input.token, input.newPassword, audit2)
  }),
  setpassword: implement(userSpecs2.setpassword, {
    handler: ({ app, input, request, audit: audit2 }) => usePasswordLink(app, request.ip, "activation", input.token, input.newPassword, audit2)
  }),
  changepassword: implement(userSpecs2.changepassword, {
    // Another user's password: a users/modify right, and that user within the caller's reach.
    target: {
      user: "userId",
      act: "act",
      otherThanCaller: true,
      right: { module: "users", right: "modify" }
    },
    async handler({ app, caller, form }) {
      const target = fieldValue(form.entries, "userId");
      if (target !== void 0 && target !== "" && Number(target) !== caller.userId) {
        requireRight(caller, "users", "modify");
        await changeOtherPassword(app, caller, parseWith(adminChangePasswordSchema, form));
        return { message: "users.passwordChanged" };
      }
      await changeOwnPassword(app, caller, parseWith(changePasswordSchema, form));
      return { message: "password.changed" };
    }
  })
};

// src/routes/api/user/index.ts
var USER_EXPORT_COLUMNS = [
  "id",
  "salutation",
  "firstName",
  "middleName",
  "lastName",
  "suffix",
  "userName",
  "email",
  "employeeNumber",
  "learningReferenceNumber",
  "roleId",
  "roleName",
  "status",
  "registered",
  "schoolId",
  "schoolName",
  "schoolYearFrom",
  "schoolYearTo",
  "grade",
  "section",
  "subject",
  "title",
  "assignedLoad",
  "subscriptionType",
  "lang",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy"
];
var userSpecs3 = CONTRACT16.user;
var userResource = defineResource("user", {
  ...sessionCommands,
  ...profileCommands,
  list: implement(userSpecs3.list, {
    async handler({ app, caller, input, form, reply }) {
      const { rows, total, estimate, fromIndex } = await app.repos.usersSearch.list(
        input,
        filtersOf(form, USER_FILTER_EXTRAS),
        scopeOf(caller)
      );
      if (fromIndex) reply.header("server-timing", "index");
      return { data: listAnswer(input, rows, total, estimate) };
    }
  }),
  export: implement(userSpecs3.export, {
    async handler({ app, caller, input, form, reply }) {
      const columns2 = exportColumns(input.columns, USER_EXPORT_COLUMNS);
      return sendCsv(
        reply,
        "users.csv",
        columns2,
        app.repos.usersSearch.exportBatches(
          input,
          filtersOf(form, USER_FILTER_EXTRAS),
          scopeOf(caller)
        )
      );
    }
  }),
  get: implement(userSpecs3.get, {
    async handler({ app, caller, input }) {
      const record = await app.repos.users.get(input.id, scopeOf(caller));
      if (!record) throw notFound();
      return { data: record };
    }
  }),
  create: implement(userSpecs3.create, {
    target: { byHandler: "role" },
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const schoolId = await checkUserWrite(app, caller, input);
      await assertNameAndEmailFree(app, "errors.userCreateConflict", input.userName, input.email);
      const photo = await storePhoto(app, file("photo"));
      let id;
      try {
        id = await app.repos.transaction(async (tx) => {
          const [newId] = await app.repos.users.insertMany(
            tx,
            [userWrite(input, schoolId)],
            by(caller)
          );
          await app.repos.users.setLoads(tx, newId, input.assignedLoad, by(caller));
          await app.repos.users.setChildren(tx, newId, input.children, by(caller));
          if (photo) await app.repos.users.setPhoto(tx, newId, photo, by(caller));
          await app.auth.issueLinks(
            tx,
            "activation",
            [{ userId: newId, email: input.email, firstName: input.firstName, lang: input.lang }],
            by(caller)
          );
          return newId;
        });
      } catch (error) {
        if (photo) await app.storage.remove([photo]);
        if (isUniqueViolation(error)) throw conflict("errors.userCreateConflict");
        throw error;
      }
      app.auth.deliver();
      return { message: "users.created", data: await app.repos.users.get(id, GLOBAL_SCOPE) };
    }
  }),
  update: implement(userSpecs3.update, {
    // The user edited is within the caller's reach (checked before the handler runs).
    target: { user: "id", act: "edit" },
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const existing = await app.repos.users.findById(input.id, scopeOf(caller));
      if (!existing) throw notFound();
      const self = existing.id === caller.userId ? existing : void 0;
      if (self && input.email.toLowerCase() !== existing.email.toLowerCase()) throw forbidden();
      const schoolId = await checkUserWrite(app, caller, input, self);
      await assertNameAndEmailFree(
        app,
        "errors.userUpdateConflict",
        input.userName,
        input.email,
        input.id
      );
      const photo = await storePhoto(app, file("photo"));
      try {
        await app.repos.transaction(async (tx) => {
          await app.repos.users.update(tx, input.id, userWrite(input, schoolId), by(caller));
          await app.repos.users.setLoads(tx, input.id, input.assignedLoad, by(caller));
          await app.repos.users.setChildren(tx, input.id, input.children, by(caller));
          if (photo) await app.repos.users.setPhoto(tx, input.id, photo, by(caller));
        });
      } catch (error) {
        if (photo) await app.storage.remove([photo]);
        if (isUniqueViolation(error)) throw conflict("errors.userUpdateConflict");
        throw error;
      }
      if (photo && existing.photo) await app.storage.remove([existing.photo]);
      return { message: "users.updated", data: await app.repos.users.get(input.id, GLOBAL_SCOPE) };
    }
  }),
  impact: implement(userSpecs3.impact, {
    target: { user: "id", act: "act" },
    async handler({ app, caller, input }) {
      const user = await app.repos.users.findById(input.id, scopeOf(caller));
      if (!user) throw notFound();
      return { data: await deletionImpact(app, userBinRecord(user)) };
    }
  }),
  /** To the recycle bin, each user with its progress and attempts; sessions end (issue 13). */
  delete: implement(userSpecs3.delete, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const binIds = await app.repos.transaction(async (tx) => {
        const targets = await bulkUsers(app, tx, caller, input, form, "modify");
        const ids = [];
        for (const user of targets) {
          ids.push(
            await moveToBin(
              app,
              tx,
              userBinRecord(user),
              by(caller),
              () => app.repos.users.deleteMany(tx, [user.id])
            )
          );
        }
        return ids;
      });
      return { message: "users.deleted", data: { count: binIds.length, binIds } };
    }
  }),
  ...recycleBinCommands("user", userSpecs3),
  activate: implement(userSpecs3.activate, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count10 = await setUsersStatus(app, caller, input, form, USER_STATUS4.active);
      return { message: "users.activated", data: { count: count10 } };
    }
  }),
  deactivate: implement(userSpecs3.deactivate, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count10 = await setUsersStatus(app, caller, input, form, USER_STATUS4.inactive);
      return { message: "users.deactivated", data: { count: count10 } };
    }
  }),
  resendactivation: implement(userSpecs3.resendactivation, {
    target: { byHandler: "ids" },
    async handler({ app, caller, input, form }) {
      const count10 = await app.repos.transaction(async (tx) => {
        const targets = await bulkUsers(app, tx, caller, input, form, "unregistered");
        for (const user of targets) {
          await app.repos.tokens.expireLinks(tx, user.id, "activation");
        }
        await app.auth.issueLinks(
          tx,
          "activation",
          targets.map((u) => ({
            userId: u.id,
            email: u.email,
            firstName: u.firstName,
            lang: u.lang
          })),
          by(caller)
        );
        return targets.length;
      });
      app.auth.deliver();
      return { message: "users.activationSent", data: { count: count10 } };
    }
  }),
  bulkupload: implement(userSpecs3.bulkupload, {
    target: { byHandler: "rows" },
    maxFileBytes: MAX_BULK_UPLOAD_BYTES,
    handler: (ctx) => runBulkUpload(ctx)
  }),
  // The examples carry a real school code: `schoolId`'s (a school's Users tab) when reached.
  template: implement(userSpecs3.template, {
    async handler({ app, caller, input, reply }) {
      const code = await templateSchoolCode(app, caller, input.schoolId);
      return reply.code(200).header("content-type", "text/csv; charset=utf-8").header("content-disposition", 'attachment; filename="bulk-user-upload.csv"').send(BOM + bulkUploadTemplate(code) + "\r\n");
    }
  })
});

// src/routes/api/resources.ts
var audited = (resource, snapshot) => ({
  ...resource,
  snapshot
});
var RESOURCES = [
  audited(userResource, userSnapshot),
  audited(schoolResource, schoolSnapshot),
  audited(roleResource, roleSnapshot),
  audited(courseResource, courseSnapshot),
  audited(elementResource, elementSnapshot),
  audited(materialResource, materialSnapshot),
  journeyResource,
  progressResource,
  scormReportResource,
  // A class move names the class and its students: the students are the records shown.
  audited(classResource, userSnapshot),
  configResource,
  auditResource
];

// src/routes/docs.ts
import { createRequire as createRequire2 } from "node:module";
import { es as es7 } from "@lms/core";

// src/lib/openapi.ts
import {
  CONTRACT as CONTRACT17,
  errorsOf,
  es as es6,
  inputJsonSchema,
  outputJsonSchema
} from "@lms/core";
var REFUSALS = {
  "400": "A malformed body, or no `cmdType` this resource has",
  "401": `No token, or one no longer good (\`message\` is \`${INVALID_TOKEN}\` or \`Expired token\`)`,
  "403": "The caller lacks the right, or the record is above the caller",
  "404": "A record named is not there, or not in the caller's reach",
  "405": "Not a POST",
  "409": "The records' state forbids it",
  "410": "Gone",
  "413": "The body or a file is larger than the command takes",
  "415": "The body is not a form",
  "422": "Validation failed: `errors` lists each field with its catalogue `code` and English `message`",
  "423": "Locked",
  "429": "Too many attempts: wait `Retry-After` seconds (also `data.retryAfter`)",
  "503": "Not available now"
};

// src/routes/docs.ts
var require3 = createRequire2(import.meta.url);
var DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'"
].join("; ");
var VIEWER_CONFIG = JSON.stringify({
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never"
});

// src/routes/files.ts
import { sniffImageType as sniffImageType2 } from "@lms/core";

// src/routes/health.ts
import { sql as sql33 } from "drizzle-orm";

// src/routes/webservice.ts
import { es as es9, loginSchema } from "@lms/core";

// src/services/class-service.ts
import { ROLE_IDS as ROLE_IDS15, es as es8 } from "@lms/core";

// src/services/moodle-shapes.ts
var seconds = (date) => date ? Math.floor(date.getTime() / 1e3) : 0;
var escapeHtml = (value) => value.replace(
  /[&<>"']/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]
);
var MOODLE_LANG = { es: "en", zh: "zh_cn", tg: "tl" };
var MODULES = {
  file: { modname: "resource", modplural: "Files", automatic: false },
  link: { modname: "url", modplural: "URLs", automatic: false },
  page: { modname: "page", modplural: "Pages", automatic: false },
  quiz: { modname: "quiz", modplural: "Quizzes", automatic: true },
  scorm: { modname: "scorm", modplural: "SCORM packages", automatic: true }
};
var moduleOf = (type) => MODULES[type] ?? MODULES.file;
var trackingOf = (step) => moduleOf(step.material.type).automatic ? 2 : 1;
function completionData(step, learner) {
  return {
    state: step.state === "complete" ? 1 : 0,
    timecompleted: seconds(step.progress?.completedAt),
    overrideby: null,
    valueused: false,
    hascompletion: true,
    isautomatic: moduleOf(step.material.type).automatic,
    istrackeduser: learner,
    uservisible: step.state !== "locked",
    details: []
  };
}
var courseUrl = (app, course) => `${app.config.publicUrl}/courses/${course.id}`;
function courseFields(course) {
  return {
    id: course.id,
    shortname: course.courseCode,
    fullname: course.courseName,
    displayname: course.courseName,
    idnumber: course.courseCode,
    summary: escapeHtml(course.description),
    summaryformat: 1,
    format: "topics",
    showgrades: true,
    lang: "",
    enablecompletion: true,
    startdate: 0,
    enddate: 0,
    visible: course.published ? 1 : 0,
    timemodified: seconds(course.updatedAt)
  };
}
function enrolledCourse(journey2, viewer) {
  const summary = summaryOf(journey2);
  const learner = isLearner(viewer);
  const opened = journey2.steps.map((s) => seconds(s.progress?.lastOpenedAt)).filter((s) => s > 0);
  return {
    ...courseFields(journey2.course),
    completionhascriteria: false,
    completionusertracked: learner,
    category: journey2.course.gradeLevel,
    progress: learner ? summary.percent : null,
    completed: learner ? summary.complete : false,
    marker: 0,
    lastaccess: opened.length > 0 ? Math.max(...opened) : null,
    isfavourite: false,
    hidden: false,
    overviewfiles: [],
    showactivitydates: false,
    showcompletionconditions: true
  };
}
function listedCourse(course) {
  return {
    ...courseFields(course),
    categoryid: course.gradeLevel,
    categoryname: String(course.gradeLevel),
    sortorder: 0,
    summaryfiles: [],
    overviewfiles: [],
    contacts: [],
    enrollmentmethods: [],
    newsitems: 0,
    maxbytes: 0,
    showreports: 0,
    groupmode: 0,
    groupmodeforce: 0,
    defaultgroupingid: 0,
    completionnotify: 0,
    theme: "",
    marker: 0,
    legacyfiles: 0,
    calendartype: "",
    timecreated: seconds(course.createdAt),
    requested: 0,
    cacherev: seconds(course.updatedAt),
    filters: [],
    courseformatoptions: []
  };
}

// src/services/class-service.ts
var MOODLE_RELEASE = "4.1 (Build: 20221128)";
var MOODLE_VERSION = "2022112800";
var MoodleError = class extends Error {
  constructor(exception, errorcode, message) {
    super(message);
    this.exception = exception;
    this.errorcode = errorcode;
  }
  exception;
  errorcode;
  toJSON() {
    return { exception: this.exception, errorcode: this.errorcode, message: this.message };
  }
};
var moodleError = (exception, errorcode, key) => new MoodleError(exception, errorcode, text(key));
var invalidParameter = () => moodleError("invalid_parameter_exception", "invalidparameter", "classService.invalidParameter");
var noPermission = () => moodleError("required_capability_exception", "nopermissions", "errors.forbidden");
var notAccessible = () => moodleError("require_login_exception", "requireloginerror", "classService.notAccessible");
async function asMoodle(work, missing) {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404 || error.status === 409) throw missing();
    if (error.status === 403) throw noPermission();
    if (error.status === 422) throw invalidParameter();
    throw error;
  }
}
function idArg(args, name) {
  const parsed = idField().safeParse(fieldValue(args, name));
  if (!parsed.success) throw invalidParameter();
  return parsed.data;
}
async function contentsViewer(app, caller, courseId) {
  await asMoodle(readableCourse(app, caller, courseId), notAccessible);
  const own = viewerOf(caller);
  if ((can(caller, "courses", "view") || can(caller, "materials", "view")) && await app.repos.courses.find(courseId, own)) {
    return own;
  }
  for (const viewer of await childViewers(app, caller)) {
    if (await app.repos.courses.find(courseId, viewer)) return viewer;
  }
  throw notAccessible();
}
async function moduleContents(app, caller, step) {
  const material = step.material;
  const common = {
    timecreated: seconds(material.createdAt),
    timemodified: seconds(material.lastModified),
    sortorder: 0,
    userid: null,
    author: material.author,
    license: null
  };
  if (material.type === "link") {
    return [
      { type: "url", filename: material.name, filepath: null, filesize: 0, fileurl: material.url }
    ].map((c) => ({ ...c, ...common }));
  }
  if (material.type !== "file") return [];
  const files = await app.repos.materials.filesOf([material.id]);
  return files.map((file) => ({
    type: "file",
    filename: file.path.split("/").pop() ?? file.path,
    filepath: "/",
    filesize: file.size,
    fileurl: contentUrl(app, caller, material.id, encodedPath(file.path)),
    mimetype: file.contentType,
    ...common
  }));
}
var CLASS_FUNCTIONS = {
  core_webservice_get_site_info: {
    access: "signedIn",
    async run(app, caller) {
      const user = await app.repos.users.findById(caller.userId);
      const base = app.config.publicUrl;
      return {
        sitename: es8["app.name"],
        username: caller.userName,
        firstname: caller.firstName,
        lastname: caller.lastName,
        fullname: `${caller.firstName} ${caller.lastName}`.trim(),
        lang: MOODLE_LANG[user?.lang ?? "es"] ?? "en",
        userid: caller.userId,
        siteurl: base,
        userpictureurl: user?.photo ? `${base}/api/file/user/${caller.userId}` : "",
        functions: [...CLASS_FUNCTION_NAMES].map((name) => ({ name, version: MOODLE_VERSION })),
        downloadfiles: 1,
        uploadfiles: 0,
        release: MOODLE_RELEASE,
        version: MOODLE_VERSION,
        mobilecssurl: "",
        advancedfeatures: [{ name: "enablecompletion", value: 1 }],
        usercanmanageownfiles: false,
        userquota: 0,
        usermaxuploadfilesize: 0,
        userhomepage: 0,
        siteid: 1,
        sitecalendartype: "gregorian",
        usercalendartype: "gregorian",
        userissiteadmin: caller.roleId === ROLE_IDS15.admin,
        theme: ""
      };
    }
  },
  /** A student its own courses; a parent its children's; staff the students in their scope. */
  core_enrol_get_users_courses: {
    access: "signedIn",
    ids: ["userid"],
    reader: "userid",
    async run(app, _caller, _args, { reader }) {
      const journeys = await readerCourses(app, reader);
      return journeys.map((journey2) => enrolledCourse(journey2, reader.viewer));
    }
  },
  /** The caller's view of a course: sections (elements) and modules (materials), gated. */
  core_course_get_contents: {
    access: "signedIn",
    async run(app, caller, args) {
      const courseId = idArg(args, "courseid");
      const viewer = await contentsViewer(app, caller, courseId);
      const journey2 = await asMoodle(journeyOf(app, viewer, courseId), notAccessible);
      const learner = isLearner(viewer);
      const sections = [];
      for (const step of journey2.steps) {
        let section = sections.find((s) => s.id === step.element.id);
        if (!section) {
          section = {
            id: step.element.id,
            name: step.element.name,
            visible: 1,
            summary: "",
            summaryformat: 1,
            section: sections.length + 1,
            hiddenbynumsections: 0,
            uservisible: true,
            modules: []
          };
          sections.push(section);
        }
        const module = moduleOf(step.material.type);
        const uservisible = step.state !== "locked";
        section.modules.push({
          id: step.material.id,
          url: courseUrl(app, journey2.course),
          name: step.material.name,
          instance: step.material.id,
          contextid: step.material.id,
          visible: 1,
          uservisible,
          visibleoncoursepage: 1,
          modicon: "",
          modname: module.modname,
          modplural: module.modplural,
          indent: 0,
          onclick: "",
          afterlink: null,
          customdata: "",
          noviewlink: false,
          completion: trackingOf(step),
          completiondata: completionData(step, learner),
          downloadcontent: 1,
          dates: [],
          ...uservisible ? { contents: await moduleContents(app, caller, step) } : { availabilityinfo: text("errors.finishPrevious") }
        });
      }
      return sections;
    }
  },
  /** A user's completion of a course's activities: read as core_enrol_get_users_courses reads. */
  core_completion_get_activities_completion_status: {
    access: "signedIn",
    ids: ["courseid", "userid"],
    reader: "userid",
    async run(app, caller, _args, { ids, reader }) {
      const journey2 = await asMoodle(
        readJourney(app, caller, reader, ids.courseid),
        notAccessible
      );
      const learner = isLearner(reader.viewer);
      return {
        statuses: journey2.steps.map((step) => ({
          cmid: step.material.id,
          modname: moduleOf(step.material.type).modname,
          instance: step.material.id,
          state: step.state === "complete" ? 1 : 0,
          timecompleted: seconds(step.progress?.completedAt),
          tracking: trackingOf(step),
          overrideby: null,
          valueused: false,
          hascompletion: true,
          isautomatic: moduleOf(step.material.type).automatic,
          istrackeduser: learner,
          uservisible: step.state !== "locked",
          details: []
        })),
        warnings: []
      };
    }
  },
  /**
   * The courses the caller may see (its own scope, a parent's children's), all of them or those
   * of one field: id, ids (comma-separated), shortname or idnumber (the course code), category
   * (the grade level).
   */
  core_course_get_courses_by_field: {
    access: "signedIn",
    async run(app, caller, args) {
      const field = fieldValue(args, "field") ?? "";
      const value = (fieldValue(args, "value") ?? "").trim();
      const match = courseMatcher(field, value);
      const viewers = [
        ...can(caller, "courses", "view") || can(caller, "materials", "view") ? [viewerOf(caller)] : [],
        ...await childViewers(app, caller)
      ];
      const seen = /* @__PURE__ */ new Set();
      const courses2 = [];
      for (const viewer of viewers) {
        for (const course of await app.repos.courses.visible(viewer)) {
          if (seen.has(course.id) || !match(course)) continue;
          seen.add(course.id);
          try {
            courses2.push(listedCourse(await readableCourse(app, caller, course.id)));
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
          }
        }
      }
      return { courses: courses2, warnings: [] };
    }
  }
};
function courseMatcher(field, value) {
  const ids = (list) => {
    const parsed = list.split(",").map((v) => idField().safeParse(v.trim()));
    if (parsed.some((p) => !p.success)) throw invalidParameter();
    return new Set(parsed.map((p) => p.data));
  };
  switch (field) {
    case "":
      return () => true;
    case "id":
    case "ids": {
      const wanted = ids(value);
      return (course) => wanted.has(course.id);
    }
    case "shortname":
    case "idnumber":
      return (course) => course.courseCode.toLowerCase() === value.toLowerCase();
    case "category": {
      const grade = Number(value);
      return (course) => course.gradeLevel === grade;
    }
    default:
      throw invalidParameter();
  }
}
var CLASS_FUNCTION_NAMES = [
  "auth_userkey_request_login_url",
  ...Object.keys(CLASS_FUNCTIONS)
];

// src/db/migrate.ts
import path3 from "node:path";
import { sql as sql34 } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
var MIGRATIONS_FOLDER = path3.join(PACKAGE_ROOT, "drizzle");

// src/db/default-permissions.ts
import {
  PERMISSION_MODULES as PERMISSION_MODULES3,
  RIGHTS as RIGHTS3,
  ROLE_NAMES,
  ROLE_IDS as ROLE_IDS16,
  emptyPermissions as emptyPermissions3
} from "@lms/core";
var all = RIGHTS3;
var read = ["access", "view"];
var DEFAULT_ROLE_RIGHTS = {
  [ROLE_IDS16.admin]: Object.fromEntries(PERMISSION_MODULES3.map((m) => [m, all])),
  [ROLE_IDS16.rexAdmin]: Object.fromEntries(PERMISSION_MODULES3.map((m) => [m, all])),
  [ROLE_IDS16.lsg]: { schools: all, users: all, roles: read },
  [ROLE_IDS16.schoolAdmin]: {
    schools: ["access", "view", "modify"],
    users: all,
    roles: read,
    courses: all,
    materials: all,
    reports: read
  },
  [ROLE_IDS16.teacher]: {
    courses: ["access", "view", "add", "modify"],
    materials: ["access", "view", "add", "modify"]
  },
  [ROLE_IDS16.student]: { courses: read },
  [ROLE_IDS16.parent]: { reports: read }
};

// src/db/seed.ts
init_storage();
import { ROLE_IDS as ROLE_IDS18 } from "@lms/core";
import { count as count9 } from "drizzle-orm";

// src/db/seed-journey.ts
import { and as and14, eq as eq21 } from "drizzle-orm";

// src/db/seed-classes.ts
import { ROLE_IDS as ROLE_IDS17 } from "@lms/core";
import { and as and15, asc as asc4, eq as eq22, inArray as inArray14 } from "drizzle-orm";

// src/server.ts
import { hash as hash2 } from "@node-rs/argon2";
import { ROLE_IDS as ROLE_IDS19 } from "@lms/core";

// bench/data.ts
var FIRST = [
  "Maria",
  "Jose",
  "Juan",
  "Ana",
  "Mark",
  "Angel",
  "Rosa",
  "Carlo",
  "Liza",
  "Paolo",
  "Grace",
  "Miguel",
  "Joy",
  "Ramon",
  "Bea",
  "Nico",
  "Andrea",
  "Kristine",
  "Jerome",
  "Patricia",
  "Rafael",
  "Camille",
  "Francis",
  "Bianca",
  "Gabriel",
  "Nicole",
  "Adrian",
  "Jasmine",
  "Daniel",
  "Erika",
  "Vincent",
  "Aileen",
  "Christian",
  "Hazel",
  "Dominic",
  "Trisha",
  "Emmanuel",
  "Lorraine",
  "Jericho",
  "Shiela"
];
var LAST_START = [
  "Santa",
  "Dela",
  "De",
  "San",
  "Villa",
  "Del",
  "Mar",
  "Cas",
  "Bau",
  "Men",
  "Agui",
  "Nava",
  "Sala",
  "Mer",
  "Oca",
  "Ri",
  "Fer",
  "Tor",
  "Gon",
  "Lo",
  "Pa",
  "Qui",
  "Ro",
  "Ba",
  "Ca",
  "Da",
  "Ga",
  "Ma",
  "Na",
  "Ta",
  "Va",
  "Ya",
  "Za",
  "Bi",
  "Di",
  "Li",
  "Mi",
  "Ni",
  "Pi",
  "Ti"
];
var LAST_END = [
  "cruz",
  "nueva",
  "ramos",
  "tista",
  "doza",
  "lar",
  "rro",
  "zar",
  "cado",
  "campo",
  "vera",
  "nandez",
  "res",
  "zales",
  "pez",
  "dilla",
  "rino",
  "mero",
  "utista",
  "rcia",
  "sas",
  "ngco",
  "guel",
  "quez",
  "nio",
  "lona",
  "rdo",
  "bal",
  "nte",
  "llo",
  "rado",
  "nito",
  "gas",
  "llas",
  "\xF1ez",
  "gal",
  "to",
  "ra",
  "na",
  "sa",
  "dez",
  "ron",
  "lin",
  "cion",
  "mos",
  "tes",
  "var",
  "des",
  "gues",
  "rez",
  "tos",
  "cio",
  "mar",
  "tan",
  "pin",
  "rin",
  "lan",
  "nal",
  "sal",
  "dal"
];
var SEARCHES = [
  "san",
  "cruz",
  "dela",
  "mendo",
  "nueva",
  "maria",
  "jose",
  "rivera",
  "user12",
  "navar",
  "ana",
  "ramos",
  "vill",
  "gabriel",
  "lopez",
  "dez"
];
function freshSearches(count10 = 400) {
  const seen = new Set(SEARCHES);
  const terms2 = [];
  const names = [...FIRST, ...LAST_START, ...LAST_END];
  for (let i = 0; terms2.length < count10 && i < 40; i++) {
    names.push(`${LAST_START[i * 7 % LAST_START.length]}${LAST_END[i * 11 % LAST_END.length]}`);
  }
  for (const length of [3, 4, 5, 6]) {
    for (const name of names) {
      const lower = name.toLowerCase();
      for (let i = 0; i + length <= lower.length && terms2.length < count10; i++) {
        const term = lower.slice(i, i + length);
        if (!/^[a-zñ]+$/.test(term) || seen.has(term)) continue;
        seen.add(term);
        terms2.push(term);
      }
    }
  }
  return terms2;
}

// ../../../../tmp/mb/mb2.ts
var N = 1e6;
var idx = new IndexedUsers(1);
var first = [];
var last = [];
for (let i = 1; i <= N; i++) {
  const f = FIRST[i * 7919 % 104729 % FIRST.length];
  const l = LAST_START[i * 6151 % 99991 % LAST_START.length] + LAST_END[i * 3571 % 65537 % LAST_END.length];
  first.push(f);
  last.push(l);
  idx.append({ id: i, searchText: `${f} ${l} user${i} user${i}@bench.test`.toLowerCase(), roleId: 5, status: i % 2, registered: 1, schoolId: 3 + i % 5e3, grade: 1 + i % 12, section: `S${i % 5}`, subject: null });
}
idx.freeze();
var cmp = (a, b) => a < b ? -1 : a > b ? 1 : 0;
var sorts = {
  firstName: (a, b) => cmp(first[a], first[b]) || a - b,
  lastName: (a, b) => cmp(last[a], last[b]) || a - b,
  userName: (a, b) => cmp(`user${a + 1}`, `user${b + 1}`) || a - b,
  email: (a, b) => cmp(`user${a + 1}@`, `user${b + 1}@`) || a - b
};
for (const [k2, f] of Object.entries(sorts)) {
  const order = Int32Array.from({ length: N }, (_, i) => i).sort(f);
  const ranks = new Int32Array(N);
  order.forEach((slot, pos) => ranks[slot] = pos);
  idx.ranks.set(k2, ranks);
  idx.orders.set(k2, order);
}
idx.postings = TrigramPostings.build(idx.texts);
var terms = process.argv[2] === "kept" ? SEARCHES : freshSearches(400);
var cols = ["firstName", "lastName", "userName", "email"];
var per = /* @__PURE__ */ new Map();
var label = /* @__PURE__ */ new Map();
for (let rep = 0; rep < 7; rep++) {
  terms.forEach((term, i) => {
    const s = { term, filters: [], schoolId: null, sortBy: cols[i % 4], sortOrder: i % 2 ? "desc" : "asc", offset: 0, limit: 25 };
    const t0 = performance.now();
    const a = answer(idx, s, 5e3);
    const t = performance.now() - t0;
    if (!per.has(i)) per.set(i, []);
    per.get(i).push(t);
    label.set(i, `${term} ${s.sortBy} ${s.sortOrder} cand=${idx.postings.candidates(term).length} total=${a?.total}`);
  });
}
var times = [...per].map(([i, ts]) => [ts.sort((a, b) => a - b)[3], label.get(i)]);
times.sort((a, b) => a[0] - b[0]);
var pct = (p) => times[Math.floor((times.length - 1) * p)][0].toFixed(3);
console.log("p50", pct(0.5), "p90", pct(0.9), "p95", pct(0.95), "max", pct(1), "sum", times.reduce((s, t) => s + t[0], 0).toFixed(0));
if (process.env.TAIL) for (const t of times.slice(-Number(process.env.TAIL))) console.log(t[0].toFixed(2), t[1]);
