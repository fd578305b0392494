import { useEffect } from "react";
import { parsePath, useLocation, useNavigate } from "react-router-dom";

/**
 * A redirect that goes again each time its route is entered: a <Navigate> still mounted when the
 * user comes back to its route before its first redirect has landed would not go again (a
 * visitor route opened right after signing in stayed blank, issue 13). It does not go when the
 * address has moved on meanwhile: the router shows a page only once its code has arrived, and
 * an address typed in that time must not be replaced by the redirect.
 */
export function Redirect({ to }: { to: string }) {
  const { key, pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const current = parsePath(window.location.hash.slice(1)).pathname;
    if (current && current !== pathname) return;
    void navigate(to, { replace: true });
  }, [key, pathname, navigate, to]);
  return null;
}
