import { Button, NotFound } from "@lms/ui";
import { useEffect, useSyncExternalStore } from "react";
import { useT } from "../lib/i18n";
import { isChunkLoadError } from "../lib/lazy";

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * A failed chunk load shows a retry screen (while offline: "No internet connection", and the page
 * loads again by itself once back online; issue 13: never a "404"); anything else the generic
 * error, never a blank page.
 */
export function RouteError({ error }: { error: unknown }) {
  const t = useT();
  const chunk = isChunkLoadError(error);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  // Not tied to `online`: the re-render it causes would drop this listener before it runs.
  useEffect(() => {
    if (!chunk) return;
    const retry = () => window.location.reload();
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [chunk]);
  const retry = <Button onClick={() => window.location.reload()}>{t("common.retry")}</Button>;
  if (chunk && !online) {
    return (
      <NotFound
        code={null}
        title={t("errors.noInternetTitle")}
        description={t("errors.noInternetMessage")}
        action={retry}
      />
    );
  }
  return (
    <NotFound
      code={chunk ? null : "!"}
      title={chunk ? t("errors.chunkTitle") : t("errors.generic")}
      description={chunk ? t("errors.chunkMessage") : t("errors.tryAgain")}
      action={retry}
    />
  );
}
