import ElementViewPage from "../../features/courses/routes/element-view";
import { MATERIAL_PIECES } from "./material-pieces";

/** The element screen for staff: the element, with the materials feature's pieces. */
export default function ElementScreen() {
  return <ElementViewPage materials={MATERIAL_PIECES} />;
}
