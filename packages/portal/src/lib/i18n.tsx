import { LOCALES, createIntl, type Translator } from "@lms/core";
import { createContext, use, useEffect, useMemo, type ReactNode } from "react";
import { useSession } from "./api-context";

const I18nContext = createContext<Translator>(createIntl());

/** Texts in the session's language; English for any key a language lacks. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { lang } = useSession();
  const translator = useMemo(() => createIntl(lang), [lang]);
  useEffect(() => {
    document.documentElement.lang = LOCALES[translator.lang];
  }, [translator.lang]);
  return <I18nContext value={translator}>{children}</I18nContext>;
}

export function useI18n(): Translator {
  return use(I18nContext);
}

/** The catalogue lookup of the current language. */
export function useT(): Translator["t"] {
  return use(I18nContext).t;
}
