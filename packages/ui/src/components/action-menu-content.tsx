import type { ActionMenuProps } from "./action-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

/** The menu of an `ActionMenu`, loaded and mounted open by its first press. */
export default function ActionMenuContent({
  trigger,
  heading,
  headingClassName,
  separated = false,
  items,
  align = "end",
  contentClassName,
}: ActionMenuProps) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align} className={contentClassName}>
        {heading ? (
          <DropdownMenuLabel className={headingClassName}>{heading}</DropdownMenuLabel>
        ) : null}
        {heading && separated ? <DropdownMenuSeparator /> : null}
        {items.map((item) => (
          <DropdownMenuItem
            key={item.label}
            tone={item.destructive ? "destructive" : "default"}
            disabled={item.disabled}
            aria-current={item.current || undefined}
            className={item.className}
            onSelect={item.onSelect}
          >
            {item.icon}
            {item.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
