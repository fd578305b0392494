import { SILENT_SIGN_IN, type ApiClient, type SessionStore } from "@lms/core";
import { useEffect, useState } from "react";
import { useApiClient } from "./api-context";

/** The hidden sign-in of each session in this tab: it runs once per sign-in. */
const runs = new Map<string, Promise<void>>();
const finished = new Set<string>();

/**
 * SPEC.md §7: the hidden silent sign-in to the class service. Asks for a login URL (2 attempts,
 * 1 s apart) and loads it in a hidden frame; done when the frame loads or after about 2 seconds.
 */
export function startClassServiceSignIn(
  client: ApiClient,
  sessionKey: string,
  userName: string,
): Promise<void> {
  let run = runs.get(sessionKey);
  if (!run) {
    run = signIn(client, userName).finally(() => finished.add(sessionKey));
    runs.set(sessionKey, run);
  }
  return run;
}

async function signIn(client: ApiClient, userName: string): Promise<void> {
  const url = await client.requestClassServiceLoginUrl(userName);
  if (!url) return;
  await new Promise<void>((resolve) => {
    const frame = document.createElement("iframe");
    frame.src = url;
    frame.title = "class-service-sign-in";
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    // The class-service cookie outlives the frame: it goes once loaded (or given up on).
    const finish = () => {
      clearTimeout(timer);
      frame.remove();
      resolve();
    };
    const timer = setTimeout(finish, SILENT_SIGN_IN.hiddenFrameMs);
    frame.addEventListener("load", finish);
    document.body.append(frame);
  });
}

/**
 * Starts the hidden sign-in of the stored session (kept from an earlier visit, or just signed in)
 * while the next page's code is still loading, instead of after the signed-in layout has mounted.
 */
export function startKeptSessionSignIn(client: ApiClient, session: SessionStore): void {
  const { token, sessionKey, profile } = session.get();
  if (token && sessionKey && profile?.userName) {
    void startClassServiceSignIn(client, sessionKey, profile.userName).catch(() => undefined);
  }
}

/** Whether the hidden sign-in of the current session has finished (the layout waits for it). */
export function useClassServiceSignIn(sessionKey: string | null, userName: string | undefined) {
  const client = useApiClient();
  const [done, setDone] = useState(() => !sessionKey || !userName || finished.has(sessionKey));
  useEffect(() => {
    if (done || !sessionKey || !userName) return;
    let cancelled = false;
    const finish = () => {
      if (!cancelled) setDone(true);
    };
    startClassServiceSignIn(client, sessionKey, userName).then(finish, finish);
    return () => {
      cancelled = true;
    };
  }, [client, done, sessionKey, userName]);
  return { done };
}
