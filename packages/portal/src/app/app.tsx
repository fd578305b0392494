import { ConfirmProvider, Toaster } from "@lms/ui";
import { useState } from "react";
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
      <I18nProvider>
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false }}>
          <ConfirmProvider>
            <RouterProvider router={router} />
            <Toaster />
          </ConfirmProvider>
        </SWRConfig>
      </I18nProvider>
    </ApiProvider>
  );
}
