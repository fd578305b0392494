import type { ElementRecord, MaterialRecord } from "@lms/core";
import { useCallback } from "react";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useT } from "../../../lib/i18n";
import { useMaterialCommands } from "../api/use-course-materials";
import { useElementCommands } from "../api/use-elements";

/**
 * Publish, unpublish and remove an element or a material: each asks first and shows its success
 * text (SPEC.md §4). Each resolves true when it was done.
 */
export function useContentActions() {
  const t = useT();
  const confirmed = useConfirmedAction();
  const elements = useElementCommands();
  const materials = useMaterialCommands();

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
      confirmed({
        title: t("confirm.deleteTitle"),
        message: t("elements.confirmDelete", { name: element.name }),
        confirmLabel: t("common.delete"),
        tone: "destructive",
        run: () => elements.remove(element.id),
        success: t("elements.deleted"),
      }),
    [confirmed, elements, t],
  );

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
      confirmed({
        title: t("confirm.deleteTitle"),
        message: t("confirm.deleteMessage", { name: material.name }),
        confirmLabel: t("common.delete"),
        tone: "destructive",
        run: () => materials.remove(material.id),
        success: t("materials.deleted"),
      }),
    [confirmed, materials, t],
  );

  return { publishElement, removeElement, publishMaterial, removeMaterial };
}
