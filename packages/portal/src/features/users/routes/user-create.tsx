import { PageHeader } from "@lms/ui";
import { useNavigate, useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { UserForm } from "../components/user-form";

/** /users/create; `?schoolId=` presets the school (from a school's Users tab, issue 13). */
export default function UserCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const schoolId = Number(search.get("schoolId")) || undefined;
  return (
    <div className="flex max-w-5xl flex-col gap-6 p-6">
      <PageHeader title={t("users.createTitle")} />
      <UserForm
        schoolId={schoolId}
        onDone={(saved) =>
          navigate(
            saved
              ? paths.users.details.getHref(saved.id)
              : schoolId
                ? paths.schools.users.getHref(schoolId)
                : paths.users.list.getHref(),
          )
        }
      />
    </div>
  );
}
