import { isLang, type Lang } from "@lms/core";

/** The language a visitor chose on the sign-in screens, kept for this tab until they sign in. */
const KEY = "lms.visitorLang";

export function rememberVisitorLanguage(lang: Lang): void {
  try {
    sessionStorage.setItem(KEY, lang);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
}

/** The visitor's choice, once: signing in takes it and it is forgotten. */
export function takeVisitorLanguage(): Lang | null {
  try {
    const lang = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return isLang(lang) ? lang : null;
  } catch {
    return null;
  }
}
