import { CirclePlayIcon, TrophyIcon } from "lucide-react";
import { Button } from "@lms/ui";
import { Link, type To } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import type { CourseSummary } from "@lms/core";
import { callToAction } from "../utils/sequence";
import { ProgressBar } from "./progress-bar";

/** A course of My courses: its progress and Start, Continue or Review (or View for a parent). */
export function CourseCard({
  summary,
  href,
  readOnly = false,
  next,
}: {
  summary: CourseSummary;
  href: To;
  readOnly?: boolean;
  next?: CourseSummary | null;
}) {
  const t = useT();
  const { course } = summary;
  const action = callToAction(summary.done, summary.total);
  const headingId = `course-${course.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-xs"
    >
      <div className="flex items-start gap-3">
        {course.image ? (
          <img
            src={course.image}
            alt=""
            className="size-14 shrink-0 rounded-control border border-border object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-control bg-primary-soft text-lg font-semibold text-primary-soft-foreground"
          >
            {course.courseName.slice(0, 1)}
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={headingId} className="font-semibold break-words text-foreground">
            {course.courseName}
          </h2>
          <p className="text-xs text-muted-foreground">
            {course.subject} · {t("courses.gradeOption", { n: course.gradeLevel })}
          </p>
        </div>
      </div>
      <ProgressBar
        done={summary.done}
        total={summary.total}
        percent={summary.percent}
        label={t("journey.progressOf", { name: course.courseName })}
      />
      {summary.complete ? (
        <p className="inline-flex items-center gap-1.5 text-sm font-medium text-success-soft-foreground [&_svg]:size-4">
          <TrophyIcon />
          {t("journey.state.complete")}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant={summary.complete || readOnly ? "outline" : "primary"} asChild>
          <Link
            to={href}
            aria-label={`${t(readOnly ? "journey.viewProgress" : `journey.${action}`)}: ${course.courseName}`}
          >
            {readOnly ? null : <CirclePlayIcon />}
            {t(readOnly ? "journey.viewProgress" : `journey.${action}`)}
          </Link>
        </Button>
        {summary.complete && next ? (
          <Button asChild>
            <Link to={paths.courses.view.getHref(next.course.id)}>
              {t("journey.nextCourseNamed", { name: next.course.courseName })}
            </Link>
          </Button>
        ) : null}
      </div>
    </article>
  );
}
