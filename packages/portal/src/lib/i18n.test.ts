import { createIntl, es, zh, type MessageKey } from "@lms/core";
import { describe, expect, it, vi } from "vitest";
import { visitorTexts, VISITOR_GROUPS } from "../../build/visitor-texts";

// What these tests check depends on what the module has loaded, and the test files share a worker's
// modules: this file takes an instance of its own.
vi.resetModules();
const { formatPlain, isMessageKey, loadFullI18n, visitorTranslator } = await import("./i18n");

const english = createIntl("es", es);

describe("the visitor pages' texts before the whole catalogue loads", () => {
  it("formats every plain visitor text as @formatjs does, values included", () => {
    const values = { n: 8, name: "Ana", count: 3, minutes: 15, max: 100, field: "x" };
    let plain = 0;
    for (const [key, message] of Object.entries(visitorTexts())) {
      const text = formatPlain(message, values);
      if (text === undefined) continue;
      plain++;
      expect(text, key).toBe(english.t(key as MessageKey, values));
    }
    expect(plain).toBeGreaterThan(100);
  });

  it("leaves ICU messages, quotes and missing values to @formatjs", () => {
    expect(
      formatPlain("{count, plural, one {# row} other {# rows}}", { count: 2 }),
    ).toBeUndefined();
    expect(formatPlain("It's '{'literal'}'", {})).toBeUndefined();
    expect(formatPlain("Hello {name}", {})).toBeUndefined();
    expect(formatPlain("Hello {name}", { name: "" })).toBe("Hello ");
    expect(formatPlain("At least {n} characters", { n: 0 })).toBe("At least 0 characters");
  });

  it("holds the sign-in page's texts and no signed-in page's", () => {
    const texts = visitorTexts();
    for (const key of ["auth.signIn", "auth.userName", "auth.password", "app.greeting"])
      expect(texts).toHaveProperty(key, es[key as MessageKey]);
    expect(Object.keys(texts).length).toBeLessThan(Object.keys(es).length / 3);
    expect(Object.keys(texts).every((key) => key in es)).toBe(true);
    expect(VISITOR_GROUPS).toContain("validation");
  });

  it("gives visitor texts at once, and any other text once the catalogue has loaded", async () => {
    const t = visitorTranslator("es");
    expect(t.t("auth.signIn")).toBe("Sign in");
    expect(t.message("validation.required")).toBe(english.message("validation.required"));
    expect(isMessageKey("schools.title")).toBe(false);
    // A text the visitor pages lack shows as nothing and starts the load.
    expect(t.t("schools.title")).toBe("");
    await loadFullI18n();
    expect(t.t("schools.title")).toBe(english.t("schools.title"));
    expect(isMessageKey("schools.title")).toBe(true);
    expect(t.intl.formatNumber(1234)).toBe("1,234");
  });

  it("uses a whole language's catalogue on the visitor pages", () => {
    expect(visitorTranslator("zh", zh).t("auth.signIn")).toBe(zh["auth.signIn"]);
  });
});
