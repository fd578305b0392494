import { Suspense } from "react";
import { HashRouter } from "react-router-dom";
import { ApiProvider, type PortalApi } from "../lib/api-context";
import { I18nProvider } from "../lib/i18n";
import { LoadingScreen } from "./loading-screen";
import { AppRoutes } from "./router";
import { ToasterHost } from "./toaster-host";

export function App({ api }: { api: PortalApi }) {
  return (
    <ApiProvider value={api}>
      <Suspense fallback={<LoadingScreen />}>
        <I18nProvider>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
          <ToasterHost />
        </I18nProvider>
      </Suspense>
    </ApiProvider>
  );
}
