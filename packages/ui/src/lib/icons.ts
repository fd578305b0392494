// The library's icons, drawn by lucide-react (issue 16: one icon set for @lms/ui and the portal).
// Each keeps the name the components import; lucide-react is tree-shaken, so an app bundles only
// the icons it renders. Decorative by default (lucide sets aria-hidden when no aria-* or title is
// given): the control that holds an icon carries the accessible name.
export {
  CircleAlert as AlertCircleIcon,
  ArrowDown as ArrowDownIcon,
  ArrowUp as ArrowUpIcon,
  Bell as BellIcon,
  Calendar as CalendarIcon,
  Check as CheckIcon,
  ChevronDown as ChevronDownIcon,
  ChevronLeft as ChevronLeftIcon,
  ChevronRight as ChevronRightIcon,
  ChevronsDownUp as ChevronsDownUpIcon,
  ChevronsLeft as ChevronsLeftIcon,
  ChevronsRight as ChevronsRightIcon,
  ChevronsUpDown as ChevronsUpDownIcon,
  ChevronUp as ChevronUpIcon,
  Compass as CompassIcon,
  Eye as EyeIcon,
  EyeOff as EyeOffIcon,
  LayoutGrid as GridIcon,
  Inbox as InboxIcon,
  List as ListIcon,
  Mail as MailIcon,
  Menu as MenuIcon,
  Minus as MinusIcon,
  Ellipsis as MoreHorizontalIcon,
  Pencil as PencilIcon,
  Search as SearchIcon,
  Upload as UploadIcon,
  User as UserIcon,
  WifiOff as WifiOffIcon,
  X as XIcon,
} from "lucide-react";
export type { LucideProps as IconProps } from "lucide-react";
