import { ROLE_IDS } from "@lms/core";
import { Navigate, createHashRouter, type RouteObject } from "react-router-dom";
import { RequireRole, VisitorOnly } from "./guards";
import { lazyPage } from "./lazy";
import { paths } from "./paths";
import { RouteError } from "./route-error";

/** Who manages courses: student mode and the course's own screens are theirs. */
const STAFF_ROLE_IDS = [
  ROLE_IDS.admin,
  ROLE_IDS.teacher,
  ROLE_IDS.schoolAdmin,
  ROLE_IDS.rexAdmin,
] as const;

const visitorRoutes: RouteObject[] = [
  { path: paths.account.login.path, lazy: lazyPage(() => import("../features/auth/routes/login")) },
  {
    path: paths.account.forgotPassword.path,
    lazy: lazyPage(() => import("../features/auth/routes/forgot-password")),
  },
  {
    path: paths.account.resetPassword.path,
    lazy: lazyPage(() => import("../features/auth/routes/reset-password")),
  },
  {
    path: paths.account.setPassword.path,
    lazy: lazyPage(() => import("../features/auth/routes/set-password")),
  },
  {
    path: paths.account.invalidResetPassword.path,
    lazy: lazyPage(() => import("../features/auth/routes/invalid-reset-password")),
  },
  {
    path: paths.account.invalidActivation.path,
    lazy: lazyPage(() => import("../features/auth/routes/invalid-activation")),
  },
];

/** Authenticated routes (SPEC.md §2). A route may list the role ids allowed (SPEC.md §6). */
const authenticatedRoutes: (RouteObject & { roleIds?: readonly number[] })[] = [
  {
    path: paths.schools.list.path,
    lazy: lazyPage(() => import("../features/schools/routes/schools-list")),
  },
  {
    path: paths.schools.create.path,
    lazy: lazyPage(() => import("../features/schools/routes/school-create")),
  },
  {
    path: paths.schools.edit.path,
    lazy: lazyPage(() => import("../features/schools/routes/school-edit")),
  },
  {
    path: paths.schools.details.path,
    lazy: lazyPage(() => import("../features/schools/routes/school-index-redirect")),
  },
  {
    path: paths.users.list.path,
    lazy: lazyPage(() => import("../features/users/routes/users-list")),
  },
  {
    path: paths.users.create.path,
    lazy: lazyPage(() => import("../features/users/routes/user-create")),
  },
  {
    path: paths.users.details.path,
    lazy: lazyPage(() => import("../features/users/routes/user-details")),
  },
  {
    path: paths.users.edit.path,
    lazy: lazyPage(() => import("../features/users/routes/user-edit")),
  },
  {
    path: paths.users.changePassword.path,
    lazy: lazyPage(() => import("../features/users/routes/user-change-password")),
  },
  {
    lazy: lazyPage(() => import("../features/schools/routes/school-details")),
    children: [
      {
        path: paths.schools.info.path,
        lazy: lazyPage(() => import("../features/schools/routes/school-info")),
      },
      {
        path: paths.schools.users.path,
        lazy: lazyPage(() => import("../features/users/routes/school-users-tab")),
      },
      {
        path: paths.schools.classes.path,
        lazy: lazyPage(() => import("../features/classes/routes/school-classes-tab")),
      },
      {
        path: paths.schools.settings.path,
        lazy: lazyPage(() => import("../features/schools/routes/school-settings")),
      },
    ],
  },
  {
    path: paths.schools.classDetails.path,
    lazy: lazyPage(() => import("../features/classes/routes/class-details")),
  },
  {
    path: paths.classes.list.path,
    lazy: lazyPage(() => import("../features/classes/routes/classes-list")),
  },
  {
    path: paths.classes.details.path,
    lazy: lazyPage(() => import("../features/classes/routes/class-details")),
  },
  {
    path: paths.roles.list.path,
    lazy: lazyPage(() => import("../features/roles/routes/roles-list")),
  },
  {
    path: paths.roles.create.path,
    lazy: lazyPage(() => import("../features/roles/routes/role-create")),
  },
  {
    path: paths.roles.edit.path,
    lazy: lazyPage(() => import("../features/roles/routes/role-edit")),
  },
  {
    path: paths.roles.view.path,
    lazy: lazyPage(() => import("../features/roles/routes/role-view")),
  },
  {
    path: paths.profile.details.path,
    lazy: lazyPage(() => import("../features/profile/routes/profile-details")),
  },
  {
    path: paths.profile.edit.path,
    lazy: lazyPage(() => import("../features/profile/routes/profile-edit")),
  },
  {
    path: paths.profile.changePassword.path,
    lazy: lazyPage(() => import("../features/profile/routes/profile-change-password")),
  },
  {
    path: paths.courses.list.path,
    lazy: lazyPage(() => import("../features/journey/routes/courses-entry")),
  },
  {
    path: paths.courses.view.path,
    lazy: lazyPage(() => import("../features/journey/routes/course-entry")),
  },
  {
    path: paths.courses.studentMode.path,
    roleIds: STAFF_ROLE_IDS,
    lazy: lazyPage(() => import("../features/courses/routes/course-student-mode")),
  },
  {
    path: paths.courses.createMaterial.path,
    lazy: lazyPage(() => import("../features/courses/routes/material-create")),
  },
  {
    path: paths.courses.updateMaterial.path,
    lazy: lazyPage(() => import("../features/courses/routes/material-update")),
  },
  {
    path: paths.courses.quizSettings.path,
    lazy: lazyPage(() => import("../features/courses/routes/quiz-settings")),
  },
  {
    path: paths.courses.element.path,
    lazy: lazyPage(() => import("../features/journey/routes/element-entry")),
  },
  {
    path: paths.courses.elementStudentMode.path,
    roleIds: STAFF_ROLE_IDS,
    lazy: lazyPage(() => import("../features/courses/routes/element-student-mode")),
  },
  {
    path: paths.scorm.path,
    lazy: lazyPage(() => import("../features/journey/routes/scorm")),
  },
  {
    path: paths.materials.list.path,
    lazy: lazyPage(() => import("../features/materials/routes/materials-list")),
  },
];

const notFound = lazyPage(() => import("../components/not-found-page"));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.root.path, element: <Navigate to={paths.account.login.getHref()} replace /> },
      { element: <VisitorOnly />, children: visitorRoutes },
      {
        lazy: lazyPage(() => import("./authenticated-layout")),
        children: authenticatedRoutes.map(({ roleIds, ...route }) => ({
          element: <RequireRole roleIds={roleIds} />,
          children: [route],
        })),
      },
      { path: "*", lazy: notFound },
    ],
  },
];

export function createRouter() {
  return createHashRouter(routes);
}
