import { Suspense } from "react";
import { RouterProvider } from "react-router-dom";
import { ApiProvider, type PortalApi } from "../lib/api-context";
import { I18nProvider } from "../lib/i18n";
import { LoadingScreen } from "./loading-screen";
import type { AppRouter } from "./router";
import { ToasterHost } from "../components/toaster-host";

export function App({ api, router }: { api: PortalApi; router: AppRouter }) {
  return (
    <ApiProvider value={api}>
      <Suspense fallback={<LoadingScreen />}>
        <I18nProvider>
          <RouterProvider router={router} />
          <ToasterHost />
        </I18nProvider>
      </Suspense>
    </ApiProvider>
  );
}
