import { Button } from "@lms/ui";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import { BulkUploadPanel } from "../components/bulk-upload-panel";
import { UsersTable } from "../components/users-table";
import { RecycleBinLink } from "../../../components/recycle-bin-link";

/**
 * The users tab of a school's details (SPEC.md §2 /schools/{id}/users): the school's users, and
 * for those who may add users, creating one or a bulk upload with the school preset (issue 13: a
 * school admin's only menu entry leads here).
 */
export default function SchoolUsersTab() {
  const t = useT();
  const { id = "" } = useParams();
  const schoolId = Number(id);
  const { permissions } = useSession();
  const [bulkOpen, setBulkOpen] = useState(false);
  if (bulkOpen) return <BulkUploadPanel schoolId={schoolId} onClose={() => setBulkOpen(false)} />;
  return (
    <UsersTable
      schoolId={schoolId}
      toolbar={
        <>
          {permissions?.users.modify ? (
            <RecycleBinLink href={paths.users.recycleBin.getHref()} />
          ) : null}
          {permissions?.users.add ? (
            <>
              <Button variant="outline" onClick={() => setBulkOpen(true)}>
                {t("bulk.open")}
              </Button>
              <Button asChild>
                <Link
                  to={{ pathname: paths.users.create.getHref(), search: `?schoolId=${schoolId}` }}
                >
                  {t("nav.createUser")}
                </Link>
              </Button>
            </>
          ) : null}
        </>
      }
    />
  );
}
