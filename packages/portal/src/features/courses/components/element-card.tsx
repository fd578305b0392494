import { ChevronRightIcon, EllipsisIcon } from "lucide-react";
import type { ElementRecord, MaterialRecord } from "@lms/core";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  IconButton,
  cn,
} from "@lms/ui";
import { useId } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { byPosition } from "../utils/positions";
import { PublishedChip } from "../../../components/published-chip";
import { useMaterialPieces } from "./material-pieces";
import { DragHandleButton, MoveButtons } from "./move-buttons";
import type { DragHandle } from "./sortable-list";
import { useContentActions } from "./use-content-actions";
import type { CourseRights } from "../../../hooks/use-course-rights";

/**
 * One course element on the course page: a region named by the element, whose heading opens or
 * closes its materials; handle and move buttons reposition it.
 */
export function ElementCard({
  element,
  materials,
  index,
  count,
  expanded,
  onToggle,
  layout,
  rights,
  handle,
  busy,
  onMove,
}: {
  element: ElementRecord;
  materials: readonly MaterialRecord[];
  index: number;
  count: number;
  expanded: boolean;
  onToggle: () => void;
  layout: "grid" | "list";
  rights: CourseRights;
  handle: DragHandle | null;
  busy: boolean;
  onMove: (fromIndex: number, toIndex: number) => Promise<boolean>;
}) {
  const t = useT();
  const { AddMenu, Item } = useMaterialPieces();
  const headingId = useId();
  const bodyId = useId();
  const ordered = byPosition(materials);
  const facts = (
    <>
      <span className="text-xs text-muted-foreground">
        {t(`elements.type.${element.type}`)} ·{" "}
        {t("elements.materialsCount", { count: materials.length })}
      </span>
      <PublishedChip published={element.published} t={t} />
    </>
  );
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex h-full flex-col gap-3 rounded-card border border-border bg-surface p-3 shadow-xs",
        handle?.dragging && "shadow-lg ring-2 ring-ring",
      )}
    >
      <div className="flex items-center gap-2">
        {handle ? <DragHandleButton name={element.name} handle={handle} /> : null}
        <h3 id={headingId} className="min-w-0 flex-1 text-base font-semibold text-foreground">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={onToggle}
            className="inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-sm text-start outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0"
          >
            <ChevronRightIcon
              className={expanded ? "rotate-90 transition-transform" : "transition-transform"}
            />
            <span className="truncate">{element.name}</span>
          </button>
        </h3>
        {layout === "list" ? facts : null}
      </div>
      {layout === "grid" ? <div className="flex flex-wrap items-center gap-2">{facts}</div> : null}
      <div className="flex flex-wrap items-center gap-2">
        {rights.modifyElement ? (
          <MoveButtons
            name={element.name}
            index={index}
            count={count}
            busy={busy}
            onMove={onMove}
          />
        ) : null}
        <span className="flex-1" />
        {rights.addMaterial ? <AddMenu courseId={element.courseId} element={element} /> : null}
        <ElementActions element={element} rights={rights} />
      </div>
      <div id={bodyId} hidden={!expanded}>
        {ordered.length === 0 ? (
          <p className="px-1 text-sm text-muted-foreground">{t("materials.empty")}</p>
        ) : (
          <ol
            aria-label={t("elements.materialsOf", { name: element.name })}
            className="flex flex-col gap-2"
          >
            {ordered.map((material) => (
              <li key={material.id}>
                <Item material={material} rights={rights} compact={layout === "grid"} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** An element's menu: its page, its student view, publish or unpublish, delete. */
function ElementActions({ element, rights }: { element: ElementRecord; rights: CourseRights }) {
  const t = useT();
  const navigate = useNavigate();
  const { publishElement, removeElement } = useContentActions();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton size="sm" label={t("elements.actionsFor", { name: element.name })}>
          <EllipsisIcon />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() => navigate(paths.courses.element.getHref(element.courseId, element.id))}
        >
          {t("elements.open")}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            navigate(paths.courses.elementStudentMode.getHref(element.courseId, element.id))
          }
        >
          {t("courses.studentMode")}
        </DropdownMenuItem>
        {rights.modifyElement ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void publishElement(element, !element.published)}>
              {t(element.published ? "common.unpublish" : "common.publish")}
            </DropdownMenuItem>
            <DropdownMenuItem tone="destructive" onSelect={() => void removeElement(element)}>
              {t("common.delete")}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
