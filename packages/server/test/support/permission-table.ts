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
    impact: USERS_ADMIN,
    trash: USERS_ADMIN,
    restore: USERS_ADMIN,
    purge: USERS_ADMIN,
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
    impact: GLOBAL_SCHOOLS,
    trash: GLOBAL_SCHOOLS,
    restore: GLOBAL_SCHOOLS,
    purge: GLOBAL_SCHOOLS,
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
    impact: ROLES_ADMIN,
    trash: ROLES_ADMIN,
    restore: ROLES_ADMIN,
    purge: ROLES_ADMIN,
    setstatus: ROLES_ADMIN,
  },
  course: {
    list: COURSES_VIEW,
    export: COURSES_VIEW,
    get: COURSES_VIEW,
    create: COURSES_EDIT,
    update: COURSES_EDIT,
    delete: COURSES_EDIT,
    impact: COURSES_EDIT,
    trash: COURSES_EDIT,
    restore: COURSES_EDIT,
    purge: COURSES_EDIT,
    publish: COURSES_EDIT,
    unpublish: COURSES_EDIT,
  },
  element: {
    list: COURSES_VIEW,
    export: COURSES_VIEW,
    create: COURSES_EDIT,
    update: COURSES_EDIT,
    delete: COURSES_EDIT,
    impact: COURSES_EDIT,
    trash: COURSES_EDIT,
    restore: COURSES_EDIT,
    purge: COURSES_EDIT,
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
    impact: MATERIALS,
    trash: MATERIALS,
    restore: MATERIALS,
    purge: MATERIALS,
    publish: MATERIALS,
    unpublish: MATERIALS,
    quizsettings: MATERIALS,
    swap: MATERIALS,
    scormreset: COURSES_EDIT,
    scormcomplete: COURSES_EDIT,
  },
  config: {
    get: ALL,
  },
  progress: {
    list: COURSES_EDIT,
    export: COURSES_EDIT,
  },
  /** Staff who see the course (issue 15): students are refused by the command's rule. */
  scormreport: {
    list: COURSES_EDIT,
    export: COURSES_EDIT,
    get: COURSES_EDIT,
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
  /** Global admins (roles modify) every school, a school admin its own (issue 13). */
  audit: {
    list: "YYNYNNN",
    export: "YYNYNNN",
  },
  class: {
    list: CLASSES_VIEW,
    export: CLASSES_VIEW,
    get: CLASSES_VIEW,
    move: USERS_ADMIN,
  },
};

export type SeededRole = (typeof SEEDED_ROLES)[number];

/**
 * The column for the target's role (issue 12, "Authority has a ceiling"): for each command that
 * acts on another user (the commands that declare a `target`), each seeded acting role (the keys)
 * and each seeded target role (the letters, in the order of SEEDED_ROLES): Y allowed; N refused
 * (a 403, or for a bulk upload row its `errors.forbidden`, the file writing nothing); S the target
 * is outside the caller's scope (a 404, as any record of another school); - not a target of the
 * command (a class move moves students only). The target is always another user than the caller.
 * Written by hand from the seeded permissions, comparing only the authority modules (schools,
 * users, roles; learning rights are not power over people): admin and rex admin have every right,
 * so they reach everyone, each other included; lsg has schools and users (all) and roles read, so
 * it reaches the school admins (schools without add, users, roles read), teachers, students and
 * parents (no authority rights) and other lsg users, never admin or rex admin (their roles add and
 * modify are beyond its roles read); a school admin reaches the users of its school, none of
 * whom has authority rights beyond its own (other school admins included: equal rights), and no
 * global user; teacher, student and parent have no users rights at all. `create`: the role of the
 * user created.
 */
const TOP = "YYYYYYY";
const LSG = "NNYYYYY";
const SCHOOL = "SSSYYYY";
const NONE = "NNNNNNN";
const ACTS: Record<SeededRole, string> = {
  admin: TOP,
  rexadmin: TOP,
  lsg: LSG,
  schooladmin: SCHOOL,
  teacher: NONE,
  student: NONE,
  parent: NONE,
};
/** Giving a role (create, bulk upload): a school admin cannot give a global role (403). */
const GIVES: Record<SeededRole, string> = { ...ACTS, schooladmin: "NNNYYYY" };

/**
 * A teacher's actions on a student's SCORM attempts (issue 15): students only, by whoever may
 * change courses (the course's progress scope decides further: scorm-attempts.test.ts).
 */
const ON_STUDENTS: Record<SeededRole, string> = {
  admin: "-----Y-",
  rexadmin: "-----Y-",
  lsg: "-----N-",
  schooladmin: "-----Y-",
  teacher: "-----Y-",
  student: "-----N-",
  parent: "-----N-",
};

export const TARGET_TABLE: Record<string, Record<string, Record<SeededRole, string>>> = {
  user: {
    update: ACTS,
    impact: ACTS,
    delete: ACTS,
    activate: ACTS,
    deactivate: ACTS,
    resendactivation: ACTS,
    changepassword: ACTS,
    create: GIVES,
    bulkupload: GIVES,
  },
  material: {
    scormreset: ON_STUDENTS,
    scormcomplete: ON_STUDENTS,
  },
  class: {
    move: {
      admin: "-----Y-",
      rexadmin: "-----Y-",
      lsg: "-----Y-",
      schooladmin: "-----Y-",
      teacher: "-----N-",
      student: "-----N-",
      parent: "-----N-",
    },
  },
};
