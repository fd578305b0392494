/**
 * Trusted Types (issue 12): the portal's CSP requires them for every HTML or script sink. Page
 * materials go through DOMPurify's own policy ("dompurify"). The "default" policy takes the rest:
 * only text without markup (a library's <style> rules set by innerHTML, such as Radix's), which
 * can create no element; any string that holds a "<" is refused, so no markup reaches the DOM
 * without DOMPurify.
 */
interface TrustedTypesWindow {
  trustedTypes?: {
    createPolicy(name: string, rules: { createHTML: (input: string) => string | null }): unknown;
  };
}

/** The default policy's rule: the string as it is when it holds no markup, else nothing. */
export function markupFree(input: string): string | null {
  return input.includes("<") ? null : input;
}

export function installTrustedTypes(win: TrustedTypesWindow = window as TrustedTypesWindow): void {
  win.trustedTypes?.createPolicy("default", { createHTML: markupFree });
}

/**
 * zod probes `new Function` once to choose its compiled object parser; under the CSP that probe
 * is reported as a Trusted Types violation (a console error) although zod catches the refusal.
 * Its `jitless` setting skips the probe. zod reads its settings from this global, shared by every
 * copy of zod on the page, so it is set before any zod code loads without loading zod here.
 */
interface ZodScope {
  __zod_globalConfig?: { jitless?: boolean };
}

export function configureZod(scope: ZodScope = globalThis as ZodScope): void {
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
}

// Installed as this module is evaluated: main.tsx imports it before anything else.
if (typeof window !== "undefined") {
  installTrustedTypes();
  configureZod();
}
