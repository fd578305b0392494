// Trusted Types first (issue 12): the default policy exists before any library writes HTML.
import "./lib/trusted-types";
// Then a kept session's class-service sign-in starts as this module is evaluated.
import { portalApi } from "./app/portal-api";
import { warmUpSignedIn } from "./app/warm-up";
import { loadChunk } from "./lib/lazy";
import { openInTasks } from "./lib/open-in-tasks";
import "./index.css";

/**
 * The entry holds only what must start at once. React, the router and the app come in the
 * `opening` chunk, fetched beside this one: its code is evaluated in a task of its own and the
 * router is made in the next one.
 */
const session = portalApi.session.get();
warmUpSignedIn(session);
openInTasks(
  loadChunk(() => import("./app/open-app")),
  ({ openApp }) => openApp(session),
);
