import { useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { RouteTabs } from "../../../components/route-tabs";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import type { TrashPath } from "../../../hooks/use-trash";
import { RecycleBinPage } from "../components/recycle-bin-page";
import { TrashTable } from "../components/trash-table";

type BinType = "courses" | "elements" | "materials";

/**
 * /courses/recycle-bin: deleted courses, and as tabs (?type=) deleted course elements and, for
 * those who may modify materials, deleted materials.
 */
export default function CoursesRecycleBin() {
  const t = useT();
  const { permissions } = useSession();
  const [search] = useSearchParams();
  const canMaterials = Boolean(permissions?.materials.access && permissions.materials.modify);
  const tabs: { type: BinType; path: TrashPath; label: string; href: string }[] = [
    {
      type: "courses",
      path: "/course/",
      label: t("nav.courses"),
      href: paths.courses.recycleBin.getHref(),
    },
    {
      type: "elements",
      path: "/element/",
      label: t("trash.tab.elements"),
      href: paths.courses.recycleBin.getHref("elements"),
    },
    ...(canMaterials
      ? [
          {
            type: "materials" as const,
            path: "/material/" as const,
            label: t("nav.materials"),
            href: paths.courses.recycleBin.getHref("materials"),
          },
        ]
      : []),
  ];
  const current = tabs.find((tab) => tab.type === search.get("type")) ?? tabs[0]!;
  return (
    <RecycleBinPage module={t("nav.courses")} backHref={paths.courses.list.getHref()}>
      <RouteTabs
        label={t("trash.title")}
        current={current.href}
        tabs={tabs.map(({ href, label }) => ({ href, label }))}
      />
      <TrashTable
        key={current.path}
        path={current.path}
        caption={t("trash.pageTitle", { module: current.label })}
      />
    </RecycleBinPage>
  );
}
