import { Button, EmptyState } from "@lms/ui";
import { Navigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import type { ApiError } from "../../../lib/data";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";

/**
 * A role that could not be read: one that does not exist (or is out of the caller's reach) is a
 * not-found page; anything else says why and offers to try again.
 */
export function RoleLoadFailure({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const i18n = useI18n();
  const { status } = error.failure;
  if (status === 404 || status === 403 || status === 400 || status === 422)
    return <Navigate to={paths.notFound.getHref()} replace />;
  return (
    <EmptyState
      title={failureText(error.failure, i18n)}
      action={
        <Button variant="outline" onClick={onRetry}>
          {i18n.t("common.retry")}
        </Button>
      }
    />
  );
}
