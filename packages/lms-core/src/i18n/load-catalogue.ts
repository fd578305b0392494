import type { Lang } from "../constants";
import type { Catalogue } from "./es";

/**
 * One language's catalogue, loaded on demand, so that a browser downloads only the language it
 * shows (English, the fallback, loads apart too: an app's first page may show only a few texts).
 */
export function loadCatalogue(lang: Lang): Promise<Catalogue> {
  switch (lang) {
    case "zh":
      return import("./zh").then((module) => module.zh);
    case "tg":
      return import("./tg").then((module) => module.tg);
    default:
      return import("./es").then((module) => module.es);
  }
}
