import { useEffect, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { Redirect } from "../components/redirect";
import { useApiClient, useSession } from "../lib/api-context";
import type { Permissions, PermissionModule } from "@lms/core";
import NoAccessPage from "../components/no-access-page";
import NotFoundPage from "../components/not-found-page";
import { paths } from "./paths";

/** Visitor-only routes: a signed-in user goes to /schools (SPEC.md §2). */
export function VisitorOnly() {
  const session = useSession();
  if (session.token && session.profile) return <Redirect to={paths.schools.list.getHref()} />;
  return <Outlet />;
}

/**
 * Authenticated routes: signed out goes to login; the login status check runs before each
 * protected route change (SPEC.md §7), and an expired session lands on login with its message.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const client = useApiClient();
  const location = useLocation();
  const signedIn = Boolean(session.token && session.profile);

  useEffect(() => {
    if (signedIn) void client.checkLoginStatus();
  }, [client, signedIn, location.pathname]);

  if (!signedIn) return <Redirect to={paths.account.login.getHref()} />;
  return children;
}

/**
 * The right of the permission matrix a route needs (its module's access as well), or a rule of
 * its own on the signed-in user's school and rights (the audit log's, from @lms/core).
 */
export type RouteAccess =
  | { module: PermissionModule; right: "view" | "add" | "modify" }
  | { allow: (user: { schoolId: number | null; permissions: Permissions }) => boolean };

export interface RouteRules {
  /** SPEC.md §6: a per-route role list; a role not in it sees not-found. */
  roleIds?: readonly number[] | undefined;
  access?: RouteAccess | undefined;
}

/**
 * A route's page behind its rules. Issue 13: a route whose module the role may not use shows the
 * no-access screen instead of the staff screen with its empty, refused tables. The server decides
 * in any case; before the rights are known (a session kept from an older version) the route shows
 * as before.
 */
export function RouteGuard({ roleIds, access, children }: RouteRules & { children: ReactNode }) {
  const { permissions, profile } = useSession();
  if (roleIds && (!profile || !roleIds.includes(Number(profile.roleId)))) return <NotFoundPage />;
  if (access && permissions && "allow" in access) {
    const schoolId = profile?.schoolId ? Number(profile.schoolId) : null;
    if (!access.allow({ schoolId, permissions })) return <NoAccessPage />;
  } else if (access && permissions && "module" in access) {
    const rights = permissions[access.module];
    if (!rights?.access || !rights[access.right]) return <NoAccessPage />;
  }
  return children;
}
