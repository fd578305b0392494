import type { Resource } from "../../dispatch/commands";
import type { SnapshotLoader } from "../../services/audit";
import {
  courseSnapshot,
  elementSnapshot,
  materialSnapshot,
  roleSnapshot,
  schoolSnapshot,
  userSnapshot,
} from "../../services/audit-snapshots";
import { auditResource } from "./audit";
import { classResource } from "./class";
import { configResource } from "./config";
import { courseResource } from "./course";
import { elementResource } from "./element";
import { journeyResource } from "./journey";
import { materialResource } from "./material";
import { progressResource } from "./progress";
import { roleResource } from "./role";
import { schoolResource } from "./school";
import { scormReportResource } from "./scorm-report";
import { userResource } from "./user";

/** A resource whose records the audit trail can show before and after a change. */
const audited = (resource: Resource, snapshot: SnapshotLoader): Resource => ({
  ...resource,
  snapshot,
});

/** Every resource of the main service; the permission test table reads the same list. */
export const RESOURCES: readonly Resource[] = [
  audited(userResource, userSnapshot),
  audited(schoolResource, schoolSnapshot),
  audited(roleResource, roleSnapshot),
  audited(courseResource, courseSnapshot),
  audited(elementResource, elementSnapshot),
  audited(materialResource, materialSnapshot),
  journeyResource,
  progressResource,
  scormReportResource,
  // A class move names the class and its students: the students are the records shown.
  audited(classResource, userSnapshot),
  configResource,
  auditResource,
];
