// Trusted Types first (issue 12): the default policy exists before any library writes HTML.
import "./lib/trusted-types";
// Then a kept session's class-service sign-in starts as this module is evaluated.
import { portalApi } from "./app/portal-api";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter, routerReady } from "./app/router";
import { warmUpSignedIn } from "./app/warm-up";
import { preloadI18n } from "./lib/i18n";
import "./index.css";

/**
 * The opening route's code and the whole English catalogue are usually here a moment after this
 * entry (the opening script asks for them at once, build/opening-preload.ts; another language's
 * catalogue is asked for here): the first render waits for them, sparing a spinner that would
 * flash before the page and a render thrown away. A slow connection gets the spinner.
 */
const SPINNER_AFTER_MS = 400;

const router = createAppRouter();
const session = portalApi.session.get();
warmUpSignedIn(session);
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
