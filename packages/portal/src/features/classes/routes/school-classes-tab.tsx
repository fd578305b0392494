import { useSchoolInView } from "../../../hooks/use-school-in-view";
import { ClassesTable } from "../components/classes-table";

/** The classes tab of a school's details (/schools/{id}/classes). */
export default function SchoolClassesTab() {
  const school = useSchoolInView();
  return <ClassesTable schoolId={school.id} listKey="school-classes" />;
}
