import { LANGUAGES, type Lang } from "@lms/core";
import { useId } from "react";
import { useSession, useSessionStore } from "../../../lib/api-context";
import { preloadCatalogue, useT } from "../../../lib/i18n";
import { rememberVisitorLanguage } from "../utils/visitor-language";

/**
 * The language of the visitor screens (issue 13), each language named in itself; signing in
 * keeps it. A native select: the sign-in page's code stays small.
 */
export function VisitorLanguage() {
  const t = useT();
  const id = useId();
  const { lang } = useSession();
  const store = useSessionStore();

  async function choose(next: Lang) {
    rememberVisitorLanguage(next);
    await preloadCatalogue(next);
    store.set({ lang: next });
  }

  return (
    <div className="mt-4 flex items-center justify-center gap-2 text-sm text-muted-foreground">
      <label htmlFor={id}>{t("nav.language")}</label>
      <select
        id={id}
        value={lang}
        onChange={(event) => void choose(event.target.value as Lang)}
        className="rounded-control border border-input bg-surface px-2 py-1 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {LANGUAGES.map((code) => (
          <option
            key={code}
            value={code}
            lang={code === "es" ? "en" : code === "tg" ? "fil" : "zh"}
          >
            {t(`language.ownName.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
