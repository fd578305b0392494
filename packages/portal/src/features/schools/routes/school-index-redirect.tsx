import { Navigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";

/** SPEC.md §2: /schools/{id} opens the information tab (/schools/create matched earlier). */
export default function SchoolIndexRedirect() {
  const { id = "" } = useParams();
  return <Navigate to={paths.schools.info.getHref(id)} replace />;
}
