import { EyeIcon } from "lucide-react";
import {
  Button,
  FullPageSpinner,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@lms/ui";
import type { ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useT } from "../../../lib/i18n";
import { canSeeClasses } from "../../../lib/class-href";
import { useCourse, useCourseCommands } from "../api/use-courses";
import { useCourseElements } from "../api/use-elements";
import { CourseElements } from "../components/course-elements";
import { PublishedChip } from "../../../components/published-chip";
import { CourseForm } from "../components/course-form";
import { MaterialPiecesProvider, type MaterialPieces } from "../components/material-pieces";
import { InlineLoading } from "../../../components/inline-loading";
import { LoadFailure } from "../../../components/load-failure";
import { useCourseRights } from "../../../hooks/use-course-rights";
import { recordId } from "../../../lib/params";

type Tab = "elements" | "details" | "progress" | "classes";

/** The tabs other features fill in; the app composes them (src/app/routes/course-screen.tsx). */
export interface CourseViewTabs {
  progress: (courseId: number) => ReactNode;
  classes: (courseId: number) => ReactNode;
}

/**
 * /courses/{courseId}: the course's elements and materials, its students' progress, and its
 * details (SPEC.md §2). `materials`: the materials feature's pieces its elements show.
 */
export function CourseViewPage({
  tabs,
  materials,
}: {
  tabs: CourseViewTabs;
  materials: MaterialPieces;
}) {
  const t = useT();
  const { courseId: param } = useParams();
  const courseId = recordId(param);
  const [search, setSearch] = useSearchParams();
  const { profile, permissions } = useSession();
  const showClasses = canSeeClasses(profile?.roleId, permissions);
  const asked = search.get("tab");
  const tab: Tab =
    asked === "details" || asked === "progress" || (asked === "classes" && showClasses)
      ? asked
      : "elements";
  const rights = useCourseRights();
  const course = useCourse(courseId);
  const elements = useCourseElements(courseId);
  const { setPublished } = useCourseCommands();
  const confirmed = useConfirmedAction();

  if (courseId === null) return <LoadFailure error={null} />;
  if (course.error)
    return <LoadFailure error={course.error} onRetry={() => void course.reload()} />;
  if (!course.data) return <FullPageSpinner label={t("app.loading")} />;
  const data = course.data;

  const publish = (published: boolean) =>
    void confirmed({
      title: t(published ? "confirm.publishTitle" : "confirm.unpublishTitle"),
      message: t(published ? "confirm.publishMessage" : "confirm.unpublishMessage", {
        name: data.courseName,
      }),
      confirmLabel: t(published ? "common.publish" : "common.unpublish"),
      tone: published ? "default" : "destructive",
      run: () => setPublished(data.id, published),
      success: t(published ? "courses.published" : "courses.unpublished"),
    });

  return (
    <div className="flex flex-col gap-4 p-6">
      <PageHeader
        eyebrow={
          <Link to={paths.courses.list.getHref()} className="hover:underline">
            {t("courses.backToCourses")}
          </Link>
        }
        title={data.courseName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{data.courseCode}</span>
            <span aria-hidden="true">·</span>
            <span>{t("courses.gradeOption", { n: data.gradeLevel })}</span>
            <span aria-hidden="true">·</span>
            <span>{data.subject}</span>
            {data.section ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{data.section}</span>
              </>
            ) : null}
            <PublishedChip published={data.published} t={t} />
          </span>
        }
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to={paths.courses.studentMode.getHref(data.id)}>
                <EyeIcon />
                {t("courses.studentMode")}
              </Link>
            </Button>
            {rights.modifyCourse ? (
              <Button
                variant={data.published ? "outline" : "primary"}
                onClick={() => publish(!data.published)}
              >
                {t(data.published ? "common.unpublish" : "common.publish")}
              </Button>
            ) : null}
          </>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearch(value === "elements" ? {} : { tab: value }, { replace: true })
        }
      >
        <TabsList>
          <TabsTrigger value="elements">{t("courses.elementsAndMaterials")}</TabsTrigger>
          <TabsTrigger value="progress">{t("journey.progressTab")}</TabsTrigger>
          <TabsTrigger value="details">{t("courses.detailsTab")}</TabsTrigger>
          {showClasses ? <TabsTrigger value="classes">{t("courses.classes")}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="elements" className="pt-4">
          {elements.error ? (
            <LoadFailure error={elements.error} onRetry={() => void elements.reload()} />
          ) : !elements.elements ? (
            <InlineLoading />
          ) : (
            <MaterialPiecesProvider value={materials}>
              <CourseElements
                courseId={data.id}
                elements={elements.elements}
                rights={rights}
                reload={() => elements.reload()}
              />
            </MaterialPiecesProvider>
          )}
        </TabsContent>
        <TabsContent value="progress" className="pt-4">
          {tabs.progress(data.id)}
        </TabsContent>
        <TabsContent value="details" className="max-w-4xl pt-4">
          <CourseForm
            // A publish from the header changes the course: the form starts again from it.
            key={`${data.updatedAt ?? data.createdAt}-${data.published}`}
            course={data}
            readOnly={!rights.modifyCourse}
            onDone={() => undefined}
          />
        </TabsContent>
        {showClasses ? (
          <TabsContent value="classes" className="pt-4">
            {tabs.classes(data.id)}
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
