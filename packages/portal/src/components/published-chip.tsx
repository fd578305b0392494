import type { Translator } from "@lms/core";
import { StatusChip } from "@lms/ui";

/** SPEC.md §4: published or unpublished, as a coloured chip. */
export function PublishedChip({ published, t }: { published: boolean; t: Translator["t"] }) {
  return (
    <StatusChip status={published ? "published" : "unpublished"}>
      {t(published ? "common.published" : "common.unpublished")}
    </StatusChip>
  );
}
