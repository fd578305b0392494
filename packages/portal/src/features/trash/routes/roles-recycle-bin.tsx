import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { RecycleBinPage } from "../components/recycle-bin-page";
import { TrashTable } from "../components/trash-table";

/** /roles-and-permissions/recycle-bin: deleted roles. */
export default function RolesRecycleBin() {
  const t = useT();
  const module = t("nav.rolesAndPermissions");
  return (
    <RecycleBinPage module={module} backHref={paths.roles.list.getHref()}>
      <TrashTable path="/role/" caption={t("trash.pageTitle", { module })} />
    </RecycleBinPage>
  );
}
