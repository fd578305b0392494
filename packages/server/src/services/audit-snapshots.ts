import { GLOBAL_SCOPE } from "./caller";
import { toCourseRecord } from "./course-records";
import { toElementRecord } from "./element-records";
import { toMaterialRecord } from "./material-records";
import { toSchoolRecord } from "./school-records";
import type { AuditSnapshot, SnapshotLoader } from "./audit";

/**
 * What the audit trail keeps of each resource's record (services/audit.ts): its values as the API
 * answers them (no secret is among them), a label a person recognises, and its school.
 */
const values = (record: object) => record as Record<string, unknown>;

export const schoolSnapshot: SnapshotLoader = async (app, id) => {
  const row = await app.repos.schools.findById(id);
  if (!row) return null;
  return {
    label: `${row.schoolName} (${row.schoolCode})`,
    schoolId: row.id,
    values: values(toSchoolRecord(row)),
  };
};

export const userSnapshot: SnapshotLoader = async (app, id) => {
  const record = await app.repos.users.get(id, GLOBAL_SCOPE);
  if (!record) return null;
  return {
    label: `${record.firstName} ${record.lastName} (${record.userName})`,
    schoolId: record.schoolId,
    values: values(record),
  };
};

export const roleSnapshot: SnapshotLoader = async (app, id) => {
  const record = await app.repos.roles.get(id);
  if (!record) return null;
  return { label: record.roleName, schoolId: null, values: values(record) };
};

export const courseSnapshot: SnapshotLoader = async (app, id) => {
  const row = await app.repos.courses.find(id, null);
  if (!row) return null;
  return {
    label: `${row.courseName} (${row.courseCode})`,
    schoolId: row.schoolId,
    values: values(toCourseRecord(row)),
  };
};

async function inCourse(
  app: Parameters<SnapshotLoader>[0],
  courseId: number,
  label: string,
  record: object,
): Promise<AuditSnapshot> {
  const course = await app.repos.courses.find(courseId, null);
  return {
    label: course ? `${label} · ${course.courseName}` : label,
    schoolId: course?.schoolId ?? null,
    values: values(record),
  };
}

export const elementSnapshot: SnapshotLoader = async (app, id) => {
  const row = await app.repos.elements.findById(id);
  return row ? inCourse(app, row.courseId, row.name, toElementRecord(row)) : null;
};

export const materialSnapshot: SnapshotLoader = async (app, id) => {
  const row = await app.repos.materials.findById(id);
  return row ? inCourse(app, row.courseId, row.name, toMaterialRecord(row)) : null;
};
