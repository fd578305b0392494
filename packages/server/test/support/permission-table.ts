/**
 * For each seeded role and each command: allowed (Y) or denied (N, a 403), in the order of
 * SEEDED_ROLES. It is written from the seeded permissions (ARCHITECTURE.md "Data") by hand, not
 * computed, so that a change of the declarations or of the seed shows up here.
 */
export const SEEDED_ROLES = [
  "admin",
  "rexadmin",
  "lsg",
  "schooladmin",
  "teacher",
  "student",
  "parent",
] as const;

const ALL = "YYYYYYY";
const USERS_ADMIN = "YYYYNNN";
const GLOBAL_SCHOOLS = "YYYNNNN";
const SCHOOLS_VIEW = "YYYYNNN";
const ROLES_VIEW = "YYYYNNN";
const ROLES_ADMIN = "YYNNNNN";
const COURSES_VIEW = "YYNYYYN";
const COURSES_EDIT = "YYNYYNN";
const MATERIALS = "YYNYYNN";
/** Classes: users view, or a teacher's own load (issue "Classes"). */
const CLASSES_VIEW = "YYYYYNN";

export const PERMISSION_TABLE: Record<string, Record<string, string>> = {
  user: {
    login: ALL,
    getisloggedinstatus: ALL,
    logout: ALL,
    forgotpassword: ALL,
    verifytoken: ALL,
    resetpassword: ALL,
    setpassword: ALL,
    changepassword: ALL,
    profile: ALL,
    updateprofile: ALL,
    setlanguage: ALL,
    list: USERS_ADMIN,
    export: USERS_ADMIN,
    get: USERS_ADMIN,
    create: USERS_ADMIN,
    update: USERS_ADMIN,
    delete: USERS_ADMIN,
    activate: USERS_ADMIN,
    deactivate: USERS_ADMIN,
    resendactivation: USERS_ADMIN,
    bulkupload: USERS_ADMIN,
    template: USERS_ADMIN,
  },
  school: {
    list: SCHOOLS_VIEW,
    export: SCHOOLS_VIEW,
    get: SCHOOLS_VIEW,
    create: GLOBAL_SCHOOLS,
    update: SCHOOLS_VIEW,
    delete: GLOBAL_SCHOOLS,
    setstatus: GLOBAL_SCHOOLS,
  },
  role: {
    list: ROLES_VIEW,
    export: ROLES_VIEW,
    get: ROLES_VIEW,
    modules: ROLES_VIEW,
    create: ROLES_ADMIN,
    update: ROLES_ADMIN,
    delete: ROLES_ADMIN,
    setstatus: ROLES_ADMIN,
  },
  course: {
    list: COURSES_VIEW,
    export: COURSES_VIEW,
    get: COURSES_VIEW,
    create: COURSES_EDIT,
    update: COURSES_EDIT,
    delete: COURSES_EDIT,
    publish: COURSES_EDIT,
    unpublish: COURSES_EDIT,
  },
  element: {
    list: COURSES_VIEW,
    export: COURSES_VIEW,
    create: COURSES_EDIT,
    update: COURSES_EDIT,
    delete: COURSES_EDIT,
    publish: COURSES_EDIT,
    unpublish: COURSES_EDIT,
    swap: COURSES_EDIT,
  },
  material: {
    list: MATERIALS,
    export: MATERIALS,
    get: MATERIALS,
    download: MATERIALS,
    create: MATERIALS,
    update: MATERIALS,
    delete: MATERIALS,
    publish: MATERIALS,
    unpublish: MATERIALS,
    quizsettings: MATERIALS,
    swap: MATERIALS,
  },
  config: {
    get: ALL,
  },
  progress: {
    list: COURSES_EDIT,
    export: COURSES_EDIT,
  },
  journey: {
    mycourses: COURSES_VIEW,
    children: ALL,
    path: ALL,
    open: COURSES_VIEW,
    complete: COURSES_VIEW,
    scormload: COURSES_VIEW,
    scormcommit: COURSES_VIEW,
    next: COURSES_VIEW,
    resume: COURSES_VIEW,
    summary: ALL,
  },
  class: {
    list: CLASSES_VIEW,
    export: CLASSES_VIEW,
    get: CLASSES_VIEW,
    move: USERS_ADMIN,
  },
};
