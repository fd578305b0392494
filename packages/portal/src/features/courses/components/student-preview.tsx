import type { CourseRecord, MaterialRecord } from "@lms/core";
import { Button, EmptyState, cn } from "@lms/ui";
import { useEffect, useId, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useT } from "../../../lib/i18n";
import { recordId } from "../utils/params";
import { neighbours, studentSequence, type StudentElement } from "../utils/student-view";
import { EyeIcon } from "./icons";
import { MaterialPreview } from "./material-preview";

/**
 * A read-only preview of what a student sees (SPEC.md §2 student view): the banner that says so,
 * the course path of published elements and materials in order, and the open material with
 * previous and next. It calls no journey command, so nothing is recorded.
 */
export function StudentPreview({
  course,
  title,
  view,
  exitHref,
  emptyText,
}: {
  course: CourseRecord;
  title: string;
  view: StudentElement[];
  exitHref: string;
  emptyText: string;
}) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const sequence = studentSequence(view);
  const wanted = recordId(search.get("material") ?? undefined);
  const current: MaterialRecord | null =
    sequence.find((m) => m.id === wanted) ?? sequence[0] ?? null;
  const { previous, next, index } = neighbours(sequence, current?.id ?? null);
  const materialHeading = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // After previous, next or a pick in the path, reading goes on at the material's title.
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [current?.id]);

  function open(material: MaterialRecord) {
    moved.current = true;
    setSearch({ material: String(material.id) }, { replace: true });
  }

  return (
    <div className="flex flex-col gap-6">
      <div
        role="note"
        className="flex flex-wrap items-center gap-3 rounded-card border border-primary/40 bg-primary-soft px-4 py-3 text-sm text-primary-soft-foreground"
      >
        <span className="flex shrink-0 [&_svg]:size-5">
          <EyeIcon />
        </span>
        <p className="min-w-0 flex-1">{t("courses.studentModeBanner")}</p>
        <Button variant="outline" size="sm" asChild>
          <Link to={exitHref}>{t("courses.exitStudentMode")}</Link>
        </Button>
      </div>
      <header className="flex items-start gap-4">
        {course.image ? (
          <img
            src={course.image}
            alt=""
            className="size-20 shrink-0 rounded-card border border-border object-cover"
          />
        ) : null}
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
          {course.description ? (
            <p className="text-sm whitespace-pre-line text-muted-foreground">
              {course.description}
            </p>
          ) : null}
        </div>
      </header>
      {sequence.length === 0 && view.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <nav aria-label={t("journey.path")} className="flex flex-col gap-4">
            <ol className="flex flex-col gap-4">
              {view.map(({ element, materials }) => (
                <li key={element.id} className="flex flex-col gap-1.5">
                  <p className="text-sm font-semibold text-foreground">{element.name}</p>
                  {materials.length === 0 ? (
                    <p className="text-xs text-muted-foreground">{t("materials.empty")}</p>
                  ) : (
                    <ol className="flex flex-col gap-1 border-s border-border ps-3">
                      {materials.map((material) => {
                        const selected = material.id === current?.id;
                        return (
                          <li key={material.id}>
                            <button
                              type="button"
                              aria-current={selected ? "step" : undefined}
                              onClick={() => open(material)}
                              className={cn(
                                "w-full cursor-pointer rounded-sm px-2 py-1 text-start text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                                selected &&
                                  "bg-primary-soft font-medium text-primary-soft-foreground",
                              )}
                            >
                              {material.name}
                              <span className="sr-only">
                                {" "}
                                ({t(`materials.type.${material.type}`)})
                              </span>
                            </button>
                          </li>
                        );
                      })}
                    </ol>
                  )}
                </li>
              ))}
            </ol>
          </nav>
          <section
            aria-labelledby={materialHeading}
            className="flex min-w-0 flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-xs"
          >
            {current ? (
              <>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2
                    id={materialHeading}
                    ref={headingRef}
                    tabIndex={-1}
                    className="text-lg font-semibold text-foreground outline-none"
                  >
                    {current.name}
                  </h2>
                  <span className="text-xs text-muted-foreground">
                    {t(`materials.type.${current.type}`)} ·{" "}
                    {t("courses.stepOf", { current: index + 1, total: sequence.length })}
                  </span>
                </div>
                <MaterialPreview key={current.id} material={current} />
                <div className="flex justify-between gap-2 border-t border-border pt-4">
                  <Button
                    variant="outline"
                    disabled={!previous}
                    onClick={() => previous && open(previous)}
                  >
                    {t("common.previous")}
                  </Button>
                  <Button disabled={!next} onClick={() => next && open(next)}>
                    {t("common.next")}
                  </Button>
                </div>
              </>
            ) : (
              <h2 id={materialHeading} className="text-sm text-muted-foreground">
                {t("materials.empty")}
              </h2>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
