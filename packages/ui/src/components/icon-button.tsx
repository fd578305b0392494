import { cn } from "../lib/cn";
import { Button, type ButtonProps } from "./button";

type IconButtonProps = Omit<ButtonProps, "size" | "asChild" | "aria-label"> & {
  /** The accessible name, also shown as the native tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  size?: "sm" | "md";
};

/** A square button that shows only an icon; `label` names it. */
function IconButton({
  label,
  size = "md",
  variant = "ghost",
  className,
  title,
  ...props
}: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      aria-label={label}
      title={title ?? label}
      variant={variant}
      size={size === "sm" ? "icon-sm" : "icon"}
      className={cn(className)}
      {...props}
    />
  );
}

export { IconButton };
export type { IconButtonProps };
