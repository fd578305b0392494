import type { MaterialRecord } from "@lms/core";
import { useCallback } from "react";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useT } from "../../../lib/i18n";
import { useConfirmedDelete } from "../../../hooks/use-confirmed-delete";
import { MATERIAL_PATH, useMaterialCommands } from "../../../hooks/use-material-commands";

/**
 * Publish, unpublish and remove a material: each asks first (a delete says what goes to the
 * recycle bin with it) and shows its success text (SPEC.md §4). Each resolves true when it was done.
 */
export function useMaterialActions() {
  const t = useT();
  const confirmed = useConfirmedAction();
  const confirmedDelete = useConfirmedDelete();
  const materials = useMaterialCommands();

  const publishMaterial = useCallback(
    (material: MaterialRecord, published: boolean) =>
      confirmed({
        title: t(published ? "confirm.publishTitle" : "confirm.unpublishTitle"),
        message: t(published ? "confirm.publishMessage" : "confirm.unpublishMessage", {
          name: material.name,
        }),
        confirmLabel: t(published ? "common.publish" : "common.unpublish"),
        tone: published ? "default" : "destructive",
        run: () => materials.setPublished(material.id, published),
        success: t(published ? "materials.published" : "materials.unpublished"),
      }),
    [confirmed, materials, t],
  );

  const removeMaterial = useCallback(
    (material: MaterialRecord) =>
      confirmedDelete({
        path: MATERIAL_PATH,
        id: material.id,
        run: () => materials.remove(material.id),
        success: t("materials.deleted"),
      }),
    [confirmedDelete, materials, t],
  );

  return { publishMaterial, removeMaterial };
}
