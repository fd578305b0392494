import type { DataTableFilter } from "@lms/ui";
import type { Translator } from "@lms/core";

/** The status filter of a list whose records are enabled or disabled. */
export function enabledFilter(t: Translator["t"], label: string): DataTableFilter {
  return {
    key: "enabled",
    label,
    options: [
      { value: "true", label: t("common.enabled") },
      { value: "false", label: t("common.disabled") },
    ],
  };
}

/** The status filter of a list whose records are published or not. */
export function publishedFilter(t: Translator["t"], label: string): DataTableFilter {
  return {
    key: "published",
    label,
    options: [
      { value: "true", label: t("common.published") },
      { value: "false", label: t("common.unpublished") },
    ],
  };
}
