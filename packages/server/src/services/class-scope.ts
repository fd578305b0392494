/**
 * Who asks for classes: a school (null: every school) and, for a teacher, its user id (only the
 * classes its assigned load covers).
 */
export interface ClassScope {
  schoolId: number | null;
  teacherId: number | null;
}
