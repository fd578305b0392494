import type { DeletionImpact, Lang, MessageKey, Translator, DeletionCounts } from "@lms/core";

const COUNT_KEYS = {
  users: "trash.count.users",
  courses: "trash.count.courses",
  elements: "trash.count.elements",
  materials: "trash.count.materials",
  attempts: "trash.count.attempts",
} as const satisfies Partial<Record<keyof DeletionCounts, MessageKey>>;

// English lists without the serial comma: "Rizal, 412 users, 37 courses and their progress".
const LIST_LOCALES: Record<Lang, string> = { es: "en-GB", zh: "zh-CN", tg: "fil" };

/** "A, B and C" in the language's own way. */
export function joinList(lang: Lang, items: readonly string[]): string {
  return new Intl.ListFormat(LIST_LOCALES[lang], { type: "conjunction" }).format(items);
}

/** The non-zero counts as phrases ("412 users"); progress last, as a number, when asked. */
export function countPhrases(
  t: Translator["t"],
  counts: DeletionCounts,
  { withProgress }: { withProgress: boolean },
): string[] {
  const phrases: string[] = [];
  for (const [key, message] of Object.entries(COUNT_KEYS)) {
    const count = counts[key as keyof DeletionCounts] ?? 0;
    if (count > 0) phrases.push(t(message, { count }));
  }
  const progress = counts.progress ?? 0;
  if (withProgress && progress > 0) phrases.push(t("trash.count.progress", { count: progress }));
  return phrases;
}

/**
 * The delete confirmation's text: "Rizal National High School, 412 users, 37 courses and their
 * progress will be moved to the recycle bin."
 */
export function impactText(i18n: Translator, impact: Pick<DeletionImpact, "label" | "counts">) {
  const items = [impact.label, ...countPhrases(i18n.t, impact.counts, { withProgress: false })];
  if ((impact.counts.progress ?? 0) > 0) {
    items.push(i18n.t(items.length > 1 ? "trash.theirProgress" : "trash.itsProgress"));
  }
  return i18n.t("trash.impact", { items: joinList(i18n.lang, items) });
}

/** What went to the bin with an entry, for its row ("412 users, 37 courses"). */
export function contentsText(i18n: Translator, counts: DeletionCounts): string {
  return joinList(i18n.lang, countPhrases(i18n.t, counts, { withProgress: true }));
}
