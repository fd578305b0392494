import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import { RecycleBinPage } from "../components/recycle-bin-page";
import { TrashTable } from "../components/trash-table";

/**
 * /users/recycle-bin: deleted users (a school admin's only those of their school, as the server
 * scopes it); a school admin comes back to their school's Users tab.
 */
export default function UsersRecycleBin() {
  const t = useT();
  const { permissions, profile } = useSession();
  const back =
    permissions?.users.view && permissions.users.access
      ? paths.users.list.getHref()
      : profile?.schoolId
        ? paths.schools.users.getHref(profile.schoolId)
        : paths.schools.list.getHref();
  return (
    <RecycleBinPage module={t("nav.users")} backHref={back}>
      <TrashTable path="/user/" caption={t("trash.pageTitle", { module: t("nav.users") })} />
    </RecycleBinPage>
  );
}
