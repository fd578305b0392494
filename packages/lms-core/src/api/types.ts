import type { Lang, MaterialType, ElementType, RoleId } from "../constants";
import type { ScormSettings } from "../schemas/course";
import type { Permissions } from "../schemas/role";
import type { AssignedLoadRow, ParentInfo } from "../schemas/user";

/** SPEC.md §3 Profile. */
export interface Profile {
  userId: number;
  userName: string;
  firstName: string;
  roleId: RoleId | number;
  schoolId: number | null;
  children: number[];
}

/** Answer of cmdType=login (API.md). */
export interface LoginAnswer {
  token: string;
  wsToken: string;
  sessionKey: string;
  profile: Profile;
  photo: string | null;
  lang: Lang;
  /** The caller's effective permissions, so the portal can shape its menu. */
  permissions?: Permissions;
}

/** SPEC.md §3 timestamp object; the updated part is hidden when updatedBy is empty. */
export interface Timestamps {
  createdAt: string;
  createdBy: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/**
 * An editable record's version (issue 45): 1 when created, more after each change. An update that
 * sends back the version it read is refused with 409 `errors.staleRecord` once it moved.
 */
export interface Versioned {
  version: number;
}

export interface FieldError {
  field: string;
  row?: number;
  code: string;
  message: string;
  values?: Record<string, string | number>;
}

export interface ApiSuccess<T> {
  ok: true;
  status: number;
  message?: string;
  data: T;
}

export interface ApiFailure {
  ok: false;
  /** 0 when the network failed. */
  status: number;
  code?: string;
  message: string;
  errors?: FieldError[];
  /** What a refusal carries: the record as it is now with a 409 `errors.staleRecord`. */
  data?: unknown;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** The JSON envelope every answer has (API.md). */
export interface ApiEnvelope<T = unknown> {
  status: number;
  code?: string;
  message?: string;
  data?: T;
  errors?: FieldError[];
}

export interface SchoolRecord extends Timestamps, Versioned {
  id: number;
  schoolCode: string;
  schoolName: string;
  depedSchoolId: string;
  sector: string;
  address: string;
  city: string;
  cityMunicipality: string;
  province: string;
  barangay: string;
  region: string;
  country: string;
  zipCode: string;
  lmsUrl: string;
  websiteUrl: string;
  subscriptionType: string;
  enabled: boolean;
  requireParentAccount: boolean;
  logo: string | null;
}

export interface UserRecord extends Timestamps, Versioned {
  id: number;
  salutation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  userName: string;
  email: string;
  employeeNumber: string;
  learningReferenceNumber: string;
  roleId: number;
  roleName?: string;
  status: 0 | 1;
  registered: 0 | 1;
  schoolId: number | null;
  schoolName?: string | null;
  schoolYearFrom: number | null;
  schoolYearTo: number | null;
  grade: number | null;
  section: string;
  subject: string;
  title: string;
  assignedLoad: AssignedLoadRow[];
  parent: Partial<ParentInfo> | null;
  children: number[];
  subscriptionType: string;
  photo: string | null;
  lang: Lang;
}

export interface RoleRecord extends Timestamps, Versioned {
  id: number;
  roleName: string;
  description: string;
  enabled: boolean;
  builtIn: boolean;
  permissions: Permissions;
}

export interface CourseRecord extends Timestamps, Versioned {
  id: number;
  courseName: string;
  courseCode: string;
  gradeLevel: number;
  subject: string;
  section: string;
  description: string;
  image: string | null;
  published: boolean;
  schoolId: number | null;
}

export interface ElementRecord extends Timestamps, Versioned {
  id: number;
  courseId: number;
  name: string;
  type: ElementType;
  position: number;
  published: boolean;
}

export interface MaterialRecord extends Timestamps, Versioned {
  id: number;
  courseId: number;
  elementId: number;
  name: string;
  type: MaterialType;
  size: number;
  author: string;
  position: number;
  published: boolean;
  lastModified: string;
  url?: string;
  content?: string;
  /** A SCORM material's attempt settings (its detail: get, create, update). */
  scorm?: ScormSettings;
}

/** What goes with a record when it is deleted (`impact`, and a 409 `delete`'s data). */
export interface DeletionCounts {
  users?: number;
  courses?: number;
  elements?: number;
  materials?: number;
  /** Learner progress rows. */
  progress?: number;
  /** Quiz and SCORM attempts. */
  attempts?: number;
}

export interface DeletionImpact {
  id: number;
  label: string;
  /** schoolCode or courseCode; null for the other resources. */
  code: string | null;
  /** The delete needs `confirmCode` equal to `code` (case-insensitive). */
  requiresCode: boolean;
  counts: DeletionCounts;
}

/** A row of a resource's recycle bin (`cmdType=trash`). */
export interface TrashEntry {
  /** The bin entry's id: what `restore` and `purge` take. */
  id: number;
  /** The deleted record's id (it comes back with it). */
  recordId: number;
  label: string;
  code: string | null;
  deletedAt: string;
  /** User name of who deleted it. */
  deletedBy: string | null;
  purgeAt: string;
  counts: DeletionCounts;
}

/** Result of a swap (SPEC.md §7: reads status 200, data.message or error). */
export interface SwapAnswer {
  message: string;
}

/** A row of the class table: derived from the students and the teachers' loads. */
export interface ClassRecord {
  /** Built by encodeClassId from the school, school year, grade and section. */
  id: string;
  schoolId: number;
  schoolName: string;
  schoolYearFrom: number;
  schoolYearTo: number;
  grade: number;
  section: string;
  students: number;
  teachers: number;
  /** Percent of the class's students' published materials completed; null without any. */
  averageCompletion: number | null;
}

export interface ClassStudent {
  id: number;
  firstName: string;
  lastName: string;
  userName: string;
  status: 0 | 1;
  done: number;
  total: number;
  /** Percent of the published materials of the class's courses completed; null without any. */
  percent: number | null;
}

/** One assigned-load row that covers the class. */
export interface ClassTeacher {
  id: number;
  firstName: string;
  lastName: string;
  userName: string;
  subject: string;
}

export interface ClassCourse {
  id: number;
  courseName: string;
  courseCode: string;
  subject: string;
  /** Percent of the class's students × the course's published materials completed. */
  averageCompletion: number | null;
}

export interface ClassDetails extends ClassRecord {
  studentList: ClassStudent[];
  teacherList: ClassTeacher[];
  courseList: ClassCourse[];
}
