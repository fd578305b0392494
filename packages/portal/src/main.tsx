// Trusted Types first (issue 12): the default policy exists before any library writes HTML.
import "./lib/trusted-types";
// Then a kept session's class-service sign-in starts as this module is evaluated.
import { portalApi } from "./app/portal-api";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createAppRouter } from "./app/router";
import "./index.css";

const router = createAppRouter();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App api={portalApi} router={router} />
  </StrictMode>,
);
