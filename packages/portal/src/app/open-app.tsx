import type { Session } from "@lms/core";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { preloadI18n } from "../lib/i18n";
import { App } from "./app";
import { portalApi } from "./portal-api";
import { createAppRouter, routerReady } from "./router";

/**
 * The opening route's code and the whole English catalogue are usually here a moment after the
 * router is made (the opening script asks for them at once, build/opening-preload.ts; another
 * language's catalogue is asked for here): the first render waits for them, sparing a spinner
 * that would flash before the page and a render thrown away. A slow connection gets the spinner.
 */
const SPINNER_AFTER_MS = 400;

/** Makes the router and renders the app into #root once the opening route can show. */
export function openApp(session: Session): void {
  const router = createAppRouter();
  const opening = Promise.all([routerReady(router), preloadI18n(session).catch(() => undefined)]);
  const spinnerDue = new Promise((resolve) => setTimeout(resolve, SPINNER_AFTER_MS));
  void Promise.race([opening, spinnerDue]).then(() => {
    const root = createRoot(document.getElementById("root")!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App api={portalApi} router={router} />
        </StrictMode>,
      ),
    );
  });
}
