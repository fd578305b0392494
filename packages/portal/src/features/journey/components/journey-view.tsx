import { ArrowLeftIcon, ArrowRightIcon, EyeIcon, TrophyIcon } from "lucide-react";
import { Button, EmptyState, cn, toast } from "@lms/ui";
import { useEffect, useRef, type ComponentType, type ReactNode, type RefObject } from "react";
import { Link, useNavigate, useSearchParams, type To } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useMyCourses } from "../api/use-journey";
import type { JourneyMaterial, JourneyPath } from "@lms/core";
import { around, sequenceOf } from "../utils/sequence";
import { CoursePath } from "./course-path";
import { CourseSummary } from "./course-summary";
import { JourneyActions } from "./journey-actions";
import { JourneyMap } from "./journey-map";
import { NextCourseButton, nextCourseOf } from "./next-course";
import { ProgressBar } from "./progress-bar";

export type JourneyMode = "student" | "preview" | "parent";

/** The player of one material of the journey; the app hands in the materials feature's. */
export type MaterialPlayerComponent = ComponentType<{
  step: JourneyMaterial;
  position: string;
  /** False in student mode: nothing is sent then. */
  record: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onFinished: () => void;
  /** Shown under the server's message when the material is still locked. */
  onLocked: ReactNode;
}>;

/**
 * A course journey as the student sees it: the course path beside the journey map, the summary
 * or the material being played, with continue, resume to previous and back to my courses. The
 * same screen is the staff's student mode (`preview`: every item open, nothing recorded) and a
 * parent's read-only view of a child's course (`parent`).
 */
export function JourneyView({
  path,
  mode,
  base,
  elementId,
  backHref,
  backLabel,
  childId,
  player: MaterialPlayer,
}: {
  path: JourneyPath;
  mode: JourneyMode;
  /** The route the journey lives on; a material plays there unless it is the student's. */
  base: string;
  elementId: number | null;
  backHref: To;
  backLabel: string;
  childId?: number | null;
  player: MaterialPlayerComponent;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const courseId = path.course.id;
  const record = mode === "student";
  const elements =
    mode === "preview" && elementId !== null
      ? path.elements.filter((e) => e.id === elementId)
      : path.elements;
  const sequence = sequenceOf(elements);
  const wanted = Number(search.get("material")) || null;
  const elementDefault =
    mode === "student" && elementId !== null && wanted === null
      ? (elements.find((e) => e.id === elementId)?.materials.find((m) => m.state !== "locked") ??
        null)
      : null;
  const currentId = wanted ?? elementDefault?.id ?? null;
  const current = sequence.find((m) => m.id === currentId) ?? null;
  const view = search.get("view") === "summary" ? "summary" : "map";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const myCourses = useMyCourses(null, record);
  const next = record ? nextCourseOf(myCourses.data ?? [], courseId) : null;

  useEffect(() => {
    // After a move along the path, reading goes on at the material's title.
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [currentId]);

  const hrefOf = (material: JourneyMaterial): To => ({
    pathname: record ? paths.courses.element.getHref(courseId, material.elementId) : base,
    search: `?material=${material.id}`,
  });
  const go = (material: JourneyMaterial) => {
    moved.current = true;
    navigate(hrefOf(material));
  };
  const overviewHref: To = {
    pathname: record ? paths.courses.view.getHref(courseId) : base,
    search: childId ? `?child=${childId}` : "",
  };
  const summaryHref: To = {
    pathname: overviewHref.pathname,
    search: childId ? `?child=${childId}&view=summary` : "?view=summary",
  };

  const { previous, next: following, index } = around(sequence, current?.id ?? null);
  const finished = () => {
    if (following) go(following);
    else {
      toast.success(t("journey.courseComplete"));
      navigate(summaryHref);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {mode === "preview" ? (
        <div
          role="note"
          className="flex flex-wrap items-center gap-3 rounded-card border border-primary/40 bg-primary-soft px-4 py-3 text-sm text-primary-soft-foreground"
        >
          <span className="flex shrink-0 [&_svg]:size-5">
            <EyeIcon />
          </span>
          <p className="min-w-0 flex-1">{t("courses.studentModeBanner")}</p>
          <Button variant="outline" size="sm" asChild>
            <Link to={backHref}>{t("courses.exitStudentMode")}</Link>
          </Button>
        </div>
      ) : (
        <Link
          to={backHref}
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary hover:underline [&_svg]:size-4"
        >
          <ArrowLeftIcon />
          {backLabel}
        </Link>
      )}
      <header className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-xs sm:flex-row sm:items-start">
        {path.course.image ? (
          <img
            src={path.course.image}
            alt=""
            className="size-20 shrink-0 rounded-card border border-border object-cover"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground">
              {path.course.courseName}
              {mode === "preview" && elementId !== null && elements[0]
                ? `: ${elements[0].name}`
                : ""}
            </h1>
            {path.course.description ? (
              <p className="text-sm whitespace-pre-line text-muted-foreground">
                {path.course.description}
              </p>
            ) : null}
          </div>
          {mode !== "preview" ? (
            <ProgressBar
              done={path.done}
              total={path.total}
              percent={path.percent}
              label={t("journey.courseProgress")}
              className="max-w-md"
            />
          ) : null}
          {mode !== "parent" ? (
            <JourneyActions
              courseId={courseId}
              path={{ ...path, elements }}
              record={record}
              go={go}
              summaryHref={summaryHref}
              mapHref={overviewHref}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" asChild>
                <Link to={summaryHref}>{t("journey.summary")}</Link>
              </Button>
              <Button variant="ghost" asChild>
                <Link to={overviewHref}>{t("journey.map")}</Link>
              </Button>
            </div>
          )}
        </div>
      </header>
      {sequence.length === 0 && !current ? (
        <EmptyState
          title={t(
            mode === "preview" && elementId !== null
              ? "elements.notPublishedPreview"
              : "courses.previewEmpty",
          )}
        />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[20rem_1fr]">
          <div className="order-2 lg:order-1">
            <CoursePath
              elements={elements}
              currentId={current?.id ?? null}
              hrefOf={mode === "parent" ? null : hrefOf}
            />
          </div>
          <section
            aria-label={
              current ? current.name : t(view === "summary" ? "journey.summary" : "journey.map")
            }
            className={cn(
              "order-1 flex min-w-0 flex-col gap-4 lg:order-2",
              current && "rounded-card border border-border bg-surface p-4 shadow-xs",
            )}
          >
            {current && mode !== "parent" ? (
              <>
                <MaterialPlayer
                  key={current.id}
                  step={current}
                  position={t("courses.stepOf", { current: index + 1, total: sequence.length })}
                  record={record}
                  headingRef={headingRef}
                  onFinished={finished}
                  onLocked={
                    <Button variant="outline" asChild>
                      <Link to={overviewHref}>{t("journey.backToPath")}</Link>
                    </Button>
                  }
                />
                <div className="flex flex-wrap justify-between gap-2 border-t border-border pt-4">
                  <Button
                    variant="outline"
                    disabled={!previous}
                    onClick={() => previous && go(previous)}
                  >
                    <ArrowLeftIcon />
                    {t("common.previous")}
                  </Button>
                  <Button
                    variant="outline"
                    disabled={!following || (record && current.state !== "complete")}
                    onClick={() => following && go(following)}
                  >
                    {t("common.next")}
                    <ArrowRightIcon />
                  </Button>
                </div>
              </>
            ) : (
              <>
                {path.complete && mode !== "preview" ? (
                  <div
                    role="status"
                    className="flex flex-col items-start gap-3 rounded-card border border-success bg-success-soft p-4 text-success-soft-foreground"
                  >
                    <p className="inline-flex items-center gap-2 text-lg font-semibold [&_svg]:size-6">
                      <TrophyIcon />
                      {t("journey.courseComplete")}
                    </p>
                    {next ? <NextCourseButton next={next} /> : null}
                  </div>
                ) : null}
                {view === "summary" ? (
                  <CourseSummary path={{ ...path, elements }} userId={childId} />
                ) : (
                  <JourneyMap elements={elements} />
                )}
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
