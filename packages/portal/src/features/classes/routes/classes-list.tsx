import { PageHeader } from "@lms/ui";
import { useT } from "../../../lib/i18n";
import { ClassesTable } from "../components/classes-table";

/** /classes: a teacher's classes (those its assigned load covers). */
export default function ClassesListPage() {
  const t = useT();
  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader title={t("classes.title")} />
      <ClassesTable listKey="classes" />
    </div>
  );
}
