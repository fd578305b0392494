import { describe, expect, it } from "vitest";
import { createSessionStore, memoryStorage } from "../src/index";

const profile = {
  userId: 7,
  userName: "teacher",
  firstName: "Ana",
  roleId: 3,
  schoolId: 1,
  children: [],
};

describe("session store", () => {
  it("persists the session under 'auth' in the injected storage", () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage });
    store.set({ token: "t", wsToken: "w", sessionKey: "k", profile, photo: null, lang: "zh" });
    const saved = JSON.parse(storage.getItem("auth")!);
    expect(saved).toMatchObject({
      token: "t",
      wsToken: "w",
      sessionKey: "k",
      profile,
      lang: "zh",
      isOnline: true,
    });
    expect(createSessionStore({ storage }).get().token).toBe("t");
    expect(createSessionStore({ storage }).isSignedIn()).toBe(true);
  });

  it("tells subscribers of every change and stops when they unsubscribe", () => {
    const store = createSessionStore();
    const seen: (string | null)[] = [];
    const unsubscribe = store.subscribe((s) => seen.push(s.token));
    store.set({ token: "a" });
    unsubscribe();
    store.set({ token: "b" });
    expect(seen).toEqual(["a"]);
  });

  it("destroys the signed-in part, keeping the language, and marks an expired session", () => {
    const store = createSessionStore();
    store.set({ token: "t", profile, lang: "tg" });
    store.destroy({ expired: true });
    expect(store.get()).toMatchObject({
      token: null,
      profile: null,
      lang: "tg",
      expiredSession: true,
    });
    expect(store.isSignedIn()).toBe(false);
  });

  it("starts empty when the stored value is unreadable", () => {
    const storage = memoryStorage();
    storage.setItem("auth", "{not json");
    expect(createSessionStore({ storage }).get().token).toBeNull();
  });
});
