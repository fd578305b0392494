import { es } from "@lms/core";
import type { Plugin } from "vite";

export const VISITOR_TEXTS_ID = "virtual:visitor-texts";

/**
 * The English texts the visitor pages (sign-in, forgotten and new password) and the app's
 * opening show: whole groups of the catalogue, so a text added to them is there too. Any other
 * text makes the portal load the whole catalogue first (lib/i18n.tsx).
 */
export const VISITOR_GROUPS = ["app", "auth", "password", "language", "validation", "errors"];
export const VISITOR_KEYS = ["nav.language", "common.retry", "common.save", "common.close"];

export function visitorTexts(catalogue: Record<string, string> = es): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalogue).filter(
      ([key]) => VISITOR_GROUPS.includes(key.split(".")[0]!) || VISITOR_KEYS.includes(key),
    ),
  );
}

/** `virtual:visitor-texts`: the visitor pages' English texts, picked at build time. */
export function visitorTextsPlugin(): Plugin {
  const resolved = `\0${VISITOR_TEXTS_ID}`;
  return {
    name: "lms-visitor-texts",
    resolveId: (id) => (id === VISITOR_TEXTS_ID ? resolved : undefined),
    load: (id) =>
      id === resolved ? `export default ${JSON.stringify(visitorTexts())};` : undefined,
  };
}
