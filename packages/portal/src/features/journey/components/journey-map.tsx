import { cn } from "@lms/ui";
import { useT } from "../../../lib/i18n";
import type { JourneyElement } from "@lms/core";
import { elementProgress } from "../utils/sequence";
import { ProgressBar } from "./progress-bar";
import { stateBadgeVariants, StateIcon } from "../../../components/state-badge";

/** The journey map: one stop per element with its progress and a mark per material. */
export function JourneyMap({ elements }: { elements: JourneyElement[] }) {
  const t = useT();
  return (
    <section aria-labelledby="journey-map-heading" className="flex flex-col gap-3">
      <h2 id="journey-map-heading" className="text-lg font-semibold text-foreground">
        {t("journey.map")}
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {elements.map((element, index) => {
          const progress = elementProgress(element);
          const finished = progress.total > 0 && progress.done === progress.total;
          return (
            <li
              key={element.id}
              className={cn(
                "flex flex-col gap-3 rounded-card border bg-surface p-4 shadow-xs",
                finished ? "border-success" : "border-border",
              )}
            >
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                    finished
                      ? "bg-success text-success-foreground"
                      : "bg-primary-soft text-primary-soft-foreground",
                  )}
                >
                  {index + 1}
                </span>
                <h3 className="min-w-0 font-semibold break-words text-foreground">
                  {element.name}
                </h3>
              </div>
              <ProgressBar
                done={progress.done}
                total={progress.total}
                percent={progress.percent}
                label={element.name}
              />
              <ul className="flex flex-wrap gap-1.5">
                {element.materials.map((material) => (
                  <li
                    key={material.id}
                    title={`${material.name}: ${t(`journey.state.${material.state}`)}`}
                    className={stateBadgeVariants({ state: material.state })}
                  >
                    <StateIcon state={material.state} />
                    <span className="sr-only">
                      {material.name}: {t(`journey.state.${material.state}`)}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
