import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";

/** The Progress tab's way into each SCORM material's report (issue 15). */
export function ScormReportLinks({
  courseId,
  materials,
}: {
  courseId: number;
  materials: readonly { materialId: number; name: string }[];
}) {
  const t = useT();
  if (materials.length === 0) return <span />;
  return (
    <nav aria-label={t("scormReport.links")} className="flex min-w-0 flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-foreground">{t("scormReport.links")}:</span>
      {materials.map((material) => (
        <Link
          key={material.materialId}
          to={paths.courses.scormReport.getHref(courseId, material.materialId)}
          className="rounded-control border border-border px-2 py-1 text-sm font-medium text-primary hover:underline"
          aria-label={t("scormReport.linkTo", { name: material.name })}
        >
          {material.name}
        </Link>
      ))}
    </nav>
  );
}
