import { cn } from "@lms/ui";
import { NavLink } from "react-router-dom";

/**
 * Tabs that are pages (school details: information, users, settings): links in a navigation
 * landmark, the current one marked aria-current, so each tab has its own URL and history entry.
 */
export function RouteTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { href: string; label: string }[];
}) {
  return (
    <nav aria-label={label} className="border-b border-border">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <NavLink
              to={tab.href}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  isActive
                    ? "border-primary text-primary"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
