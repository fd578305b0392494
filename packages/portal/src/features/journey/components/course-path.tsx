import { cn } from "@lms/ui";
import { Link, type To } from "react-router-dom";
import { useT } from "../../../lib/i18n";
import type { JourneyElement, JourneyMaterial } from "@lms/core";
import { blockerOf, elementProgress, sequenceOf } from "../utils/sequence";
import { StateBadge } from "../../../components/state-badge";

/**
 * The course path: elements in order with their materials, each marked locked, open, in progress
 * or complete; a locked one names what must be finished first. `hrefOf` is null when the path is
 * only read (a parent's view).
 */
export function CoursePath({
  elements,
  currentId,
  hrefOf,
}: {
  elements: JourneyElement[];
  currentId: number | null;
  hrefOf: ((material: JourneyMaterial) => To) | null;
}) {
  const t = useT();
  const sequence = sequenceOf(elements);
  return (
    <nav aria-label={t("journey.path")} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t("journey.path")}
      </h2>
      <ol className="flex flex-col gap-4">
        {elements.map((element) => {
          const progress = elementProgress(element);
          return (
            <li key={element.id} className="flex flex-col gap-2">
              <div className="flex items-baseline justify-between gap-2">
                <p className="text-sm font-semibold text-foreground">{element.name}</p>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {t("journey.completed", { done: progress.done, total: progress.total })}
                </span>
              </div>
              {element.materials.length === 0 ? (
                <p className="text-xs text-muted-foreground">{t("materials.empty")}</p>
              ) : (
                <ol className="flex flex-col gap-1.5 border-s-2 border-border ps-3">
                  {element.materials.map((material) => {
                    const blocker =
                      material.state === "locked" ? blockerOf(sequence, material.id) : null;
                    const body = (
                      <>
                        <span className="flex items-start justify-between gap-2">
                          <span className="min-w-0 text-sm font-medium break-words">
                            {material.name}
                            <span className="sr-only">
                              {" "}
                              ({t(`materials.type.${material.type}`)})
                            </span>
                          </span>
                          <StateBadge state={material.state} />
                        </span>
                        {blocker ? (
                          <span className="text-xs text-muted-foreground">
                            {t("journey.lockedBy", { name: blocker.name })}
                          </span>
                        ) : null}
                      </>
                    );
                    const selected = material.id === currentId;
                    const classes = cn(
                      "flex flex-col gap-1 rounded-control px-2.5 py-2 text-start text-foreground",
                      selected && "bg-primary-soft ring-1 ring-primary",
                    );
                    return (
                      <li key={material.id}>
                        {hrefOf && material.state !== "locked" ? (
                          <Link
                            to={hrefOf(material)}
                            aria-current={selected ? "step" : undefined}
                            className={cn(
                              classes,
                              "outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                            )}
                          >
                            {body}
                          </Link>
                        ) : (
                          <div className={cn(classes, material.state === "locked" && "opacity-90")}>
                            {body}
                          </div>
                        )}
                      </li>
                    );
                  })}
                </ol>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
