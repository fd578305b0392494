import { createIntl as createFormatjsIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { DEFAULT_LANG, isLang, type Lang } from "../constants";
import { decodeMessage, type MessageValues } from "../validation/message";
import { es, type Catalogue, type MessageKey } from "./es";
import { tg } from "./tg";
import { zh } from "./zh";

export const CATALOGUES: Record<Lang, Catalogue> = { es, zh, tg };

/** The locale each language formats dates and numbers in ("es" is English in this product). */
export const LOCALES: Record<Lang, string> = { es: "en", zh: "zh-CN", tg: "fil" };

const cache = createIntlCache();
const instances = new Map<Lang, IntlShape<string>>();

export interface Translator {
  lang: Lang;
  intl: IntlShape<string>;
  /** A catalogue text with its values; English when the language lacks the key. */
  t(key: MessageKey, values?: MessageValues): string;
  /** Text of an encoded validation message (`key` or `key?n=8`) or of an error code. */
  message(encoded: string, values?: MessageValues): string;
}

/** An intl for one language, shared through one cache; a missing key falls back to English. */
export function createIntl(lang: string = DEFAULT_LANG): Translator {
  const language: Lang = isLang(lang) ? lang : DEFAULT_LANG;
  let intl = instances.get(language);
  if (!intl) {
    intl = createFormatjsIntl<string>(
      {
        locale: LOCALES[language],
        defaultLocale: LOCALES[DEFAULT_LANG],
        messages: { ...es, ...CATALOGUES[language] },
        onError: () => {},
      },
      cache,
    );
    instances.set(language, intl);
  }
  const shape = intl;
  const t = (key: MessageKey, values?: MessageValues) =>
    shape.formatMessage({ id: key, defaultMessage: es[key] ?? key }, values);
  return {
    lang: language,
    intl: shape,
    t,
    message(encoded, values) {
      const descriptor = decodeMessage(encoded);
      if (!(descriptor.key in es)) return encoded;
      return t(descriptor.key, { ...descriptor.values, ...values });
    },
  };
}

/** English text of an encoded message: what the server puts in `message`. */
export function englishMessage(encoded: string): string {
  return createIntl(DEFAULT_LANG).message(encoded);
}
