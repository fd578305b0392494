import type { ReactNode } from "react";

/** A message above a form: an error (role alert) or a notice (role status). */
export function FormAlert({ tone, children }: { tone: "error" | "notice"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "mb-4 rounded-control bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground"
          : "mb-4 rounded-control bg-primary-soft px-3 py-2 text-sm text-primary-soft-foreground"
      }
    >
      {children}
    </div>
  );
}
