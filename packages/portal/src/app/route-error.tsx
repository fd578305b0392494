import { Button, NotFound } from "@lms/ui";
import { useRouteError } from "react-router-dom";
import { useT } from "../lib/i18n";
import { isChunkLoadError } from "./lazy";

/** A failed chunk load shows a retry screen; anything else the generic error, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  return (
    <NotFound
      code={chunk ? undefined : "!"}
      title={chunk ? t("errors.chunkTitle") : t("errors.generic")}
      description={chunk ? t("errors.chunkMessage") : t("errors.tryAgain")}
      action={<Button onClick={() => window.location.reload()}>{t("common.retry")}</Button>}
    />
  );
}
