import { ArrowLeftIcon } from "lucide-react";
import { Button, EmptyState, FullPageSpinner } from "@lms/ui";
import { Link, useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { recordId } from "../../../lib/params";
import { useOpenMaterial } from "../api/use-player";
import { ScormPlayer } from "../components/scorm-player";
import { useLearnerRole } from "../../../hooks/use-learner-role";

/** /scorm?material=ID: a SCORM package full screen, gated and resumed like in the journey. */
export default function ScormPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const [search] = useSearchParams();
  const materialId = recordId(search.get("material") ?? undefined);
  const role = useLearnerRole();
  const opened = useOpenMaterial(materialId);
  const material = opened.data;
  const back = material
    ? {
        pathname: paths.courses.element.getHref(material.courseId, material.elementId),
        search: `?material=${material.id}`,
      }
    : paths.courses.list.getHref();

  if (materialId === null) return <EmptyState title={t("journey.noPackage")} />;
  if (opened.error)
    return (
      <div className="p-6">
        <EmptyState
          title={failureText(opened.error.failure, i18n)}
          action={
            <Button variant="outline" asChild>
              <Link to={paths.courses.list.getHref()}>{t("journey.backToMyCourses")}</Link>
            </Button>
          }
        />
      </div>
    );
  if (!material) return <FullPageSpinner label={t("app.loading")} />;
  if (material.type !== "scorm") return <EmptyState title={t("journey.noPackage")} />;

  return (
    <div className="flex h-[calc(100dvh-4rem)] flex-col gap-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold text-foreground">{material.name}</h1>
        <Button variant="outline" size="sm" asChild>
          <Link to={back}>
            <ArrowLeftIcon />
            {t("journey.backToCourse")}
          </Link>
        </Button>
      </div>
      {/* A new frame and runtime per material: a late commit of the last package never
          reaches the next one's runtime. */}
      <ScormPlayer
        key={material.id}
        materialId={material.id}
        title={material.name}
        record={role === "student"}
        fullScreen
      />
    </div>
  );
}
