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

// No translator up front: the first one costs tens of milliseconds (the browser's Intl data),
// which the app's opening should not spend before its first page's code is on its way.
const I18nContext = createContext<Translator | null>(null);

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

/** A translator for one language, its catalogue loaded first (a text shown right after a switch). */
export async function translatorFor(lang: Lang): Promise<Translator> {
  return createIntl(lang, await preloadCatalogue(lang));
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

/** The translator of the current language; English outside an I18nProvider. */
export function useI18n(): Translator {
  return use(I18nContext) ?? createIntl("es", es);
}

/** The catalogue lookup of the current language. */
export function useT(): Translator["t"] {
  return useI18n().t;
}
