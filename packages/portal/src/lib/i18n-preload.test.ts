import { es } from "@lms/core";
import { describe, expect, it, vi } from "vitest";
import { visitorTexts } from "../../build/visitor-texts";

// The whole catalogue loads once per module instance, and the test files share a worker's modules:
// this file takes an instance of its own.
vi.resetModules();
const { isMessageKey, preloadCatalogue, preloadI18n } = await import("./i18n");

describe("what the first render needs, loaded before it", () => {
  const signedInOnly = Object.keys(es).find((key) => !(key in visitorTexts()))!;

  it("loads nothing more for a visitor in English, and the whole catalogue for a session", async () => {
    await preloadI18n({ token: null, lang: "es" });
    expect(isMessageKey(signedInOnly)).toBe(false);
    await preloadI18n({ token: "t", lang: "es" });
    expect(isMessageKey(signedInOnly)).toBe(true);
  });

  it("loads another language's catalogue, so the first render has it at once", async () => {
    await preloadI18n({ token: null, lang: "tg" });
    // Loaded: the catalogue's promise is settled within a microtask or two, no import waited for.
    let settled = false;
    void preloadCatalogue("tg").then(() => (settled = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(true);
  });
});
