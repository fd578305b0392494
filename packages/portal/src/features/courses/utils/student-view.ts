import type { ElementRecord, ElementWithMaterials, MaterialRecord } from "@lms/core";
import { byPosition } from "./positions";

export type { ElementWithMaterials };

export interface StudentElement {
  element: ElementRecord;
  materials: MaterialRecord[];
}

/**
 * What a student sees of a course (SPEC.md §2 student view): published elements in position
 * order, each with its published materials in position order. Nothing else is shown.
 */
export function studentView(elements: readonly ElementWithMaterials[]): StudentElement[] {
  return byPosition(elements)
    .filter((element) => element.published)
    .map(({ materials, ...element }) => ({
      element,
      materials: byPosition(materials).filter((material) => material.published),
    }));
}

/** Every material of the view in the order a student meets them. */
export function studentSequence(view: readonly StudentElement[]): MaterialRecord[] {
  return view.flatMap((entry) => entry.materials);
}

/** The materials before and after one, for the previous and next buttons. */
export function neighbours(
  sequence: readonly MaterialRecord[],
  materialId: number | null,
): { previous: MaterialRecord | null; next: MaterialRecord | null; index: number } {
  const index = materialId === null ? -1 : sequence.findIndex((m) => m.id === materialId);
  if (index === -1) return { previous: null, next: sequence[0] ?? null, index };
  return {
    previous: sequence[index - 1] ?? null,
    next: sequence[index + 1] ?? null,
    index,
  };
}
