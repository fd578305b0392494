// @lms/ui public API: every export is listed by name (STYLE.md: no `export *`).
export { cn } from "./lib/cn";
export { useMediaQuery } from "./lib/use-media-query";

export { ActionMenu } from "./components/action-menu";
export {
  AppShell,
  DEFAULT_DRAWER_WIDTH,
  DEFAULT_MOBILE_BREAKPOINT,
  useAppShell,
} from "./components/app-shell";
export { Button, buttonVariants } from "./components/button";
export { Checkbox } from "./components/checkbox";
export {
  ConfirmDialog,
  confirmIconVariants,
  DEFAULT_CONFIRM_WIDTH,
} from "./components/confirm-dialog";
export { StaleRecordDialog } from "./components/stale-record-dialog";
export { ConfirmProvider, useConfirm } from "./components/confirm-provider";
export {
  createDataTableState,
  DataTable,
  DEFAULT_PAGE_SIZES,
  DEFAULT_SEARCH_DEBOUNCE_MS,
} from "./components/data-table";
export { DataTableColumnHeader } from "./components/data-table-column-header";
export { DataTableFacetedFilter } from "./components/data-table-faceted-filter";
export { DataTablePagination } from "./components/data-table-pagination";
export {
  DataTableActionsCell,
  DataTableActionsHead,
  DataTableRowActions,
} from "./components/data-table-row-actions";
export { DataTableSearch } from "./components/data-table-search";
export { DataTableSelectionBar, getDataTableSelection } from "./components/data-table-selection";
export { DEFAULT_DATA_TABLE_LABELS, updateDataTableState } from "./components/data-table-state";
export { DataTableToolbar } from "./components/data-table-toolbar";
// The table types a consumer writes columns with, so an app needs no direct @tanstack import.
export type { CellContext, ColumnDef, HeaderContext, Row } from "@tanstack/react-table";
export { Drawer, DrawerItem, drawerItemVariants } from "./components/drawer";
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  dropdownMenuItemVariants,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./components/dropdown-menu";
export {
  DEFAULT_ACCEPT,
  DEFAULT_MAX_SIZE,
  Dropzone,
  dropzoneVariants,
  validateFiles,
} from "./components/dropzone";
export { EmptyState, emptyStateVariants } from "./components/empty-state";
export { ExpandCollapseAll } from "./components/expand-collapse-all";
export { FormField, formFieldVariants, useFormFieldControl } from "./components/form-field";
export { FullPageSpinner } from "./components/full-page-spinner";
export { IconButton } from "./components/icon-button";
export { LoadingBar } from "./components/loading-bar";
export { NativeSelect, nativeSelectVariants } from "./components/native-select";
export { NotFound } from "./components/not-found";
export { OfflineBanner } from "./components/offline-banner";
export { PageHeader } from "./components/page-header";
export { PasswordField } from "./components/password-field";
export { PERMISSION_RIGHTS, PermissionMatrix } from "./components/permission-matrix";
export {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  selectTriggerVariants,
  SelectValue,
} from "./components/select";
export { Skeleton } from "./components/skeleton";
export {
  DEFAULT_SKELETON_ROWS,
  SkeletonTable,
  SkeletonTableRows,
} from "./components/skeleton-table";
export { Spinner, spinnerVariants } from "./components/spinner";
export { StatusChip, statusChipVariants } from "./components/status-chip";
export {
  getStrengthLevel,
  StrengthMeter,
  strengthSegmentVariants,
} from "./components/strength-meter";
export { Switch } from "./components/switch";
export {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "./components/table";
export { Tabs, TabsContent, TabsList, TabsTrigger } from "./components/tabs";
export { Textarea } from "./components/textarea";
export { TextField, textFieldVariants } from "./components/text-field";
export { toast, Toaster } from "./components/toaster";
export { TopBar } from "./components/top-bar";
export { ViewToggle } from "./components/view-toggle";

export type { ActionMenuItem, ActionMenuProps } from "./components/action-menu";
export type { AppShellContextValue, AppShellProps } from "./components/app-shell";
export type { ButtonProps } from "./components/button";
export type { CheckboxProps } from "./components/checkbox";
export type {
  ConfirmDialogProps,
  ConfirmTextRequirement,
  ConfirmTone,
} from "./components/confirm-dialog";
export type {
  StaleRecordChange,
  StaleRecordDialogLabels,
  StaleRecordDialogProps,
} from "./components/stale-record-dialog";
export type {
  ConfirmFunction,
  ConfirmOptions,
  ConfirmProviderProps,
} from "./components/confirm-provider";
export type {
  DataTableColumnMeta,
  DataTableFilter,
  DataTableLabels,
  DataTableProps,
  DataTableRowAction,
  DataTableState,
  RenderLinkProps,
  SortOrder,
} from "./components/data-table";
export type { DataTableColumnHeaderProps } from "./components/data-table-column-header";
export type { DataTableFacetedFilterProps } from "./components/data-table-faceted-filter";
export type { DataTablePaginationProps } from "./components/data-table-pagination";
export type { DataTableRowActionsProps } from "./components/data-table-row-actions";
export type { DataTableSearchProps } from "./components/data-table-search";
export type { DataTableSelectionBarProps } from "./components/data-table-selection";
export type { DataTableToolbarProps } from "./components/data-table-toolbar";
export type { DrawerItemProps, DrawerProps } from "./components/drawer";
export type { DropdownMenuItemProps } from "./components/dropdown-menu";
export type { DropzoneErrorLabels, DropzoneProps, DropzoneRejection } from "./components/dropzone";
export type { EmptyStateProps } from "./components/empty-state";
export type { ExpandCollapseAllProps } from "./components/expand-collapse-all";
export type { FormFieldProps } from "./components/form-field";
export type { FullPageSpinnerProps } from "./components/full-page-spinner";
export type { IconButtonProps } from "./components/icon-button";
export type { LoadingBarProps } from "./components/loading-bar";
export type { NativeSelectProps } from "./components/native-select";
export type { NotFoundProps } from "./components/not-found";
export type { OfflineBannerProps } from "./components/offline-banner";
export type { PageHeaderProps } from "./components/page-header";
export type { PasswordFieldProps } from "./components/password-field";
export type {
  PermissionMatrixLabels,
  PermissionMatrixProps,
  PermissionMatrixModule,
  PermissionValue,
} from "./components/permission-matrix";
export type { SelectTriggerProps } from "./components/select";
export type { SkeletonTableProps, SkeletonTableRowsProps } from "./components/skeleton-table";
export type { SpinnerProps } from "./components/spinner";
export type { ChipStatus, StatusChipProps } from "./components/status-chip";
export type { StrengthMeterLevel, StrengthMeterProps } from "./components/strength-meter";
export type { SwitchProps } from "./components/switch";
export type { TableContainerProps, TableProps } from "./components/table";
export type { TextareaProps } from "./components/textarea";
export type { TextFieldProps } from "./components/text-field";
export type { ToasterProps } from "./components/toaster";
export type { TopBarLabels, TopBarMenuItem, TopBarProps } from "./components/top-bar";
export type { ViewMode, ViewToggleProps } from "./components/view-toggle";
