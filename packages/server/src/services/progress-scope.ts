/** Whose progress the caller may read: its school (null: every school), a teacher's sections. */
export interface ProgressScope {
  schoolId: number | null;
  teacherId: number | null;
}
