import { FullPageSpinner } from "@lms/ui";
import { Suspense, useState } from "react";
import { RouterProvider } from "react-router-dom";
import { ApiProvider, createPortalApi } from "../lib/api-context";
import { I18nProvider } from "../lib/i18n";
import { createRouter } from "./router";
import { ToasterHost } from "./toaster-host";

export function App() {
  const [api] = useState(() => createPortalApi());
  const [router] = useState(createRouter);
  return (
    <ApiProvider value={api}>
      <Suspense fallback={<FullPageSpinner />}>
        <I18nProvider>
          <RouterProvider router={router} />
          <ToasterHost />
        </I18nProvider>
      </Suspense>
    </ApiProvider>
  );
}
