import { ROLE_IDS, auditReach } from "@lms/core";
import { Suspense, type ComponentType } from "react";
import { createHashRouter, Outlet, useRouteError, type RouteObject } from "react-router-dom";
import { loadChunk } from "../lib/lazy";
import { Redirect } from "../components/redirect";
import { RouteGuard, VisitorOnly, type RouteRules } from "./guards";
import { LoadingScreen } from "./loading-screen";
import { paths } from "./paths";
import { RouteError } from "./route-error";

/**
 * A route's page, loaded by react-router's route `lazy` when a location first matches it: the
 * router loads every lazy route a location matches at once, keeps the current page on screen
 * while the next one loads, and gives a load up after SPEC.md §8's 120 s (the error screen).
 */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, "lazy"> {
  return { lazy: () => loadChunk(load)().then((module) => ({ Component: module.default })) };
}

/** A course's material pages open inside the course's frame, which reads the course for them. */
const courseFrame = page(() => import("../features/courses/routes/course-frame"));

/** Who manages courses: student mode and the course's own screens are theirs. */
const STAFF_ROLE_IDS = [
  ROLE_IDS.admin,
  ROLE_IDS.teacher,
  ROLE_IDS.schoolAdmin,
  ROLE_IDS.rexAdmin,
] as const;

const visitorRoutes: RouteObject[] = [
  {
    path: paths.account.login.path,
    ...page(() => import("../features/auth/routes/login")),
  },
  {
    path: paths.account.forgotPassword.path,
    ...page(() => import("../features/auth/routes/forgot-password")),
  },
  {
    path: paths.account.resetPassword.path,
    ...page(() => import("../features/auth/routes/reset-password")),
  },
  {
    path: paths.account.setPassword.path,
    ...page(() => import("../features/auth/routes/set-password")),
  },
  {
    path: paths.account.invalidResetPassword.path,
    ...page(() => import("../features/auth/routes/invalid-reset-password")),
  },
  {
    path: paths.account.invalidActivation.path,
    ...page(() => import("../features/auth/routes/invalid-activation")),
  },
];

/**
 * Authenticated routes (SPEC.md §2). A route may list the role ids allowed (SPEC.md §6) and the
 * right of the permission matrix it needs (issue 13).
 */
const authenticatedRoutes: (RouteObject & RouteRules)[] = [
  {
    path: paths.schools.list.path,
    ...page(() => import("../features/schools/routes/schools-list")),
  },
  {
    path: paths.schools.create.path,
    access: { module: "schools", right: "add" },
    ...page(() => import("../features/schools/routes/school-create")),
  },
  {
    path: paths.schools.recycleBin.path,
    access: { module: "schools", right: "modify" },
    ...page(() => import("../features/trash/routes/schools-recycle-bin")),
  },
  {
    path: paths.schools.edit.path,
    access: { module: "schools", right: "modify" },
    ...page(() => import("../features/schools/routes/school-edit")),
  },
  {
    path: paths.schools.details.path,
    access: { module: "schools", right: "view" },
    ...page(() => import("../features/schools/routes/school-index-redirect")),
  },
  {
    path: paths.users.list.path,
    access: { module: "users", right: "view" },
    ...page(() => import("../features/users/routes/users-list")),
  },
  {
    path: paths.users.create.path,
    access: { module: "users", right: "add" },
    ...page(() => import("../features/users/routes/user-create")),
  },
  {
    path: paths.users.recycleBin.path,
    access: { module: "users", right: "modify" },
    ...page(() => import("../features/trash/routes/users-recycle-bin")),
  },
  {
    path: paths.users.details.path,
    access: { module: "users", right: "view" },
    ...page(() => import("../features/users/routes/user-details")),
  },
  {
    path: paths.users.edit.path,
    access: { module: "users", right: "modify" },
    ...page(() => import("../features/users/routes/user-edit")),
  },
  {
    path: paths.users.changePassword.path,
    access: { module: "users", right: "modify" },
    ...page(() => import("../features/users/routes/user-change-password")),
  },
  {
    access: { module: "schools", right: "view" },
    ...page(() => import("../features/schools/routes/school-details")),
    children: [
      {
        path: paths.schools.info.path,
        ...page(() => import("../features/schools/routes/school-info")),
      },
      {
        path: paths.schools.users.path,
        ...page(() => import("../features/users/routes/school-users-tab")),
      },
      {
        path: paths.schools.classes.path,
        ...page(() => import("../features/classes/routes/school-classes-tab")),
      },
      {
        path: paths.schools.settings.path,
        ...page(() => import("../features/schools/routes/school-settings")),
      },
    ],
  },
  {
    path: paths.schools.classDetails.path,
    ...page(() => import("../features/classes/routes/class-details")),
  },
  {
    path: paths.classes.list.path,
    ...page(() => import("../features/classes/routes/classes-list")),
  },
  {
    path: paths.classes.details.path,
    ...page(() => import("../features/classes/routes/class-details")),
  },
  {
    path: paths.roles.list.path,
    access: { module: "roles", right: "view" },
    ...page(() => import("../features/roles/routes/roles-list")),
  },
  {
    path: paths.roles.create.path,
    access: { module: "roles", right: "add" },
    ...page(() => import("../features/roles/routes/role-create")),
  },
  {
    path: paths.roles.recycleBin.path,
    access: { module: "roles", right: "modify" },
    ...page(() => import("../features/trash/routes/roles-recycle-bin")),
  },
  {
    path: paths.roles.edit.path,
    access: { module: "roles", right: "modify" },
    ...page(() => import("../features/roles/routes/role-edit")),
  },
  {
    path: paths.roles.view.path,
    access: { module: "roles", right: "view" },
    ...page(() => import("../features/roles/routes/role-view")),
  },
  {
    path: paths.profile.details.path,
    ...page(() => import("../features/profile/routes/profile-details")),
  },
  {
    path: paths.profile.edit.path,
    ...page(() => import("../features/profile/routes/profile-edit")),
  },
  {
    path: paths.profile.changePassword.path,
    ...page(() => import("../features/profile/routes/profile-change-password")),
  },
  {
    path: paths.courses.list.path,
    ...page(() => import("./routes/courses-entry")),
  },
  {
    path: paths.courses.recycleBin.path,
    access: { module: "courses", right: "modify" },
    ...page(() => import("../features/trash/routes/courses-recycle-bin")),
  },
  {
    path: paths.courses.view.path,
    ...page(() => import("./routes/course-entry")),
  },
  {
    path: paths.courses.studentMode.path,
    roleIds: STAFF_ROLE_IDS,
    ...page(() => import("./routes/student-mode")),
  },
  {
    path: paths.courses.createMaterial.path,
    access: { module: "materials", right: "add" },
    ...courseFrame,
    children: [
      { index: true, ...page(() => import("../features/materials/routes/material-create")) },
    ],
  },
  {
    path: paths.courses.updateMaterial.path,
    access: { module: "materials", right: "modify" },
    ...courseFrame,
    children: [
      { index: true, ...page(() => import("../features/materials/routes/material-update")) },
    ],
  },
  {
    path: paths.courses.quizSettings.path,
    access: { module: "materials", right: "modify" },
    ...courseFrame,
    children: [
      { index: true, ...page(() => import("../features/materials/routes/quiz-settings")) },
    ],
  },
  {
    path: paths.courses.scormReport.path,
    roleIds: STAFF_ROLE_IDS,
    access: { module: "courses", right: "view" },
    ...page(() => import("../features/scorm-report/routes/scorm-report")),
  },
  {
    path: paths.courses.scormAttempt.path,
    roleIds: STAFF_ROLE_IDS,
    access: { module: "courses", right: "view" },
    ...page(() => import("../features/scorm-report/routes/scorm-attempt")),
  },
  {
    path: paths.courses.element.path,
    ...page(() => import("./routes/element-entry")),
  },
  {
    path: paths.courses.elementStudentMode.path,
    roleIds: STAFF_ROLE_IDS,
    ...page(() => import("./routes/student-mode")),
  },
  {
    path: paths.scorm.path,
    ...page(() => import("../features/materials/routes/scorm")),
  },
  {
    path: paths.materials.list.path,
    access: { module: "materials", right: "view" },
    ...page(() => import("../features/materials/routes/materials-list")),
  },
  {
    path: paths.audit.list.path,
    access: { allow: (user) => auditReach(user) !== null },
    ...page(() => import("../features/audit/routes/audit-log")),
  },
];

/**
 * A route behind its rules: its page, once loaded, renders inside RouteGuard. The rules live in
 * the route itself, not in parent routes: react-router matches a location against every level of
 * every route, a regular expression each, and two guard levels a route made the opening's
 * matching about twice as long (issue 14). The page loads before the guard shows, as it did under
 * a guard route.
 */
function guarded({ roleIds, access, ...route }: RouteObject & RouteRules): RouteObject {
  if (!roleIds && !access) return route;
  const load = route.lazy;
  if (typeof load !== "function") throw new Error(`A guarded route needs a page: ${route.path}`);
  return {
    ...route,
    lazy: async () => {
      const loaded = await load();
      const Page = loaded.Component as ComponentType;
      return {
        ...loaded,
        Component: function GuardedPage() {
          return (
            <RouteGuard roleIds={roleIds} access={access}>
              <Page />
            </RouteGuard>
          );
        },
      };
    },
  } as RouteObject;
}

const pages: RouteObject[] = [
  { path: paths.root.path, element: <Redirect to={paths.account.login.getHref()} /> },
  { element: <VisitorOnly />, children: visitorRoutes },
  {
    ...page(() => import("./authenticated-layout")),
    children: authenticatedRoutes.map(guarded),
  },
  { path: "*", ...page(() => import("../components/not-found-page")) },
];

/** A page whose code failed to load, or that failed to render: the error screen. */
function RootError() {
  return <RouteError error={useRouteError()} />;
}

export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    ),
    // Until the opening route's code has arrived.
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RootError />,
    children: pages,
  },
];

type HistoryState = { usr?: unknown; key?: string; idx?: number } | null;

const historyIndex = () => (window.history.state as HistoryState)?.idx;

/**
 * A hash typed in the address bar adds a history entry without the router's index: the router
 * could hold neither that step nor a Back onto that entry for a form with unsaved changes. Such
 * an entry gets the index after the one the app was on. Listens before the router does.
 */
function indexTypedEntries(): (router: AppRouter) => void {
  let current = 0;
  window.addEventListener("popstate", () => {
    const state = window.history.state as HistoryState;
    if (typeof state?.idx === "number") return;
    const key = Math.random().toString(36).slice(2, 10);
    window.history.replaceState({ usr: null, key, ...state, idx: current + 1 }, "");
  });
  return (router) => {
    current = historyIndex() ?? 0;
    router.subscribe((state) => {
      // While a step is held, the browser is still on its way back to the form's entry.
      if ([...state.blockers.values()].some((blocker) => blocker.state === "blocked")) return;
      current = historyIndex() ?? current;
    });
  };
}

/**
 * The app's router. A data router (issue 13): only under one can a form with unsaved changes
 * hold a navigation back (useBlocker) until the user has answered.
 */
export function createAppRouter() {
  const track = indexTypedEntries();
  const router = createHashRouter(routes);
  track(router);
  return router;
}

export type AppRouter = ReturnType<typeof createHashRouter>;

/** Resolves once the router has the opening route's code. */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
