import { PlusIcon } from "lucide-react";
import { Button, EmptyState, ExpandCollapseAll, ViewToggle, type ViewMode } from "@lms/ui";
import { useId, useState } from "react";
import { useT } from "../../../lib/i18n";
import { useElementCommands } from "../api/use-elements";
import type { ElementWithMaterials } from "@lms/core";
import { ElementCard } from "./element-card";
import { ElementCreateForm } from "./element-create-form";
import { SortableList } from "./sortable-list";
import { useReorder } from "./use-reorder";
import type { CourseRights } from "../../../hooks/use-course-rights";

const VIEW_KEY = "lms.courses.elementsView";

function readView(): ViewMode {
  try {
    return window.localStorage.getItem(VIEW_KEY) === "grid" ? "grid" : "list";
  } catch {
    return "list";
  }
}

/**
 * The course's elements and their materials (SPEC.md §2): expand or collapse all, grid or list
 * view, add an element at a placement, reposition by drag and drop or with move buttons.
 */
export function CourseElements({
  courseId,
  elements,
  rights,
  reload,
}: {
  courseId: number;
  elements: readonly ElementWithMaterials[];
  rights: CourseRights;
  reload: () => unknown;
}) {
  const t = useT();
  const { swap } = useElementCommands();
  const [view, setView] = useState<ViewMode>(readView);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const panelId = useId();
  const { ordered, move, busy } = useReorder(elements, swap, {
    success: t("elements.moved"),
    reload,
  });

  const openCount = ordered.filter((e) => !collapsed.has(e.id)).length;
  const expandState =
    openCount === ordered.length ? "expanded" : openCount === 0 ? "collapsed" : "mixed";

  function changeView(next: ViewMode) {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_KEY, next);
    } catch {
      // The choice is only a convenience.
    }
  }

  function toggle(id: number) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ExpandCollapseAll
          state={ordered.length === 0 ? "expanded" : expandState}
          onExpandAll={() => setCollapsed(new Set())}
          onCollapseAll={() => setCollapsed(new Set(ordered.map((e) => e.id)))}
          expandAllLabel={t("courses.expandAll")}
          collapseAllLabel={t("courses.collapseAll")}
        />
        <ViewToggle
          value={view}
          onValueChange={changeView}
          labels={{
            group: t("courses.viewMode"),
            grid: t("courses.gridView"),
            list: t("courses.listView"),
          }}
        />
        <span className="flex-1" />
        {rights.addElement ? (
          <Button
            aria-expanded={adding}
            aria-controls={adding ? panelId : undefined}
            onClick={() => setAdding((open) => !open)}
          >
            <PlusIcon />
            {t("elements.add")}
          </Button>
        ) : null}
      </div>
      {adding ? (
        <section
          id={panelId}
          aria-label={t("elements.createTitle")}
          className="rounded-card border border-border bg-surface p-4 shadow-xs"
        >
          <h3 className="mb-4 text-base font-semibold text-foreground">
            {t("elements.createTitle")}
          </h3>
          <ElementCreateForm
            courseId={courseId}
            elements={ordered}
            onDone={() => setAdding(false)}
          />
        </section>
      ) : null}
      {ordered.length === 0 ? (
        <EmptyState size="compact" title={t("elements.empty")} />
      ) : (
        <SortableList
          items={ordered}
          nameOf={(element) => element.name}
          onMove={(from, to) => void move(from, to)}
          layout={view}
          movable={rights.modifyElement}
          busy={busy}
          label={t("courses.elementsAndMaterials")}
        >
          {(element, index, handle) => (
            <ElementCard
              element={element}
              materials={element.materials ?? []}
              index={index}
              count={ordered.length}
              expanded={!collapsed.has(element.id)}
              onToggle={() => toggle(element.id)}
              layout={view}
              rights={rights}
              handle={handle}
              busy={busy}
              onMove={move}
            />
          )}
        </SortableList>
      )}
    </div>
  );
}
