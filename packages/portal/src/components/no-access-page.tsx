import { Button, NotFound } from "@lms/ui";
import { Link } from "react-router-dom";
import { useSession } from "../lib/api-context";
import { useT } from "../lib/i18n";
import { homeHref } from "../lib/navigation";

/** A route whose module the signed-in role may not open (issue 13: never the staff screen). */
export default function NoAccessPage() {
  const t = useT();
  const { profile, permissions } = useSession();
  return (
    <NotFound
      code="403"
      title={t("errors.noAccessTitle")}
      description={t("errors.noAccessMessage")}
      action={
        profile ? (
          <Button asChild>
            <Link to={homeHref(profile, permissions)}>{t("errors.goHome")}</Link>
          </Button>
        ) : null
      }
    />
  );
}
