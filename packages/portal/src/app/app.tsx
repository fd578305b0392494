import { FullPageSpinner } from "@lms/ui";
import { Suspense, useState } from "react";
import { HashRouter } from "react-router-dom";
import { ApiProvider, createPortalApi } from "../lib/api-context";
import { I18nProvider } from "../lib/i18n";
import { startKeptSessionSignIn } from "./class-service-sign-in";
import { AppRoutes } from "./router";
import { ToasterHost } from "./toaster-host";

export function App() {
  const [api] = useState(() => {
    const created = createPortalApi();
    startKeptSessionSignIn(created.client, created.session);
    return created;
  });
  return (
    <ApiProvider value={api}>
      <Suspense fallback={<FullPageSpinner />}>
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
