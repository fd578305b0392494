import type { ElementRecord } from "@lms/core";
import { useCallback } from "react";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useT } from "../../../lib/i18n";
import { useConfirmedDelete } from "../../../hooks/use-confirmed-delete";
import { ELEMENT_PATH, useElementCommands } from "../api/use-elements";

/**
 * Publish, unpublish and remove an element (a material: the materials feature's
 * useMaterialActions): each asks first (a delete says what goes to the recycle bin with it) and
 * shows its success text (SPEC.md §4). Each resolves true when it was done.
 */
export function useContentActions() {
  const t = useT();
  const confirmed = useConfirmedAction();
  const confirmedDelete = useConfirmedDelete();
  const elements = useElementCommands();

  const publishElement = useCallback(
    (element: ElementRecord, published: boolean) =>
      confirmed({
        title: t(published ? "confirm.publishTitle" : "confirm.unpublishTitle"),
        message: t(published ? "confirm.publishMessage" : "confirm.unpublishMessage", {
          name: element.name,
        }),
        confirmLabel: t(published ? "common.publish" : "common.unpublish"),
        tone: published ? "default" : "destructive",
        run: () => elements.setPublished(element.id, published),
        success: t(published ? "elements.published" : "elements.unpublished"),
      }),
    [confirmed, elements, t],
  );

  const removeElement = useCallback(
    (element: ElementRecord) =>
      confirmedDelete({
        path: ELEMENT_PATH,
        id: element.id,
        run: () => elements.remove(element.id),
        success: t("elements.deleted"),
      }),
    [confirmedDelete, elements, t],
  );

  return { publishElement, removeElement };
}
