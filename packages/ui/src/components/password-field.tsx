import * as React from "react";
import { cn } from "../lib/cn";
import { EyeIcon, EyeOffIcon } from "../lib/icons";
import { TextField, type TextFieldProps } from "./text-field";

type PasswordFieldProps = Omit<TextFieldProps, "type"> & {
  /** Accessible name of the reveal button while the password is hidden. */
  showLabel?: string;
  /** Accessible name of the reveal button while the password is shown. */
  hideLabel?: string;
  /** Class of the wrapper; `className` goes to the input. */
  wrapperClassName?: string;
};

/** A password input with a button that shows or hides what was typed. */
function PasswordField({
  showLabel = "Show password",
  hideLabel = "Hide password",
  wrapperClassName,
  className,
  disabled,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = React.useState(false);
  return (
    <div data-slot="password-field" className={cn("relative", wrapperClassName)}>
      <TextField
        type={visible ? "text" : "password"}
        autoComplete="current-password"
        disabled={disabled}
        className={cn("pe-10", className)}
        {...props}
      />
      <button
        type="button"
        disabled={disabled}
        aria-label={visible ? hideLabel : showLabel}
        title={visible ? hideLabel : showLabel}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 end-0 flex w-10 cursor-pointer items-center justify-center rounded-e-control text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none [&_svg]:size-4"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

export { PasswordField };
export type { PasswordFieldProps };
