import { Button, EmptyState } from "@lms/ui";
import { Navigate } from "react-router-dom";
import { paths } from "../app/paths";
import type { ApiError } from "../lib/data";
import { failureText } from "../lib/errors";
import { useI18n } from "../lib/i18n";

/**
 * A course, element or material that could not be read: one that does not exist (or is out of
 * the caller's reach) is the not-found page; anything else says why and offers to try again.
 */
export function LoadFailure({ error, onRetry }: { error: ApiError | null; onRetry?: () => void }) {
  const i18n = useI18n();
  const status = error?.failure.status ?? 404;
  if (status === 404 || status === 403 || status === 400 || status === 422)
    return <Navigate to={paths.notFound.getHref()} replace />;
  return (
    <EmptyState
      title={error ? failureText(error.failure, i18n) : i18n.t("errors.generic")}
      action={
        onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            {i18n.t("common.retry")}
          </Button>
        ) : undefined
      }
    />
  );
}
