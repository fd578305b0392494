import { COMMANDS, GRADE_LEVELS } from "@lms/core";
import { Button, DataTable, PageHeader } from "@lms/ui";
import { useId, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { ExportButton } from "../../../components/export-button";
import { renderRouterLink } from "../../../components/router-link";
import { useT } from "../../../lib/i18n";
import { publishedFilter } from "../../../lib/list-filters";
import { toListParams, useListState } from "../../../lib/list-state";
import { useRowActions } from "../../../lib/row-actions";
import { useTableLabels } from "../../../lib/table-labels";
import { COURSE_PATH, useCourseCommands, useCourses } from "../api/use-courses";
import { courseColumns } from "../components/course-columns";
import { CourseForm } from "../components/course-form";
import { useCourseRights } from "../../../hooks/use-course-rights";
import { useDeleteRowAction } from "../../../hooks/use-confirmed-delete";
import { RecycleBinLink } from "../../../components/recycle-bin-link";

/** /courses: the course list with its create panel (SPEC.md §2). */
export default function CoursesListPage() {
  const t = useT();
  const navigate = useNavigate();
  const rights = useCourseRights();
  const [state, setState] = useListState("courses");
  const params = toListParams(state);
  const { page, loading } = useCourses(params);
  const { remove, setPublished } = useCourseCommands();
  const actions = useRowActions();
  const deleteAction = useDeleteRowAction();
  const labels = useTableLabels();
  const columns = useMemo(() => courseColumns(t), [t]);
  const [creating, setCreating] = useState(false);
  const panelId = useId();
  const panelHeading = `${panelId}-heading`;

  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("courses.title")}
        actions={
          <>
            <ExportButton command={COMMANDS.course.export} params={params} />
            {rights.modifyCourse ? (
              <RecycleBinLink href={paths.courses.recycleBin.getHref()} />
            ) : null}
            {rights.addCourse ? (
              <Button
                aria-expanded={creating}
                aria-controls={creating ? panelId : undefined}
                onClick={() => {
                  setCreating(true);
                  requestAnimationFrame(() => document.getElementById(panelHeading)?.focus());
                }}
              >
                {t("courses.create")}
              </Button>
            ) : null}
          </>
        }
      />
      {creating ? (
        <section
          id={panelId}
          aria-labelledby={panelHeading}
          className="flex max-w-4xl flex-col gap-4 rounded-card border border-border bg-surface p-6 shadow-xs"
        >
          <h2
            id={panelHeading}
            tabIndex={-1}
            className="text-lg font-semibold text-foreground outline-none"
          >
            {t("courses.createTitle")}
          </h2>
          <CourseForm
            onDone={(saved) => {
              setCreating(false);
              if (saved) navigate(paths.courses.view.getHref(saved.id));
            }}
          />
        </section>
      ) : null}
      <DataTable
        caption={t("courses.title")}
        columns={columns}
        data={page?.rows ?? []}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        state={state}
        onStateChange={setState}
        labels={{ ...labels, empty: t("courses.empty") }}
        getRowLabel={(row) => row.courseName}
        getRowHref={(row) => `#${paths.courses.view.getHref(row.id)}`}
        renderLink={renderRouterLink}
        filters={[
          {
            key: "gradeLevel",
            label: t("courses.field.gradeLevel"),
            options: GRADE_LEVELS.map((grade) => ({
              value: String(grade),
              label: t("courses.gradeOption", { n: grade }),
            })),
          },
          publishedFilter(t, t("common.status")),
        ]}
        onEdit={
          rights.modifyCourse
            ? (row) =>
                navigate({ pathname: paths.courses.view.getHref(row.id), search: "?tab=details" })
            : undefined
        }
        rowActions={
          rights.modifyCourse
            ? (row) => [
                actions.toggle("publish", !row.published, {
                  name: row.courseName,
                  run: () => setPublished(row.id, !row.published),
                  success: t(row.published ? "courses.unpublished" : "courses.published"),
                }),
                deleteAction({
                  path: COURSE_PATH,
                  id: row.id,
                  run: (confirmCode) => remove(row.id, confirmCode),
                  success: t("courses.deleted"),
                }),
              ]
            : undefined
        }
      />
    </div>
  );
}
