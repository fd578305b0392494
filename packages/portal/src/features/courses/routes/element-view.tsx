import { EyeIcon } from "lucide-react";
import { Button, EmptyState, FullPageSpinner, PageHeader } from "@lms/ui";
import { useId } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useMaterialCommands } from "../../../hooks/use-material-commands";
import { useCourse } from "../api/use-courses";
import { useCourseElements } from "../api/use-elements";
import { PublishedChip } from "../../../components/published-chip";
import { ElementEditForm } from "../components/element-edit-form";
import { LoadFailure } from "../../../components/load-failure";
import type { MaterialPieces } from "../components/material-pieces";
import { DragHandleButton, MoveButtons } from "../components/move-buttons";
import { SortableList } from "../components/sortable-list";
import { useContentActions } from "../components/use-content-actions";
import { useReorder } from "../components/use-reorder";
import { useCourseRights } from "../../../hooks/use-course-rights";
import { recordId } from "../../../lib/params";

/**
 * /courses/{courseId}/elements/{elementId}: one element with its materials in order (SPEC.md §2):
 * edit its name and type, publish it, reorder its materials (swap on /api/material/). The
 * materials' own pieces come from the app (src/app/routes/element-screen.tsx).
 */
export default function ElementViewPage({ materials }: { materials: MaterialPieces }) {
  const { AddMenu, Item } = materials;
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const courseId = recordId(params.courseId);
  const elementId = recordId(params.elementId);
  const rights = useCourseRights();
  const course = useCourse(courseId);
  const list = useCourseElements(courseId);
  const { swap } = useMaterialCommands();
  const { publishElement, removeElement } = useContentActions();
  const element = list.elements?.find((e) => e.id === elementId);
  const { ordered, move, busy } = useReorder(element?.materials ?? [], swap, {
    success: t("materials.moved"),
    reload: () => list.reload(),
  });
  const detailsHeading = useId();
  const materialsHeading = useId();

  if (courseId === null || elementId === null) return <LoadFailure error={null} />;
  const failure = course.error ?? list.error;
  if (failure)
    return (
      <LoadFailure
        error={failure}
        onRetry={() => {
          void course.reload();
          void list.reload();
        }}
      />
    );
  if (!course.data || !list.elements) return <FullPageSpinner label={t("app.loading")} />;
  if (!element) return <LoadFailure error={null} />;

  return (
    <div className="flex max-w-5xl flex-col gap-6 p-6">
      <PageHeader
        eyebrow={
          <Link to={paths.courses.view.getHref(courseId)} className="hover:underline">
            {t("courses.backToCourse", { name: course.data.courseName })}
          </Link>
        }
        title={element.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{t(`elements.type.${element.type}`)}</span>
            <span aria-hidden="true">·</span>
            <span>{t("elements.materialsCount", { count: ordered.length })}</span>
            <PublishedChip published={element.published} t={t} />
          </span>
        }
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={paths.courses.elementStudentMode.getHref(courseId, element.id)}>
                <EyeIcon />
                {t("courses.studentMode")}
              </Link>
            </Button>
            {rights.modifyElement ? (
              <>
                <Button
                  variant={element.published ? "outline" : "primary"}
                  onClick={() => void publishElement(element, !element.published)}
                >
                  {t(element.published ? "common.unpublish" : "common.publish")}
                </Button>
                <Button
                  variant="destructive"
                  onClick={() =>
                    void removeElement(element).then(
                      (done) => done && navigate(paths.courses.view.getHref(courseId)),
                    )
                  }
                >
                  {t("common.delete")}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <section aria-labelledby={detailsHeading} className="flex flex-col gap-4">
        <h2 id={detailsHeading} className="text-lg font-semibold text-foreground">
          {t("elements.editTitle")}
        </h2>
        <ElementEditForm
          key={element.updatedAt ?? element.createdAt}
          element={element}
          readOnly={!rights.modifyElement}
        />
      </section>
      <section aria-labelledby={materialsHeading} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={materialsHeading} className="text-lg font-semibold text-foreground">
            {t("materials.title")}
          </h2>
          {rights.addMaterial ? <AddMenu courseId={courseId} element={element} /> : null}
        </div>
        {ordered.length === 0 ? (
          <EmptyState size="compact" title={t("materials.empty")} />
        ) : (
          <SortableList
            items={ordered}
            nameOf={(material) => material.name}
            onMove={(from, to) => void move(from, to)}
            layout="list"
            movable={rights.modifyMaterial}
            busy={busy}
            label={t("elements.materialsOf", { name: element.name })}
            className="gap-2"
          >
            {(material, index, handle) => (
              <Item
                material={material}
                rights={rights}
                leading={
                  handle ? (
                    <>
                      <DragHandleButton name={material.name} handle={handle} />
                      <MoveButtons
                        name={material.name}
                        index={index}
                        count={ordered.length}
                        busy={busy}
                        onMove={move}
                      />
                    </>
                  ) : null
                }
              />
            )}
          </SortableList>
        )}
      </section>
    </div>
  );
}
