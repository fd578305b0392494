import { SILENT_SIGN_IN, type ApiClient, type SessionStore } from "@lms/core";
import { useEffect, useState } from "react";
import { useApiClient } from "./api-context";
import { loadSignInFrame } from "./sign-in-frame";

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
  opening?: Promise<OpeningAttempt>,
): Promise<void> {
  let run = runs.get(sessionKey);
  if (!run) {
    run = signIn(client, userName, opening).finally(() => finished.add(sessionKey));
    runs.set(sessionKey, run);
  }
  return run;
}

/**
 * The opening script's attempt for a session this tab no longer holds (another tab signed in as
 * someone else, or out, while the page opened): every sign-in here waits for it to end, so that
 * the class service ends signed in as this tab's user, not as the one whose frame loaded last.
 */
let replacedOpening: Promise<unknown> | undefined;

async function signIn(
  client: ApiClient,
  userName: string,
  opening?: Promise<OpeningAttempt>,
): Promise<void> {
  await replacedOpening;
  const first = opening ? await opening : undefined;
  if (first?.signedIn) return;
  const url = await client.requestClassServiceLoginUrl(
    userName,
    first ? { attemptsMade: 1, sinceLastAttemptMs: performance.now() - first.at } : undefined,
  );
  if (url) await loadSignInFrame(url, SILENT_SIGN_IN.hiddenFrameMs);
}

/**
 * The first attempt of a kept session's sign-in, made by the page's opening script as the page is
 * parsed (build/opening-preload.ts): `signedIn` once its frame has loaded (or been given up on),
 * not when it got no login URL; `at` when it ended (performance.now()).
 */
interface OpeningAttempt {
  signedIn: boolean;
  at: number;
}

interface OpeningSignIn {
  sessionKey: string;
  done: Promise<OpeningAttempt>;
  /** Leaves out the frame if the login URL has not come yet (the session was replaced). */
  stop?: () => void;
}

declare global {
  interface Window {
    __lmsOpeningSignIn?: OpeningSignIn;
  }
}

/**
 * Starts the hidden sign-in of the stored session (kept from an earlier visit, or just signed in)
 * while the next page's code is still loading, instead of after the signed-in layout has mounted.
 * The opening script's attempt, when it made one for this session, counts as the first.
 */
export function startKeptSessionSignIn(client: ApiClient, session: SessionStore): void {
  const opening = window.__lmsOpeningSignIn;
  delete window.__lmsOpeningSignIn;
  const { token, sessionKey, profile } = session.get();
  const userName = token && sessionKey ? profile?.userName : undefined;
  const own = userName && opening?.sessionKey === sessionKey ? opening : undefined;
  if (opening && !own) {
    // Not this tab's session any more: no frame if its login URL has not come yet.
    opening.stop?.();
    replacedOpening = opening.done;
  }
  if (userName && sessionKey) {
    void startClassServiceSignIn(client, sessionKey, userName, own?.done).catch(() => undefined);
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
