import type { MaterialPieces } from "../../features/courses/components/material-pieces";
import { AddMaterialMenu } from "../../features/materials/components/add-material-menu";
import { MaterialItem } from "../../features/materials/components/material-item";

/** The materials feature's pieces in the course builder (course and element screens). */
export const MATERIAL_PIECES: MaterialPieces = { AddMenu: AddMaterialMenu, Item: MaterialItem };
