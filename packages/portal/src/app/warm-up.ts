import { LOCALES, type Session } from "@lms/core";
import { cn } from "@lms/ui";

/**
 * A signed-in page's one-time start-up costs, taken while its code is still downloading instead of
 * inside its first render: tailwind-merge builds its class map on its first merge, and a
 * language's first Intl formatters load that language's data (together 150 to 250 ms of the main
 * thread at Lighthouse's 4x slowdown). Each runs as a task of its own.
 */
export function warmUpSignedIn(session: Pick<Session, "token" | "lang">): void {
  if (!session.token) return;
  const locale = LOCALES[session.lang];
  setTimeout(() => cn("p-0", "p-1"));
  setTimeout(() => {
    // What @formatjs/intl's createIntl checks first, then the formatters a list's cells use.
    Intl.NumberFormat.supportedLocalesOf(locale);
    Intl.DateTimeFormat.supportedLocalesOf(locale);
    new Intl.NumberFormat(locale).format(1);
    new Intl.DateTimeFormat(locale).format(0);
  });
}
