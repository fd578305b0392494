import { Button, cn } from "@lms/ui";
import { useId, useState } from "react";
import { useI18n } from "../../../lib/i18n";
import type { ScormTocEntry } from "@lms/core";
import { StateIcon, stateBadgeVariants } from "../../../components/state-badge";

/**
 * The table of contents of a package with several SCOs (issue 15): the organisation's items in
 * order, nested, each SCO with its state and a button to launch it, the current one marked. Beside
 * the content on wide screens; behind a Contents button on phones.
 */
export function ScormContents({
  toc,
  current,
  onChoose,
}: {
  toc: ScormTocEntry[];
  current: string | null;
  onChoose: (id: string) => void;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <nav
      aria-label={t("journey.scormContents")}
      className="flex shrink-0 flex-col gap-2 md:w-64 md:overflow-y-auto"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-foreground">{t("journey.scormContents")}</h2>
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t("journey.scormHideContents") : t("journey.scormShowContents")}
        </Button>
      </div>
      <ol id={listId} className={cn("flex flex-col gap-1", !open && "max-md:hidden")}>
        {toc.map((entry) => {
          const indent = { paddingInlineStart: `${entry.depth * 0.75}rem` };
          if (!entry.launchable)
            return (
              <li
                key={entry.id}
                style={indent}
                className="pt-1 text-xs font-medium text-muted-foreground"
              >
                {entry.title}
              </li>
            );
          const here = entry.id === current;
          return (
            <li key={entry.id} style={indent}>
              <button
                type="button"
                aria-current={here ? "step" : undefined}
                onClick={() => {
                  setOpen(false);
                  onChoose(entry.id);
                }}
                className={cn(
                  "flex w-full min-h-11 items-center gap-2 rounded-control border px-2 py-1.5 text-start text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  here
                    ? "border-primary bg-primary-soft font-medium text-primary-soft-foreground"
                    : "border-transparent hover:bg-muted",
                )}
              >
                <span className="min-w-0 flex-1 break-words">
                  {entry.title}
                  {here ? <span className="sr-only"> ({t("journey.scormCurrent")})</span> : null}
                </span>
                <span
                  className={stateBadgeVariants({
                    state: entry.state === "notStarted" ? "open" : entry.state,
                  })}
                >
                  <StateIcon state={entry.state === "notStarted" ? "open" : entry.state} />
                  {entry.state === "notStarted"
                    ? t("journey.never")
                    : entry.success
                      ? t(entry.success === "passed" ? "quiz.passed" : "quiz.failed")
                      : t(`journey.state.${entry.state}`)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
