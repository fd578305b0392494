import { ConfirmProvider, FullPageSpinner, Toaster } from "@lms/ui";
import { Suspense, useState } from "react";
import { RouterProvider } from "react-router-dom";
import { SWRConfig } from "swr";
import { ApiProvider, createPortalApi } from "../lib/api-context";
import { I18nProvider } from "../lib/i18n";
import { createRouter } from "./router";

export function App() {
  const [api] = useState(() => createPortalApi());
  const [router] = useState(createRouter);
  return (
    <ApiProvider value={api}>
      <Suspense fallback={<FullPageSpinner />}>
        <I18nProvider>
          <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
            <ConfirmProvider>
              <RouterProvider router={router} />
              <Toaster />
            </ConfirmProvider>
          </SWRConfig>
        </I18nProvider>
      </Suspense>
    </ApiProvider>
  );
}
