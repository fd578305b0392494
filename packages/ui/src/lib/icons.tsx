import type * as React from "react";

// Inline stroke icons (24×24, currentColor) so the library needs no icon dependency.
// Decorative by default: the control that holds an icon carries the accessible name.
type IconProps = React.ComponentProps<"svg">;

function createIcon(name: string, paths: React.ReactNode) {
  function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        data-icon={name}
        className={className}
        {...props}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

const CheckIcon = createIcon("check", <path d="M20 6 9 17l-5-5" />);
const MinusIcon = createIcon("minus", <path d="M5 12h14" />);
const XIcon = createIcon(
  "x",
  <>
    <path d="M18 6 6 18" />
    <path d="m6 6 12 12" />
  </>,
);
const ChevronDownIcon = createIcon("chevron-down", <path d="m6 9 6 6 6-6" />);
const ChevronUpIcon = createIcon("chevron-up", <path d="m18 15-6-6-6 6" />);
const ChevronLeftIcon = createIcon("chevron-left", <path d="m15 18-6-6 6-6" />);
const ChevronRightIcon = createIcon("chevron-right", <path d="m9 18 6-6-6-6" />);
const ChevronsLeftIcon = createIcon(
  "chevrons-left",
  <>
    <path d="m11 17-5-5 5-5" />
    <path d="m18 17-5-5 5-5" />
  </>,
);
const ChevronsRightIcon = createIcon(
  "chevrons-right",
  <>
    <path d="m6 17 5-5-5-5" />
    <path d="m13 17 5-5-5-5" />
  </>,
);
const ChevronsUpDownIcon = createIcon(
  "chevrons-up-down",
  <>
    <path d="m7 15 5 5 5-5" />
    <path d="m7 9 5-5 5 5" />
  </>,
);
const ChevronsDownUpIcon = createIcon(
  "chevrons-down-up",
  <>
    <path d="m7 20 5-5 5 5" />
    <path d="m7 4 5 5 5-5" />
  </>,
);
const ArrowUpIcon = createIcon(
  "arrow-up",
  <>
    <path d="m5 12 7-7 7 7" />
    <path d="M12 19V5" />
  </>,
);
const ArrowDownIcon = createIcon(
  "arrow-down",
  <>
    <path d="M12 5v14" />
    <path d="m19 12-7 7-7-7" />
  </>,
);
const SearchIcon = createIcon(
  "search",
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
const EyeIcon = createIcon(
  "eye",
  <>
    <path d="M2 12s3-7 10-7 10 7 10 7-3 7-10 7-10-7-10-7Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
const EyeOffIcon = createIcon(
  "eye-off",
  <>
    <path d="M9.88 9.88a3 3 0 1 0 4.24 4.24" />
    <path d="M10.73 5.08A10.43 10.43 0 0 1 12 5c7 0 10 7 10 7a13.16 13.16 0 0 1-1.67 2.68" />
    <path d="M6.61 6.61A13.526 13.526 0 0 0 2 12s3 7 10 7a9.74 9.74 0 0 0 5.39-1.61" />
    <path d="M2 2l20 20" />
  </>,
);
const PencilIcon = createIcon(
  "pencil",
  <>
    <path d="M17 3a2.85 2.83 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
    <path d="m15 5 4 4" />
  </>,
);
const MoreHorizontalIcon = createIcon(
  "more-horizontal",
  <>
    <circle cx="12" cy="12" r="1" />
    <circle cx="19" cy="12" r="1" />
    <circle cx="5" cy="12" r="1" />
  </>,
);
const UploadIcon = createIcon(
  "upload",
  <>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="m17 8-5-5-5 5" />
    <path d="M12 3v12" />
  </>,
);
const CalendarIcon = createIcon(
  "calendar",
  <>
    <path d="M8 2v4" />
    <path d="M16 2v4" />
    <rect width="18" height="18" x="3" y="4" rx="2" />
    <path d="M3 10h18" />
  </>,
);
const MailIcon = createIcon(
  "mail",
  <>
    <rect width="20" height="16" x="2" y="4" rx="2" />
    <path d="m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" />
  </>,
);
const BellIcon = createIcon(
  "bell",
  <>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
);
const MenuIcon = createIcon(
  "menu",
  <>
    <path d="M4 6h16" />
    <path d="M4 12h16" />
    <path d="M4 18h16" />
  </>,
);
const WifiOffIcon = createIcon(
  "wifi-off",
  <>
    <path d="M2 2l20 20" />
    <path d="M8.5 16.5a5 5 0 0 1 7 0" />
    <path d="M2 8.82a15 15 0 0 1 4.17-2.65" />
    <path d="M10.66 5c4.01-.36 8.14.9 11.34 3.76" />
    <path d="M16.85 11.25a10 10 0 0 1 2.22 1.68" />
    <path d="M5 13a10 10 0 0 1 5.24-2.76" />
    <path d="M12 20h.01" />
  </>,
);
const GridIcon = createIcon(
  "grid",
  <>
    <rect width="7" height="7" x="3" y="3" rx="1" />
    <rect width="7" height="7" x="14" y="3" rx="1" />
    <rect width="7" height="7" x="14" y="14" rx="1" />
    <rect width="7" height="7" x="3" y="14" rx="1" />
  </>,
);
const ListIcon = createIcon(
  "list",
  <>
    <path d="M8 6h13" />
    <path d="M8 12h13" />
    <path d="M8 18h13" />
    <path d="M3 6h.01" />
    <path d="M3 12h.01" />
    <path d="M3 18h.01" />
  </>,
);
const AlertCircleIcon = createIcon(
  "alert-circle",
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4" />
    <path d="M12 16h.01" />
  </>,
);
const InboxIcon = createIcon(
  "inbox",
  <>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
  </>,
);
const CompassIcon = createIcon(
  "compass",
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m16.24 7.76-2.12 6.36-6.36 2.12 2.12-6.36 6.36-2.12z" />
  </>,
);
const UserIcon = createIcon(
  "user",
  <>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </>,
);

export {
  AlertCircleIcon,
  ArrowDownIcon,
  ArrowUpIcon,
  BellIcon,
  CalendarIcon,
  CheckIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsDownUpIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
  ChevronsUpDownIcon,
  ChevronUpIcon,
  CompassIcon,
  EyeIcon,
  EyeOffIcon,
  GridIcon,
  InboxIcon,
  ListIcon,
  MailIcon,
  MenuIcon,
  MinusIcon,
  MoreHorizontalIcon,
  PencilIcon,
  SearchIcon,
  UploadIcon,
  UserIcon,
  WifiOffIcon,
  XIcon,
};
export type { IconProps };
