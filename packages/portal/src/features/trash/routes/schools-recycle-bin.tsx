import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { RecycleBinPage } from "../components/recycle-bin-page";
import { TrashTable } from "../components/trash-table";

/** /schools/recycle-bin: deleted schools, with their users and courses. */
export default function SchoolsRecycleBin() {
  const t = useT();
  return (
    <RecycleBinPage module={t("nav.schools")} backHref={paths.schools.list.getHref()}>
      <TrashTable path="/school/" caption={t("trash.pageTitle", { module: t("nav.schools") })} />
    </RecycleBinPage>
  );
}
