import { es } from "@lms/core";
import { describe, expect, it } from "vitest";
import { visitorTexts } from "../../build/visitor-texts";
import { isMessageKey, preloadI18n } from "./i18n";

// A file of its own: the whole catalogue loads once per module instance.
describe("what the first render needs, loaded before it", () => {
  const signedInOnly = Object.keys(es).find((key) => !(key in visitorTexts()))!;

  it("loads nothing more for a visitor in English, and the whole catalogue for a session", async () => {
    await preloadI18n({ token: null, lang: "es" });
    expect(isMessageKey(signedInOnly)).toBe(false);
    await preloadI18n({ token: "t", lang: "zh" });
    expect(isMessageKey(signedInOnly)).toBe(true);
  });
});
