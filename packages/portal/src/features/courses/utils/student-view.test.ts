import type { MaterialRecord } from "@lms/core";
import { describe, expect, it } from "vitest";
import {
  neighbours,
  studentSequence,
  studentView,
  type ElementWithMaterials,
} from "./student-view";

const stamp = { createdAt: "", createdBy: null, updatedAt: null, updatedBy: null, version: 1 };

function material(id: number, position: number, published: boolean): MaterialRecord {
  return {
    ...stamp,
    id,
    courseId: 1,
    elementId: 1,
    name: `M${id}`,
    type: "page",
    size: 0,
    author: "",
    position,
    published,
    lastModified: "",
  };
}

function element(
  id: number,
  position: number,
  published: boolean,
  materials: MaterialRecord[],
): ElementWithMaterials {
  return {
    ...stamp,
    id,
    courseId: 1,
    name: `E${id}`,
    type: "lesson",
    position,
    published,
    materials,
  };
}

const course = [
  element(2, 2, true, [material(21, 2, true), material(22, 1, true), material(23, 3, false)]),
  element(3, 3, false, [material(31, 1, true)]),
  element(1, 1, true, [material(11, 1, true)]),
  element(4, 4, true, []),
];

describe("student view of a course", () => {
  it("shows published elements in position order with their published materials in order", () => {
    const view = studentView(course);
    expect(view.map((e) => e.element.id)).toEqual([1, 2, 4]);
    expect(view[1]!.materials.map((m) => m.id)).toEqual([22, 21]);
    expect(view[2]!.materials).toEqual([]);
  });

  it("walks the materials in the order a student meets them", () => {
    const sequence = studentSequence(studentView(course));
    expect(sequence.map((m) => m.id)).toEqual([11, 22, 21]);
    expect(neighbours(sequence, 22)).toMatchObject({ index: 1 });
    expect(neighbours(sequence, 22).previous?.id).toBe(11);
    expect(neighbours(sequence, 22).next?.id).toBe(21);
    expect(neighbours(sequence, 21).next).toBeNull();
  });

  it("offers the first material as next when none is open", () => {
    const sequence = studentSequence(studentView(course));
    expect(neighbours(sequence, null)).toEqual({ previous: null, next: sequence[0], index: -1 });
    expect(neighbours([], null).next).toBeNull();
  });
});
