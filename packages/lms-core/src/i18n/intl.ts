import { createIntl as createFormatjsIntl, createIntlCache, type IntlShape } from "@formatjs/intl";
import { DEFAULT_LANG, isLang, type Lang } from "../constants";
import { decodeMessage, type MessageValues } from "../validation/message";
import { es, type Catalogue, type MessageKey } from "./es";
import { LOCALES } from "./locales";

export { LOCALES };

const cache = createIntlCache();
const instances = new Map<
  Lang,
  { catalogue: Partial<Catalogue> | undefined; intl: IntlShape<string> }
>();

export interface Translator {
  lang: Lang;
  intl: IntlShape<string>;
  /** A catalogue text with its values; English when the language lacks the key. */
  t(key: MessageKey, values?: MessageValues): string;
  /** Text of an encoded validation message (`key` or `key?n=8`) or of an error code. */
  message(encoded: string, values?: MessageValues): string;
}

/**
 * An intl for one language with its catalogue (see CATALOGUES and loadCatalogue), shared through
 * one cache; a key the catalogue lacks, or a language without a catalogue, falls back to English.
 */
export function createIntl(
  lang: string = DEFAULT_LANG,
  catalogue?: Partial<Catalogue>,
): Translator {
  const language: Lang = isLang(lang) ? lang : DEFAULT_LANG;
  let entry = instances.get(language);
  if (!entry || entry.catalogue !== catalogue) {
    entry = {
      catalogue,
      intl: createFormatjsIntl<string>(
        {
          locale: LOCALES[language],
          defaultLocale: LOCALES[DEFAULT_LANG],
          messages: { ...es, ...catalogue },
          onError: () => {},
        },
        cache,
      ),
    };
    instances.set(language, entry);
  }
  const shape = entry.intl;
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
