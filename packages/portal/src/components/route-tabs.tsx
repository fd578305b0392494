import { cn } from "@lms/ui";
import { Link, NavLink } from "react-router-dom";

const tabClass = (active: boolean) =>
  cn(
    "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
    active
      ? "border-primary text-primary"
      : "border-transparent text-muted-foreground hover:text-foreground",
  );

/**
 * Tabs that are pages (school details: information, users, settings): links in a navigation
 * landmark, the current one marked aria-current, so each tab has its own URL and history entry.
 * Tabs that differ only in their query (?type=...) name the current one with `current`.
 */
export function RouteTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: { href: string; label: string }[];
  current?: string;
}) {
  if (current !== undefined) {
    return (
      <nav aria-label={label} className="border-b border-border">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {tabs.map((tab) => (
            <li key={tab.href}>
              <Link
                to={tab.href}
                aria-current={tab.href === current ? "page" : undefined}
                className={tabClass(tab.href === current)}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <nav aria-label={label} className="border-b border-border">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <NavLink to={tab.href} className={({ isActive }) => tabClass(isActive)}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
