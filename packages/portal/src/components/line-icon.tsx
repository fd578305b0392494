import type { ComponentProps } from "react";

/** A 24 × 24 line icon in the text colour; decorative, the text beside it carries the meaning. */
export function LineIcon(props: ComponentProps<"svg">) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}
