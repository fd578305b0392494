import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../lib/cn";

type FormFieldContextValue = {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
};

const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);

type ControlProps = {
  id?: string | undefined;
  "aria-describedby"?: string | undefined;
  "aria-invalid"?: React.AriaAttributes["aria-invalid"];
  "aria-required"?: React.AriaAttributes["aria-required"];
  required?: boolean | undefined;
};

/**
 * Wires a control to the FormField around it: its id (so the label points at it), the help and
 * error texts as its description, and the invalid and required states. Props given directly win.
 */
function useFormFieldControl<P extends ControlProps>(props: P): P {
  const field = React.useContext(FormFieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props["aria-describedby"]].filter(Boolean).join(" ");
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": props["aria-invalid"] ?? (field.invalid || undefined),
    "aria-required": props["aria-required"] ?? (field.required || undefined),
  };
}

const formFieldVariants = cva("flex gap-1.5", {
  variants: {
    orientation: {
      vertical: "flex-col",
      // Checkbox and switch: the control first, its label beside it.
      horizontal: "flex-row flex-wrap items-center gap-x-3",
    },
  },
  defaultVariants: { orientation: "vertical" },
});

type FormFieldProps = Omit<React.ComponentProps<"div">, "children"> &
  VariantProps<typeof formFieldVariants> & {
    /** The visible label. */
    label: React.ReactNode;
    /** The control; TextField, PasswordField, Textarea, SelectTrigger, Checkbox and Switch wire themselves. */
    children: React.ReactNode;
    /** Id given to the control; generated when absent. */
    htmlFor?: string;
    /** Shows the required mark and sets aria-required on the control. */
    required?: boolean;
    /** Error text; marks the control invalid. */
    error?: React.ReactNode;
    /** Help text under the control. */
    help?: React.ReactNode;
  };

function FormField({
  label,
  children,
  htmlFor,
  required = false,
  error,
  help,
  orientation,
  className,
  ...props
}: FormFieldProps) {
  const generatedId = React.useId();
  const id = htmlFor ?? `${generatedId}-control`;
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const invalid = Boolean(error);
  const context = React.useMemo<FormFieldContextValue>(
    () => ({
      id,
      describedBy: [errorId, helpId].filter(Boolean).join(" ") || undefined,
      invalid,
      required,
    }),
    [id, errorId, helpId, invalid, required],
  );
  const horizontal = orientation === "horizontal";
  const labelElement = (
    <label
      htmlFor={id}
      className={cn(
        "text-sm leading-5 font-medium text-foreground",
        horizontal && "min-w-0 flex-1 cursor-pointer font-normal",
      )}
    >
      {label}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-destructive">
          *
        </span>
      ) : null}
    </label>
  );
  const control = <FormFieldContext.Provider value={context}>{children}</FormFieldContext.Provider>;
  return (
    <div
      data-slot="form-field"
      data-invalid={invalid || undefined}
      className={cn(formFieldVariants({ orientation }), className)}
      {...props}
    >
      {horizontal ? control : labelElement}
      {horizontal ? labelElement : control}
      {help || error ? (
        <div className={cn("flex flex-col gap-1", horizontal && "basis-full ps-7")}>
          {error ? (
            <p id={errorId} className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          {help ? (
            <p id={helpId} className="text-sm text-muted-foreground">
              {help}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export { FormField, formFieldVariants, useFormFieldControl };
export type { FormFieldProps };
