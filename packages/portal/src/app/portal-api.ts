import { createPortalApi } from "../lib/api-context";
import { startKeptSessionSignIn } from "../lib/class-service-sign-in";

/**
 * The portal's API client and session, made as the entry starts. A kept session's hidden
 * class-service sign-in (SPEC.md §7) is the longest wait before the first signed-in page, so it
 * begins here, before React is evaluated: main.tsx imports this module first.
 */
export const portalApi = createPortalApi();
startKeptSessionSignIn(portalApi.client, portalApi.session);
