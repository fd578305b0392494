import type { JourneyElement, JourneyMaterial } from "@lms/core";

/** Every material of the path in order. */
export function sequenceOf(elements: JourneyElement[]): JourneyMaterial[] {
  return elements.flatMap((element) => element.materials);
}

/** The materials either side of one in the sequence. */
export function around(sequence: JourneyMaterial[], id: number | null) {
  const index = sequence.findIndex((m) => m.id === id);
  return {
    index,
    previous: index > 0 ? sequence[index - 1]! : null,
    next: index >= 0 && index < sequence.length - 1 ? sequence[index + 1]! : null,
  };
}

/** What must be finished before a locked material: the first unfinished one before it. */
export function blockerOf(sequence: JourneyMaterial[], id: number): JourneyMaterial | null {
  for (const material of sequence) {
    if (material.id === id) return null;
    if (material.state !== "complete") return material;
  }
  return null;
}

/** Where "Continue" goes when there is no resume answer yet: the first unfinished open one. */
export function firstUnfinished(sequence: JourneyMaterial[]): JourneyMaterial | null {
  return sequence.find((m) => m.state === "open" || m.state === "inProgress") ?? null;
}

/** Start, Continue or Review, by how far the student is. */
export function callToAction(done: number, total: number): "start" | "continue" | "review" {
  if (total > 0 && done >= total) return "review";
  return done === 0 ? "start" : "continue";
}

/** Seconds a material took, from its first opening to its completion (or last opening). */
export function secondsOn(material: JourneyMaterial): number {
  if (!material.startedAt || !material.completedAt) return 0;
  return Math.max(0, (Date.parse(material.completedAt) - Date.parse(material.startedAt)) / 1000);
}

/** An element's completion. */
export function elementProgress(element: JourneyElement) {
  const total = element.materials.length;
  const done = element.materials.filter((m) => m.state === "complete").length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}
