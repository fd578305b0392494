import { describe, expect, it } from "vitest";
import { configureZod, installTrustedTypes, markupFree } from "./trusted-types";

describe("the portal's default Trusted Types policy", () => {
  it("lets text without markup through (a library's style rules) and refuses any markup", () => {
    const css = "[data-radix-select-viewport]{scrollbar-width:none}";
    expect(markupFree(css)).toBe(css);
    expect(markupFree("a &amp; b")).toBe("a &amp; b");
    expect(markupFree('<img src=x onerror="alert(1)">')).toBeNull();
    expect(markupFree("</style><script>alert(1)</script>")).toBeNull();
  });

  it("installs itself as the default policy where the browser has Trusted Types", () => {
    const made: { name: string; createHTML: (input: string) => string | null }[] = [];
    installTrustedTypes({
      trustedTypes: { createPolicy: (name, rules) => made.push({ name, ...rules }) },
    });
    expect(made.map((p) => p.name)).toEqual(["default"]);
    expect(made[0]!.createHTML("<b>")).toBeNull();
    expect(() => installTrustedTypes({})).not.toThrow();
  });
});

describe("zod under the portal's CSP", () => {
  it("is set jitless, keeping zod's other settings, so it never probes `new Function`", () => {
    const scope: { __zod_globalConfig?: { jitless?: boolean; locale?: string } } = {
      __zod_globalConfig: { locale: "en" },
    };
    configureZod(scope);
    expect(scope.__zod_globalConfig).toEqual({ locale: "en", jitless: true });
    const fresh: { __zod_globalConfig?: { jitless?: boolean } } = {};
    configureZod(fresh);
    expect(fresh.__zod_globalConfig).toEqual({ jitless: true });
  });
});
