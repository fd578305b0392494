import { PageHeader } from "@lms/ui";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { SchoolForm } from "../components/school-form";

export default function SchoolCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="flex max-w-4xl flex-col gap-6 p-6">
      <PageHeader title={t("schools.createTitle")} />
      <SchoolForm
        onDone={(saved) =>
          navigate(saved ? paths.schools.info.getHref(saved.id) : paths.schools.list.getHref())
        }
      />
    </div>
  );
}
