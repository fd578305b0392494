import { Button } from "@lms/ui";
import { Link } from "react-router-dom";
import { useT } from "../lib/i18n";

/** The list toolbar's way to its recycle bin. */
export function RecycleBinLink({ href }: { href: string }) {
  const t = useT();
  return (
    <Button asChild variant="outline">
      <Link to={href}>{t("trash.title")}</Link>
    </Button>
  );
}
