import { z } from "zod";
import { text } from "../validation/rules";

/**
 * A class (issue "Classes"): the students of one grade and section in one school year of a
 * school. Classes are derived from the users, so a class id is built from those four values:
 * `<schoolId>.<schoolYearFrom>.<grade>.<section, lower-cased, base64url>`, url-safe and stable.
 */
export interface ClassKey {
  schoolId: number;
  schoolYearFrom: number;
  grade: number;
  /** Compared without case: "Rizal" and "rizal" are one class. */
  section: string;
}

const CLASS_ID = /^([1-9]\d{0,9})\.(\d{4})\.([1-9]\d?)\.([A-Za-z0-9_-]{1,200})$/;

function toBase64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(value: string): string | null {
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function encodeClassId(key: ClassKey): string {
  const section = key.section.trim().toLowerCase();
  return `${key.schoolId}.${key.schoolYearFrom}.${key.grade}.${toBase64Url(section)}`;
}

/** The key of a class id, or null when the id is not one that encodeClassId builds. */
export function decodeClassId(id: string): ClassKey | null {
  const match = CLASS_ID.exec(id);
  if (!match) return null;
  const section = fromBase64Url(match[4]!);
  if (section === null || section.trim() === "" || section.length > 50) return null;
  const key = {
    schoolId: Number(match[1]),
    schoolYearFrom: Number(match[2]),
    grade: Number(match[3]),
    section,
  };
  if (key.schoolId > 2_147_483_647 || key.grade > 12) return null;
  return encodeClassId(key) === id ? key : null;
}

/** The class a student belongs to, or null when its school, year, grade or section is missing. */
export function classIdOf(user: {
  schoolId: number | null;
  schoolYearFrom: number | null;
  grade: number | null;
  section: string;
}): string | null {
  if (user.schoolId === null || user.schoolYearFrom === null || user.grade === null) return null;
  if (user.section.trim() === "") return null;
  return encodeClassId({
    schoolId: user.schoolId,
    schoolYearFrom: user.schoolYearFrom,
    grade: user.grade,
    section: user.section,
  });
}

/** A class id field: required text; an id that decodeClassId refuses is a 404, like a foreign one. */
export const classIdField = () => text({ required: true, max: 300 });

/** Moving students of a class to another section of the same grade and school year. */
export const classMoveSchema = z.object({
  id: classIdField(),
  section: text({ required: true, max: 50 }),
});

export type ClassMoveInput = z.input<typeof classMoveSchema>;
