import { Button, PageHeader } from "@lms/ui";
import { useState } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import { BulkUploadPanel } from "../components/bulk-upload-panel";
import { UsersTable } from "../components/users-table";
import { RecycleBinLink } from "../../../components/recycle-bin-link";

export default function UsersListPage() {
  const t = useT();
  const { permissions } = useSession();
  const [bulkOpen, setBulkOpen] = useState(false);
  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("users.title")}
        actions={
          <>
            {permissions?.users.modify ? (
              <RecycleBinLink href={paths.users.recycleBin.getHref()} />
            ) : null}
            {permissions?.users.add ? (
              <>
                <Button variant="outline" aria-pressed={bulkOpen} onClick={() => setBulkOpen(true)}>
                  {t("bulk.open")}
                </Button>
                <Button asChild>
                  <Link to={paths.users.create.getHref()}>{t("nav.createUser")}</Link>
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {bulkOpen ? <BulkUploadPanel onClose={() => setBulkOpen(false)} /> : <UsersTable />}
    </div>
  );
}
