import {
  LOCALES,
  createIntl,
  es,
  loadCatalogue,
  type Catalogue,
  type Lang,
  type Translator,
} from "@lms/core";
import { createContext, use, useEffect, useMemo, type ReactNode } from "react";
import { useSession } from "./api-context";

const I18nContext = createContext<Translator>(createIntl("es", es));

const loaded = new Map<Lang, Catalogue>([["es", es]]);
const loading = new Map<Lang, Promise<Catalogue>>();

/** Loads a language's catalogue once; the browser downloads only the languages it shows. */
export function preloadCatalogue(lang: Lang): Promise<Catalogue> {
  const ready = loaded.get(lang);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(lang);
  if (!pending) {
    pending = loadCatalogue(lang).then((catalogue) => {
      loaded.set(lang, catalogue);
      return catalogue;
    });
    loading.set(lang, pending);
  }
  return pending;
}

/** Texts in the session's language; English for any key a language lacks. Suspends while loading. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { lang } = useSession();
  const catalogue = loaded.get(lang) ?? use(preloadCatalogue(lang));
  const translator = useMemo(() => createIntl(lang, catalogue), [lang, catalogue]);
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
