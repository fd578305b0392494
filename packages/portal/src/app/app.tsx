import { Suspense, useSyncExternalStore } from "react";
import { Toaster } from "@lms/ui";
import { RouterProvider } from "react-router-dom";
import { ApiProvider, type PortalApi } from "../lib/api-context";
import { I18nProvider } from "../lib/i18n";
import { LoadingScreen } from "./loading-screen";
import type { AppRouter } from "./router";

/**
 * react-router's RouterProvider reads the router's state as it first renders and subscribes once
 * it has committed. When React paused that render (waiting on the catalogue) and the opening
 * route's code arrived meanwhile, the change was lost and the opening spinner stayed for good
 * (about one cold signed-in load in ten on a busy machine). It mounts once the router is ready.
 */
function useRouterReady(router: AppRouter): boolean {
  return useSyncExternalStore(
    router.subscribe,
    () => router.state.initialized,
    () => router.state.initialized,
  );
}

export function App({ api, router }: { api: PortalApi; router: AppRouter }) {
  const ready = useRouterReady(router);
  return (
    <ApiProvider value={api}>
      <Suspense fallback={<LoadingScreen />}>
        <I18nProvider>
          {ready ? <RouterProvider router={router} /> : <LoadingScreen />}
          <Toaster />
        </I18nProvider>
      </Suspense>
    </ApiProvider>
  );
}
