import { SILENT_SIGN_IN } from "@lms/core";
import { useEffect, useState } from "react";
import { useApiClient } from "../lib/api-context";

/** Sessions whose hidden sign-in already ran in this tab, so that it runs once per sign-in. */
const signedInSessions = new Set<string>();

/**
 * SPEC.md §7: the hidden silent sign-in to the class service. Asks for a login URL (2 attempts,
 * 1 s apart) and loads it in a hidden frame; done when the frame loads or after about 2 seconds.
 */
export function useClassServiceSignIn(sessionKey: string | null, userName: string | undefined) {
  const client = useApiClient();
  const alreadyDone = !sessionKey || signedInSessions.has(sessionKey);
  const [loginUrl, setLoginUrl] = useState<string | null>(null);
  const [done, setDone] = useState(alreadyDone);

  useEffect(() => {
    if (alreadyDone || !userName || !sessionKey) return;
    let cancelled = false;
    const finish = () => {
      if (cancelled) return;
      signedInSessions.add(sessionKey);
      setDone(true);
    };
    void client.requestClassServiceLoginUrl(userName).then((url) => {
      if (cancelled) return;
      if (!url) return finish();
      setLoginUrl(url);
      setTimeout(finish, SILENT_SIGN_IN.hiddenFrameMs);
    });
    return () => {
      cancelled = true;
    };
  }, [alreadyDone, client, sessionKey, userName]);

  const frame = loginUrl ? (
    <iframe
      src={loginUrl}
      title="class-service-sign-in"
      aria-hidden="true"
      tabIndex={-1}
      className="hidden"
      onLoad={() => {
        if (sessionKey) signedInSessions.add(sessionKey);
        setDone(true);
      }}
    />
  ) : null;
  return { done, frame };
}
