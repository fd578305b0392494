/**
 * Every route of SPEC.md §2, in one map. Components build URLs with getHref, never with string
 * literals, so a route changes in one place.
 */
const id = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  root: { path: "/" },
  notFound: { path: "/404", getHref: () => "/404" },
  account: {
    login: { path: "/account/login", getHref: () => "/account/login" },
    forgotPassword: { path: "/account/forgot-password", getHref: () => "/account/forgot-password" },
    resetPassword: { path: "/account/reset-password", getHref: () => "/account/reset-password" },
    setPassword: { path: "/account/set-password", getHref: () => "/account/set-password" },
    invalidResetPassword: {
      path: "/account/invalid-reset-password",
      getHref: () => "/account/invalid-reset-password",
    },
    invalidActivation: {
      path: "/account/invalid-activation",
      getHref: () => "/account/invalid-activation",
    },
  },
  schools: {
    list: { path: "/schools", getHref: () => "/schools" },
    create: { path: "/schools/create", getHref: () => "/schools/create" },
    recycleBin: { path: "/schools/recycle-bin", getHref: () => "/schools/recycle-bin" },
    edit: {
      path: "/schools/:id/edit",
      getHref: (schoolId: string | number) => `/schools/${id(schoolId)}/edit`,
    },
    details: {
      path: "/schools/:id",
      getHref: (schoolId: string | number) => `/schools/${id(schoolId)}`,
    },
    info: {
      path: "/schools/:id/info",
      getHref: (schoolId: string | number) => `/schools/${id(schoolId)}/info`,
    },
    users: {
      path: "/schools/:id/users",
      getHref: (schoolId: string | number) => `/schools/${id(schoolId)}/users`,
    },
    settings: {
      path: "/schools/:id/settings",
      getHref: (schoolId: string | number) => `/schools/${id(schoolId)}/settings`,
    },
    classes: {
      path: "/schools/:id/classes",
      getHref: (schoolId: string | number) => `/schools/${id(schoolId)}/classes`,
    },
    classDetails: {
      path: "/schools/:id/classes/:classId",
      getHref: (schoolId: string | number, classId: string) =>
        `/schools/${id(schoolId)}/classes/${id(classId)}`,
    },
  },
  classes: {
    list: { path: "/classes", getHref: () => "/classes" },
    details: {
      path: "/classes/:classId",
      getHref: (classId: string) => `/classes/${id(classId)}`,
    },
  },
  profile: {
    details: { path: "/profile/details", getHref: () => "/profile/details" },
    edit: { path: "/profile/edit", getHref: () => "/profile/edit" },
    changePassword: { path: "/profile/change-password", getHref: () => "/profile/change-password" },
  },
  roles: {
    list: { path: "/roles-and-permissions", getHref: () => "/roles-and-permissions" },
    create: {
      path: "/roles-and-permissions/create",
      getHref: () => "/roles-and-permissions/create",
    },
    recycleBin: {
      path: "/roles-and-permissions/recycle-bin",
      getHref: () => "/roles-and-permissions/recycle-bin",
    },
    edit: {
      path: "/roles-and-permissions/:id/edit",
      getHref: (roleId: string | number) => `/roles-and-permissions/${id(roleId)}/edit`,
    },
    view: {
      path: "/roles-and-permissions/:id",
      getHref: (roleId: string | number) => `/roles-and-permissions/${id(roleId)}`,
    },
  },
  courses: {
    list: { path: "/courses", getHref: () => "/courses" },
    /** The bin of courses, course elements (?type=elements) or materials (?type=materials). */
    recycleBin: {
      path: "/courses/recycle-bin",
      getHref: (type?: "elements" | "materials") =>
        type ? `/courses/recycle-bin?type=${type}` : "/courses/recycle-bin",
    },
    view: {
      path: "/courses/:courseId",
      getHref: (courseId: string | number) => `/courses/${id(courseId)}`,
    },
    studentMode: {
      path: "/courses/:courseId/student-mode",
      getHref: (courseId: string | number) => `/courses/${id(courseId)}/student-mode`,
    },
    createMaterial: {
      path: "/courses/:courseId/create-material/:sectionId/:materialName",
      getHref: (courseId: string | number, sectionId: string | number, materialName: string) =>
        `/courses/${id(courseId)}/create-material/${id(sectionId)}/${id(materialName)}`,
    },
    updateMaterial: {
      path: "/courses/:courseId/update-material/:materialId",
      getHref: (courseId: string | number, materialId: string | number) =>
        `/courses/${id(courseId)}/update-material/${id(materialId)}`,
    },
    quizSettings: {
      path: "/courses/:courseId/quiz-settings/:materialId",
      getHref: (courseId: string | number, materialId: string | number) =>
        `/courses/${id(courseId)}/quiz-settings/${id(materialId)}`,
    },
    /** A SCORM material's report: students × attempts (issue 15). */
    scormReport: {
      path: "/courses/:courseId/scorm-report/:materialId",
      getHref: (courseId: string | number, materialId: string | number) =>
        `/courses/${id(courseId)}/scorm-report/${id(materialId)}`,
    },
    /** One attempt of the report: its interactions and objectives. */
    scormAttempt: {
      path: "/courses/:courseId/scorm-report/:materialId/:userId/:attempt",
      getHref: (
        courseId: string | number,
        materialId: string | number,
        userId: string | number,
        attempt: string | number,
      ) => `/courses/${id(courseId)}/scorm-report/${id(materialId)}/${id(userId)}/${id(attempt)}`,
    },
    element: {
      path: "/courses/:courseId/elements/:elementId",
      getHref: (courseId: string | number, elementId: string | number) =>
        `/courses/${id(courseId)}/elements/${id(elementId)}`,
    },
    elementStudentMode: {
      path: "/courses/:courseId/elements/:elementId/student-mode",
      getHref: (courseId: string | number, elementId: string | number) =>
        `/courses/${id(courseId)}/elements/${id(elementId)}/student-mode`,
    },
  },
  materials: { list: { path: "/materials", getHref: () => "/materials" } },
  users: {
    list: { path: "/users", getHref: () => "/users" },
    create: { path: "/users/create", getHref: () => "/users/create" },
    recycleBin: { path: "/users/recycle-bin", getHref: () => "/users/recycle-bin" },
    details: { path: "/users/:id", getHref: (userId: string | number) => `/users/${id(userId)}` },
    edit: {
      path: "/users/:id/edit",
      getHref: (userId: string | number) => `/users/${id(userId)}/edit`,
    },
    changePassword: {
      path: "/users/:id/change-password",
      getHref: (userId: string | number) => `/users/${id(userId)}/change-password`,
    },
  },
  scorm: { path: "/scorm", getHref: () => "/scorm" },
  audit: { list: { path: "/audit-log", getHref: () => "/audit-log" } },
} as const;
