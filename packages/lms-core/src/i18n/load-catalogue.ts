import type { Lang } from "../constants";
import { es, type Catalogue } from "./es";

/**
 * One language's catalogue, loaded on demand, so that a browser downloads only the language it
 * shows (English is always there as the fallback).
 */
export function loadCatalogue(lang: Lang): Promise<Catalogue> {
  switch (lang) {
    case "zh":
      return import("./zh").then((module) => module.zh);
    case "tg":
      return import("./tg").then((module) => module.tg);
    default:
      return Promise.resolve(es);
  }
}
