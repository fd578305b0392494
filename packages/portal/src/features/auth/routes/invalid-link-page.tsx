import { Button } from "@lms/ui";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { AccountLayout } from "../components/account-layout";

/** SPEC.md §8: the expired-link pages, header 'Oops. . . . Link Is No Longer Available!' */
export function InvalidLinkPage({ kind }: { kind: "reset" | "activation" }) {
  const t = useT();
  return (
    <AccountLayout
      title={t("auth.linkUnavailableHeader")}
      subtitle={t(kind === "reset" ? "auth.forgotLinkExpired" : "auth.registrationLinkExpired")}
    >
      <div className="flex flex-col gap-3">
        {kind === "reset" ? (
          <Button asChild className="w-full">
            <Link to={paths.account.forgotPassword.getHref()}>{t("auth.requestNewLink")}</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline" className="w-full">
          <Link to={paths.account.login.getHref()}>{t("auth.backToLogin")}</Link>
        </Button>
      </div>
    </AccountLayout>
  );
}
