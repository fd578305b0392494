import { Suspense, useSyncExternalStore } from "react";
import { Toaster } from "@lms/ui";
import { RouterProvider } from "react-router-dom";
import { ApiProvider, useSession, type PortalApi } from "../lib/api-context";
import { I18nProvider } from "../lib/i18n";
import { LoadingScreen } from "./loading-screen";
import type { AppRouter } from "./router";

/**
 * react-router's RouterProvider reads the router's state as it first renders and subscribes once
 * it has committed. When React paused that render (waiting on the catalogue, or yielding in the
 * opening transition) and the router moved meanwhile (the opening route's code arrived, or the
 * address changed), the change was lost: the opening spinner stayed for good, or the previous
 * page stayed under the new address. It mounts once the router is ready, and this store read
 * follows every navigation, so a render that saw an older location is redone before it commits.
 */
function useRouterReady(router: AppRouter): boolean {
  const location = useSyncExternalStore(
    router.subscribe,
    () => (router.state.initialized ? router.state.location.key : null),
    () => null,
  );
  return location !== null;
}

/**
 * Signed in, toasts follow most actions: sonner loads once the page is idle, its live region ready
 * for the first. A visitor's pages seldom toast (a new password): it loads with that toast, and the
 * sign-in page does not download it.
 */
function AppToaster() {
  const signedIn = Boolean(useSession().token);
  return <Toaster loadWhenIdle={signedIn} />;
}

export function App({ api, router }: { api: PortalApi; router: AppRouter }) {
  const ready = useRouterReady(router);
  return (
    <ApiProvider value={api}>
      <Suspense fallback={<LoadingScreen />}>
        <I18nProvider>
          {ready ? <RouterProvider router={router} /> : <LoadingScreen />}
          <AppToaster />
        </I18nProvider>
      </Suspense>
    </ApiProvider>
  );
}
