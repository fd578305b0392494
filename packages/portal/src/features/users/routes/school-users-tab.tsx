import { useParams } from "react-router-dom";
import { UsersTable } from "../components/users-table";

/** The users tab of a school's details (SPEC.md §2 /schools/{id}/users). */
export default function SchoolUsersTab() {
  const { id = "" } = useParams();
  return <UsersTable schoolId={Number(id)} />;
}
