/** Role ids fixed by SPEC.md §3; custom roles get new ids above these. */
export const ROLE_IDS = {
  admin: 1,
  teacher: 3,
  student: 5,
  parent: 9,
  schoolAdmin: 10,
  lsg: 11,
  rexAdmin: 12,
} as const;
export type RoleKey = keyof typeof ROLE_IDS;
export type RoleId = (typeof ROLE_IDS)[RoleKey];

/** Role names as SPEC.md §3 spells them. */
export const ROLE_NAMES: Record<RoleId, string> = {
  1: "admin",
  3: "teacher",
  5: "student",
  9: "parent",
  10: "school admin",
  11: "lsg",
  12: "rex admin",
};

/** Roles that are not tied to one school (ARCHITECTURE.md: admin, rex admin and lsg are global). */
export const GLOBAL_ROLE_IDS: readonly RoleId[] = [ROLE_IDS.admin, ROLE_IDS.rexAdmin, ROLE_IDS.lsg];

export function isRoleId(value: number): value is RoleId {
  return Object.values(ROLE_IDS).includes(value as RoleId);
}

export const SENIOR_HIGH_GRADES = [11, 12] as const;
export const GRADE_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/**
 * User status as stored and sent on the wire (SPEC.md §3, API.md): 0 active, 1 inactive.
 * Every screen reads status through this object.
 */
export const USER_STATUS = {
  active: 0,
  inactive: 1,
} as const;
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];

/**
 * SPEC.md §3 records a second, inverted display mapping used elsewhere (0 inactive, 1 active).
 * It is kept here, named, so that data in that reading can be converted at the edge and no
 * screen has to guess which reading a number is in.
 */
export const USER_STATUS_INVERTED_DISPLAY = {
  inactive: 0,
  active: 1,
} as const;

/** Converts a status in the inverted display reading to the wire reading. */
export function statusFromInvertedDisplay(value: 0 | 1): UserStatus {
  return value === USER_STATUS_INVERTED_DISPLAY.active ? USER_STATUS.active : USER_STATUS.inactive;
}

export const REGISTERED = { yes: 1, no: 0 } as const;
export type Registered = (typeof REGISTERED)[keyof typeof REGISTERED];

export const PAGE_SIZES = [10, 25, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const SEARCH_DEBOUNCE_MS = 600;
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_SORT_ORDER: SortOrder = "desc";

export const IMAGE_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  mimeTypes: ["image/jpeg", "image/png"],
  extensions: ["jpeg", "jpg", "png"],
  maxFiles: 1,
} as const;

export const PASSWORD_LIMITS = {
  minLength: 8,
  maxLength: 128,
  minCriteria: 3,
  maxRepeatedInARow: 2,
} as const;

/** SPEC.md §5: the strength meter shows valid count / 6. */
export const STRENGTH = {
  total: 6,
  yellowFrom: 4,
  greenAt: 6,
} as const;

export const USERNAME_MIN_LENGTH = 4;

export const LAYOUT = {
  drawerWidth: 200,
  mobileBreakpoint: 700,
  confirmDialogWidth: 370,
  skeletonRows: 5,
  loadingBarHeight: 2,
} as const;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const SILENT_SIGN_IN = {
  attempts: 2,
  intervalMs: 1000,
  hiddenFrameMs: 2000,
} as const;

export const LANGUAGES = ["es", "zh", "tg"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "es";
/** es is labelled English (SPEC.md §1). Each language names itself. */
export const LANGUAGE_LABELS: Record<Lang, string> = {
  es: "English",
  zh: "中文",
  tg: "Tagalog",
};

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Permission modules and rights (API.md). */
export const PERMISSION_MODULES = [
  "schools",
  "users",
  "roles",
  "courses",
  "materials",
  "reports",
] as const;
export type PermissionModule = (typeof PERMISSION_MODULES)[number];
export const RIGHTS = ["access", "add", "view", "modify"] as const;
export type Right = (typeof RIGHTS)[number];

export const SALUTATIONS = ["Mr.", "Ms.", "Mrs."] as const;
export const SUFFIXES = ["Jr.", "Sr."] as const;

export const ELEMENT_TYPES = ["basic", "lesson"] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];
export const PLACEMENTS = ["top", "before", "after", "bottom"] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const MATERIAL_TYPES = ["file", "link", "page", "quiz", "scorm"] as const;
export type MaterialType = (typeof MATERIAL_TYPES)[number];
export const QUESTION_TYPES = ["single", "multiple", "trueFalse", "shortAnswer"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const BULK_UPLOAD_MODES = ["add", "upsert"] as const;
export type BulkUploadMode = (typeof BULK_UPLOAD_MODES)[number];

/** Storage key of the client session (SPEC.md §3). */
export const SESSION_STORAGE_KEY = "auth";
