import { useSession } from "../lib/api-context";

/**
 * What the session may do here (API.md: create needs add, every other change modify). Elements
 * belong to the courses module, materials to the materials module. The server checks again.
 */
export function useCourseRights() {
  const { permissions } = useSession();
  const courses = permissions?.courses;
  const materials = permissions?.materials;
  return {
    addCourse: Boolean(courses?.add),
    modifyCourse: Boolean(courses?.modify),
    addElement: Boolean(courses?.add),
    modifyElement: Boolean(courses?.modify),
    addMaterial: Boolean(materials?.add),
    modifyMaterial: Boolean(materials?.modify),
  };
}

export type CourseRights = ReturnType<typeof useCourseRights>;
