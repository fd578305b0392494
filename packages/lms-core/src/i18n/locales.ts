import type { Lang } from "../constants";

/** The locale each language formats dates and numbers in ("es" is English in this product). */
export const LOCALES: Record<Lang, string> = { es: "en", zh: "zh-CN", tg: "fil" };
