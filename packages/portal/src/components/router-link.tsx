import type { RenderLinkProps } from "@lms/ui";
import { Link } from "react-router-dom";

/**
 * DataTable's `renderLink` for hash routes: rows link to `#/path` (so a plain anchor works too),
 * and the router's Link takes the path without the `#`.
 */
export function renderRouterLink({ href, className, children }: RenderLinkProps) {
  return (
    <Link to={href.replace(/^#/, "")} className={className}>
      {children}
    </Link>
  );
}
