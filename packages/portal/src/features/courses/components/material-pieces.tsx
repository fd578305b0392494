import type { ElementRecord, MaterialRecord } from "@lms/core";
import { createContext, use, type ComponentType, type ReactNode } from "react";
import type { CourseRights } from "../../../hooks/use-course-rights";

/**
 * The materials feature's pieces the course builder shows (issue 16: creating, editing and
 * listing materials is that feature's): the app composes them (src/app/routes/material-pieces.ts).
 */
export interface MaterialPieces {
  /** "Add material" for an element, one entry per material type. */
  AddMenu: ComponentType<{ courseId: number; element: ElementRecord }>;
  /** A material of an element with its actions; `leading`: its drag handle and move buttons. */
  Item: ComponentType<{
    material: MaterialRecord;
    rights: CourseRights;
    compact?: boolean;
    leading?: ReactNode;
  }>;
}

const MaterialPiecesContext = createContext<MaterialPieces | null>(null);

export function MaterialPiecesProvider({
  value,
  children,
}: {
  value: MaterialPieces;
  children: ReactNode;
}) {
  return <MaterialPiecesContext value={value}>{children}</MaterialPiecesContext>;
}

export function useMaterialPieces(): MaterialPieces {
  const pieces = use(MaterialPiecesContext);
  if (!pieces) throw new Error("MaterialPiecesProvider is missing");
  return pieces;
}
