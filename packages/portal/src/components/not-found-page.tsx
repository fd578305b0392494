import { Button, NotFound } from "@lms/ui";
import { Link } from "react-router-dom";
import { paths } from "../app/paths";
import { useT } from "../lib/i18n";

export default function NotFoundPage() {
  const t = useT();
  return (
    <NotFound
      code="404"
      title={t("errors.notFoundTitle")}
      description={t("errors.notFoundMessage")}
      action={
        <Button asChild>
          <Link to={paths.root.path}>{t("errors.goHome")}</Link>
        </Button>
      }
    />
  );
}
