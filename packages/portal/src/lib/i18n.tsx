import {
  LOCALES,
  decodeMessage,
  loadCatalogue,
  type Catalogue,
  type Lang,
  type MessageKey,
  type MessageValues,
  type Translator,
} from "@lms/core";
import {
  createContext,
  use,
  useDeferredValue,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import visitorTexts from "virtual:visitor-texts";
import { loadChunk } from "./lazy";
import { useSession } from "./api-context";
import type * as fullI18n from "./full-i18n";

type FullI18n = typeof fullI18n;

/**
 * The whole English catalogue and the ICU formatter (@formatjs) load apart from the app's
 * opening (issue 14): the visitor pages show only their own texts (virtual:visitor-texts), plain
 * texts with `{name}` values at most, formatted here. Signing in, a kept session, a text those
 * lack or one that needs ICU formatting (plural, select, dates) loads the rest; then every
 * translator, even one already handed out, formats through @formatjs as before.
 */
let full: FullI18n | undefined;
let fullLoading: Promise<FullI18n> | undefined;
const fullListeners = new Set<() => void>();

export function loadFullI18n(): Promise<FullI18n> {
  fullLoading ??= loadChunk(() => import("./full-i18n"))().then(
    (module) => {
      full = module;
      for (const listener of fullListeners) listener();
      return module;
    },
    (error: unknown) => {
      fullLoading = undefined;
      throw error;
    },
  );
  return fullLoading;
}

function subscribeFull(listener: () => void) {
  fullListeners.add(listener);
  return () => fullListeners.delete(listener);
}

const fullLoaded = () => full !== undefined;

const loaded = new Map<Lang, Catalogue>();
const loading = new Map<Lang, Promise<Catalogue>>();

/** Loads a language's catalogue once; the browser downloads only the languages it shows. */
export function preloadCatalogue(lang: Lang): Promise<Catalogue> {
  const ready = loaded.get(lang);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(lang);
  if (!pending) {
    pending = (lang === "es" ? loadFullI18n().then((m) => m.es) : loadCatalogue(lang)).then(
      (catalogue) => {
        loaded.set(lang, catalogue);
        return catalogue;
      },
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/**
 * What the provider's first render would suspend on: the language's catalogue and, with a
 * session, the whole catalogue. Loaded before that render (main.tsx), a kept session's page
 * commits at once instead of after a spinner and React's 300 ms throttle of a Suspense reveal.
 */
export function preloadI18n({ token, lang }: { token: string | null; lang: Lang }): Promise<void> {
  return Promise.all([
    lang === "es" ? undefined : preloadCatalogue(lang),
    token ? loadFullI18n() : undefined,
  ]).then(() => undefined);
}

/** A message with no ICU syntax but `{name}` values: no plural, select, format, quote or tag. */
const SIMPLE = /^(?:[^{}'<#]|\{[A-Za-z_]\w*\})*$/;

/**
 * A plain message's text as @formatjs gives it: each value as String(value), "" for an empty
 * one; undefined when the message needs the ICU formatter or lacks a value.
 */
export function formatPlain(message: string, values?: MessageValues): string | undefined {
  if (!SIMPLE.test(message)) return undefined;
  let missing = false;
  const text = message.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!values || !(name in values)) {
      missing = true;
      return "";
    }
    const value = values[name];
    return value === undefined || value === null ? "" : String(value);
  });
  return missing ? undefined : text;
}

function fullTranslator(lang: Lang, catalogue: Partial<Catalogue> | undefined): Translator {
  return full!.createIntl(lang, lang === "es" ? full!.es : catalogue);
}

/**
 * A translator for the visitor pages before the whole catalogue has loaded: the language's
 * catalogue (zh and tg load whole), else the visitor pages' English texts. A text it cannot
 * give starts that load and shows as nothing until the provider re-renders with it.
 */
export function visitorTranslator(lang: Lang, catalogue?: Partial<Catalogue>): Translator {
  const text = (key: MessageKey): string | undefined => catalogue?.[key] ?? visitorTexts[key];
  const pending = () => {
    void loadFullI18n().catch(() => undefined);
    return "";
  };
  const t = (key: MessageKey, values?: MessageValues): string => {
    if (full) return fullTranslator(lang, catalogue).t(key, values);
    const message = text(key);
    if (message === undefined) return pending();
    return formatPlain(message, values) ?? pending();
  };
  return {
    lang,
    get intl() {
      if (!full) throw new Error("Dates and numbers are formatted once the catalogue has loaded");
      return fullTranslator(lang, catalogue).intl;
    },
    t,
    message(encoded, values) {
      if (full) return fullTranslator(lang, catalogue).message(encoded, values);
      const descriptor = decodeMessage(encoded);
      if (text(descriptor.key as MessageKey) === undefined) return pending();
      return t(descriptor.key as MessageKey, { ...descriptor.values, ...values });
    },
  };
}

/** Whether a code is a catalogue key; before the catalogue has loaded, one of the visitor texts. */
export function isMessageKey(code: string | undefined): code is MessageKey {
  return Boolean(code && (full ? code in full.es : code in visitorTexts));
}

/** A translator for one language, its catalogue loaded first (a text shown right after a switch). */
export async function translatorFor(lang: Lang): Promise<Translator> {
  const [, catalogue] = await Promise.all([loadFullI18n(), preloadCatalogue(lang)]);
  return fullTranslator(lang, catalogue);
}

const I18nContext = createContext<Translator | null>(null);

/**
 * Texts in the session's language; English for any key a language lacks. Suspends while a
 * catalogue loads, and while signed in until the whole English catalogue is there: on the first
 * render only. A later change of language or sign-in keeps the current texts on screen until the
 * new ones have loaded (deferred), so the router below is never hidden behind a fallback and
 * never misses the navigation that happens meanwhile (it would stay blank).
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const lang = useDeferredValue(session.lang);
  const token = useDeferredValue(session.token);
  const catalogue = lang === "es" ? undefined : (loaded.get(lang) ?? use(preloadCatalogue(lang)));
  const ready = useSyncExternalStore(subscribeFull, fullLoaded, fullLoaded);
  if (token && !ready) use(loadFullI18n());
  const translator = useMemo(
    () => (ready ? fullTranslator(lang, catalogue) : visitorTranslator(lang, catalogue)),
    [lang, catalogue, ready],
  );
  useEffect(() => {
    // Setting it, even to the same value, restyles the whole page (11 to 20 ms here).
    const root = document.documentElement;
    if (root.lang !== LOCALES[translator.lang]) root.lang = LOCALES[translator.lang];
  }, [translator.lang]);
  return <I18nContext value={translator}>{children}</I18nContext>;
}

/** The translator of the current language; English outside an I18nProvider. */
export function useI18n(): Translator {
  return use(I18nContext) ?? visitorTranslator("es");
}

/** The catalogue lookup of the current language. */
export function useT(): Translator["t"] {
  return useI18n().t;
}
