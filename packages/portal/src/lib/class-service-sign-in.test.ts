import { createSessionStore, type ApiClient } from "@lms/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startClassServiceSignIn, startKeptSessionSignIn } from "./class-service-sign-in";

function keptSession(sessionKey: string) {
  const session = createSessionStore();
  session.set({
    token: "t",
    wsToken: "ws",
    sessionKey,
    profile: { userName: "Teacher.One" } as never,
  });
  return session;
}

function fakeClient(loginUrl: string | null) {
  const requestClassServiceLoginUrl = vi.fn(async () => loginUrl);
  return {
    client: { requestClassServiceLoginUrl } as unknown as ApiClient,
    requestClassServiceLoginUrl,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("a kept session's class-service sign-in", () => {
  it("takes over the opening script's attempt: no request of its own once that one signed in", async () => {
    const window: Record<string, unknown> = {
      __lmsOpeningSignIn: { sessionKey: "k1", done: Promise.resolve({ signedIn: true, at: 0 }) },
    };
    vi.stubGlobal("window", window);
    const { client, requestClassServiceLoginUrl } = fakeClient("http://x/login?key=1");
    startKeptSessionSignIn(client, keptSession("k1"));
    expect(window.__lmsOpeningSignIn).toBeUndefined();
    await startClassServiceSignIn(client, "k1", "teacher.one");
    expect(requestClassServiceLoginUrl).not.toHaveBeenCalled();
  });

  it("makes the second attempt only, 1 second after the opening script's, when that one got no login URL", async () => {
    vi.stubGlobal("window", {
      __lmsOpeningSignIn: {
        sessionKey: "k2",
        done: Promise.resolve({ signedIn: false, at: performance.now() - 400 }),
      },
    });
    const { client, requestClassServiceLoginUrl } = fakeClient(null);
    startKeptSessionSignIn(client, keptSession("k2"));
    await startClassServiceSignIn(client, "k2", "teacher.one");
    expect(requestClassServiceLoginUrl).toHaveBeenCalledTimes(1);
    const [, options] = requestClassServiceLoginUrl.mock.calls[0] as unknown as [
      string,
      { attemptsMade: number; sinceLastAttemptMs: number },
    ];
    expect(options.attemptsMade).toBe(1);
    // The second attempt comes 1 second after the first one ended, not after the take-over.
    expect(options.sinceLastAttemptMs).toBeGreaterThanOrEqual(400);
    expect(options.sinceLastAttemptMs).toBeLessThan(1000);
  });

  it("stops the opening script's attempt for another session, and makes both attempts itself once it ended", async () => {
    let ended: (attempt: { signedIn: boolean; at: number }) => void = () => undefined;
    const stop = vi.fn();
    vi.stubGlobal("window", {
      __lmsOpeningSignIn: {
        sessionKey: "older",
        done: new Promise((resolve) => (ended = resolve)),
        stop,
      },
    });
    const { client, requestClassServiceLoginUrl } = fakeClient(null);
    startKeptSessionSignIn(client, keptSession("k3"));
    expect(stop).toHaveBeenCalledTimes(1);
    // The other session's frame may still be loading: this session's sign-in comes after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requestClassServiceLoginUrl).not.toHaveBeenCalled();
    ended({ signedIn: false, at: performance.now() });
    await startClassServiceSignIn(client, "k3", "teacher.one");
    expect(requestClassServiceLoginUrl).toHaveBeenCalledWith("Teacher.One", undefined);
  });

  it("stops the opening script's attempt when this tab holds no session any more (signed out elsewhere)", () => {
    const stop = vi.fn();
    vi.stubGlobal("window", {
      __lmsOpeningSignIn: {
        sessionKey: "gone",
        done: Promise.resolve({ signedIn: false, at: 0 }),
        stop,
      },
    });
    const { client, requestClassServiceLoginUrl } = fakeClient(null);
    startKeptSessionSignIn(client, createSessionStore());
    expect(stop).toHaveBeenCalledTimes(1);
    expect(requestClassServiceLoginUrl).not.toHaveBeenCalled();
  });
});
