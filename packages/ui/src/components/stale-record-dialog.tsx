import * as DialogPrimitive from "@radix-ui/react-dialog";
import * as React from "react";
import { useReturnFocus } from "../lib/return-focus";
import { Button } from "./button";
import { ConfirmHeading } from "./confirm-dialog";

/** A field someone else changed since the form was opened: their value and the one typed. */
type StaleRecordChange = {
  field: string;
  label: string;
  theirs: string;
  mine: string;
};

type StaleRecordDialogLabels = {
  field: string;
  theirs: string;
  mine: string;
  /** Puts their version in the form (what was typed goes). */
  reload: string;
  /** Saves what was typed over their version. */
  overwrite: string;
  /** Closes the dialog and leaves the form as it is. */
  keepEditing: string;
};

type StaleRecordDialogProps = {
  open: boolean;
  title: React.ReactNode;
  message?: React.ReactNode;
  changes: StaleRecordChange[];
  labels: StaleRecordDialogLabels;
  onReload: () => void;
  /** If it returns a promise the dialog stays open and pending until it settles. */
  onOverwrite: () => void | Promise<unknown>;
  /** Escape, a press outside, or the keep-editing button: nothing changes. */
  onKeepEditing: () => void;
};

/**
 * Someone saved the record while this form was open (a 409 `errors.staleRecord`): shows what they
 * changed beside what was typed, and lets the user reload their version or overwrite it with
 * theirs. Dismissing it keeps the form as typed, so no choice loses text by accident.
 */
function StaleRecordDialog({
  open,
  title,
  message,
  changes,
  labels,
  onReload,
  onOverwrite,
  onKeepEditing,
}: StaleRecordDialogProps) {
  const [pending, setPending] = React.useState(false);
  const keepRef = React.useRef<HTMLButtonElement>(null);
  const focus = useReturnFocus();
  const keep = (event?: Event) => {
    event?.preventDefault();
    if (!pending) onKeepEditing();
  };
  const overwrite = async () => {
    const work = onOverwrite();
    if (!(work instanceof Promise)) return;
    setPending(true);
    await work.catch(() => undefined);
    setPending(false);
  };
  return (
    <DialogPrimitive.Root open={open}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay animate-fade-in" />
        <DialogPrimitive.Content
          data-slot="stale-record-dialog"
          role="alertdialog"
          aria-busy={pending || undefined}
          style={{ maxWidth: "calc(100vw - 2rem)" }}
          onOpenAutoFocus={(event) => {
            focus.onOpenAutoFocus();
            event.preventDefault();
            keepRef.current?.focus();
          }}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onEscapeKeyDown={keep}
          onPointerDownOutside={keep}
          className="fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100vh-2rem)] w-[560px] flex-col gap-5 overflow-y-auto rounded-card border border-border bg-surface p-6 text-surface-foreground shadow-dialog outline-none animate-dialog-in"
        >
          <ConfirmHeading title={title} message={message} />
          {changes.length > 0 ? (
            <table className="w-full table-fixed border-collapse text-sm">
              <thead>
                <tr className="border-b border-border text-left text-muted-foreground">
                  <th scope="col" className="w-1/4 py-2 pr-3 font-medium">
                    {labels.field}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {labels.theirs}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {labels.mine}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((change) => (
                  <tr key={change.field} className="border-b border-border align-top">
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {change.label}
                    </th>
                    <td className="py-2 pr-3 break-words">{change.theirs}</td>
                    <td className="py-2 break-words">{change.mine}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button ref={keepRef} variant="ghost" disabled={pending} onClick={() => keep()}>
              {labels.keepEditing}
            </Button>
            <Button variant="outline" disabled={pending} onClick={onReload}>
              {labels.reload}
            </Button>
            <Button variant="primary" pending={pending} onClick={() => void overwrite()}>
              {labels.overwrite}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export { StaleRecordDialog };
export type { StaleRecordChange, StaleRecordDialogLabels, StaleRecordDialogProps };
