import * as React from "react";
import { cn } from "../lib/cn";
import { BellIcon, CalendarIcon, ChevronDownIcon, MailIcon, MenuIcon } from "../lib/icons";
import { ActionMenu } from "./action-menu";
import { useAppShell } from "./app-shell";
import { IconButton } from "./icon-button";

type TopBarMenuItem = {
  label: string;
  onSelect: () => void;
  icon?: React.ReactNode;
  /** Painted red, for example Logout. */
  destructive?: boolean;
};

/** Texts of the top bar; the portal passes catalogue texts. */
type TopBarLabels = {
  /** Name of the button that opens the drawer on small screens. */
  openMenu: string;
  calendar: string;
  email: string;
  notifications: string;
  /** SPEC.md §1: the placeholder menus are marked "Launching Soon". */
  launchingSoon: string;
  /** Name of the profile menu button, before the user's name. */
  profileMenu: string;
};

const defaultLabels: TopBarLabels = {
  openMenu: "Open menu",
  calendar: "Calendar",
  email: "Email",
  notifications: "Notifications",
  launchingSoon: "Launching Soon",
  profileMenu: "Account",
};

type TopBarProps = React.ComponentProps<"header"> & {
  /** The logo or product name at the start. */
  brand?: React.ReactNode;
  /** The signed-in user's first name. */
  userName: string;
  /** The user's photo; initials are shown without it. */
  userPhotoUrl?: string;
  /** Entries of the profile dropdown, for example My Profile and Logout. */
  profileMenuItems: readonly TopBarMenuItem[];
  /** Hide the calendar, email and notification placeholders. */
  hidePlaceholders?: boolean;
  labels?: Partial<TopBarLabels>;
};

function Avatar({ name, src }: { name: string; src?: string | undefined }) {
  const [failed, setFailed] = React.useState(false);
  const initials = name.trim().slice(0, 1).toUpperCase() || "?";
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(true)}
        className="size-8 shrink-0 rounded-full border border-border object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
    >
      {initials}
    </span>
  );
}

function PlaceholderMenu({
  label,
  launchingSoon,
  icon,
}: {
  label: string;
  launchingSoon: string;
  icon: React.ReactNode;
}) {
  return (
    <ActionMenu
      trigger={
        <IconButton label={label} className="text-muted-foreground">
          {icon}
        </IconButton>
      }
      heading={label}
      contentClassName="min-w-[13rem]"
      items={[
        {
          label: launchingSoon,
          disabled: true,
          className: "justify-center py-4 text-muted-foreground",
        },
      ]}
    />
  );
}

/** The bar across the top: brand, placeholder menus, and the user's photo, name and profile menu. */
function TopBar({
  brand,
  userName,
  userPhotoUrl,
  profileMenuItems,
  hidePlaceholders = false,
  labels: labelsProp,
  className,
  children,
  ...props
}: TopBarProps) {
  const labels = { ...defaultLabels, ...labelsProp };
  const shell = useAppShell();
  return (
    <header
      data-slot="top-bar"
      className={cn(
        "sticky top-0 z-40 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-topbar px-3 text-topbar-foreground sm:px-4",
        className,
      )}
      {...props}
    >
      {shell?.mobile ? (
        <IconButton
          label={labels.openMenu}
          aria-expanded={shell.drawerOpen}
          aria-controls={shell.drawerOpen ? shell.drawerId : undefined}
          onClick={() => shell.setDrawerOpen(!shell.drawerOpen)}
        >
          <MenuIcon />
        </IconButton>
      ) : null}
      {brand ? <div className="flex min-w-0 items-center gap-2 font-semibold">{brand}</div> : null}
      <div className="ms-auto flex items-center gap-1">
        {children}
        {hidePlaceholders ? null : (
          <>
            <PlaceholderMenu
              label={labels.calendar}
              launchingSoon={labels.launchingSoon}
              icon={<CalendarIcon />}
            />
            <PlaceholderMenu
              label={labels.email}
              launchingSoon={labels.launchingSoon}
              icon={<MailIcon />}
            />
            <PlaceholderMenu
              label={labels.notifications}
              launchingSoon={labels.launchingSoon}
              icon={<BellIcon />}
            />
          </>
        )}
        <ActionMenu
          trigger={
            <button
              type="button"
              className="ms-1 flex h-10 cursor-pointer items-center gap-2 rounded-full py-1 ps-1 pe-2 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&>svg]:size-4 [&>svg]:text-muted-foreground"
            >
              <span className="sr-only">{labels.profileMenu}: </span>
              <Avatar name={userName} src={userPhotoUrl} />
              <span className="max-w-32 truncate max-sm:sr-only">{userName}</span>
              <ChevronDownIcon />
            </button>
          }
          heading={userName}
          headingClassName="text-sm text-foreground"
          separated
          items={profileMenuItems}
        />
      </div>
    </header>
  );
}

export { TopBar };
export type { TopBarLabels, TopBarMenuItem, TopBarProps };
