import { EllipsisIcon } from "lucide-react";
import type { MaterialRecord } from "@lms/core";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  IconButton,
  cn,
} from "@lms/ui";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useI18n } from "../../../lib/i18n";
import { PublishedChip } from "../../../components/published-chip";
import { useMaterialActions } from "./use-material-actions";
import type { CourseRights } from "../../../hooks/use-course-rights";

/**
 * A material of an element: its type, name, status and what may be done with it. The course
 * builder shows it through composition (src/app/routes/material-pieces.ts).
 */
export function MaterialItem({
  material,
  rights,
  compact = false,
  leading,
}: {
  material: MaterialRecord;
  rights: CourseRights;
  /** The grid view's narrower card. */
  compact?: boolean;
  /** Drag handle and move buttons, where the material can be moved. */
  leading?: ReactNode;
}) {
  const { t, intl } = useI18n();
  const modified = material.lastModified || material.updatedAt || material.createdAt;
  return (
    <div
      className={cn(
        "flex items-center gap-2 rounded-control border border-border bg-surface px-2 py-1.5",
        compact && "flex-wrap",
      )}
    >
      {leading}
      <span className="shrink-0 rounded-sm bg-muted px-1.5 py-0.5 text-xs font-medium text-muted-foreground">
        {t(`materials.type.${material.type}`)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        {rights.modifyMaterial ? (
          <Link
            to={paths.courses.updateMaterial.getHref(material.courseId, material.id)}
            className={cn(
              "text-sm font-medium text-foreground underline-offset-4 hover:underline focus-visible:underline",
              compact ? "break-words" : "truncate",
            )}
          >
            {material.name}
          </Link>
        ) : (
          <span
            className={cn(
              "text-sm font-medium text-foreground",
              compact ? "break-words" : "truncate",
            )}
          >
            {material.name}
          </span>
        )}
        {!compact && modified ? (
          <span className="text-xs text-muted-foreground">
            {t("materials.field.lastModified")}:{" "}
            {intl.formatDate(modified, { dateStyle: "medium", timeStyle: "short" })}
          </span>
        ) : null}
      </div>
      <PublishedChip published={material.published} t={t} />
      <MaterialActions material={material} rights={rights} />
    </div>
  );
}

/** A material's menu: edit, quiz settings, publish or unpublish, delete. */
export function MaterialActions({
  material,
  rights,
}: {
  material: MaterialRecord;
  rights: CourseRights;
}) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { publishMaterial, removeMaterial } = useMaterialActions();
  if (!rights.modifyMaterial) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton size="sm" label={t("materials.actionsFor", { name: material.name })}>
          <EllipsisIcon />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() =>
            navigate(paths.courses.updateMaterial.getHref(material.courseId, material.id))
          }
        >
          {t("common.edit")}
        </DropdownMenuItem>
        {material.type === "quiz" ? (
          <DropdownMenuItem
            onSelect={() =>
              navigate(paths.courses.quizSettings.getHref(material.courseId, material.id))
            }
          >
            {t("quiz.settingsTitle")}
          </DropdownMenuItem>
        ) : null}
        {material.type === "scorm" ? (
          <DropdownMenuItem
            onSelect={() =>
              navigate(paths.courses.scormReport.getHref(material.courseId, material.id))
            }
          >
            {t("scormReport.open")}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => void publishMaterial(material, !material.published)}>
          {t(material.published ? "common.unpublish" : "common.publish")}
        </DropdownMenuItem>
        <DropdownMenuItem tone="destructive" onSelect={() => void removeMaterial(material)}>
          {t("common.delete")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
