import { ROLE_IDS, type DeletionCounts, type DeletionImpact, type ListFilter } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../db/client";
import type { Caller } from "./caller";
import { ApiError, forbidden, isUniqueViolation, notFound } from "../lib/errors";
import type { ListInput } from "../lib/list";
import {
  BIN_TABLES,
  type BinResource,
  type BinScope,
  type EntryRow,
} from "../plugins/app/repositories/recycle-bin-repository";
import { rightsCover } from "./user-authority";

/** The kinds of record the bin holds. */
export type { BinResource };

/**
 * The recycle bin's rules (issue 13): what a deletion takes and when it needs the record's code,
 * moving a record with its dependants to the bin, who sees and restores which entries, the purge
 * after LMS_TRASH_DAYS, and large course deletions run as a job.
 */

/** A record about to be deleted, as the bin keeps it. */
export interface BinRecord {
  resource: BinResource;
  id: number;
  label: string;
  code: string | null;
  schoolId: number | null;
  courseId: number | null;
  roleId: number | null;
}

/** The counts each resource's confirmation shows (the recycle bin contract). */
const COUNT_KEYS: Record<BinResource, (keyof DeletionCounts)[]> = {
  school: ["users", "courses", "progress"],
  course: ["elements", "materials", "progress", "attempts"],
  element: ["materials", "progress"],
  material: ["progress", "attempts"],
  user: ["progress", "attempts"],
  role: [],
};

const COUNT_TABLES: Record<keyof DeletionCounts, string[]> = {
  users: ["users"],
  courses: ["courses"],
  elements: ["course_elements"],
  materials: ["materials"],
  progress: ["progress"],
  attempts: ["attempts", "scorm_attempts"],
};

const DAY_MS = 24 * 60 * 60 * 1000;

async function countsOf(app: FastifyInstance, record: BinRecord): Promise<DeletionCounts> {
  const bin = app.repos.deletionImpact;
  switch (record.resource) {
    case "school":
      return bin.schoolCounts(record.id);
    case "course":
      return bin.courseCounts(record.id);
    case "element":
      return bin.elementCounts(record.id);
    case "material":
      return bin.materialCounts(record.id);
    case "user":
      return bin.userCounts(record.id);
    case "role":
      return {};
  }
}

/**
 * What goes with the record. A school with users or courses, or a course with any learner's
 * progress or attempts, needs its code typed to be deleted.
 */
export async function deletionImpact(
  app: FastifyInstance,
  record: BinRecord,
): Promise<DeletionImpact> {
  const counts = await countsOf(app, record);
  const requiresCode =
    (record.resource === "school" && Boolean(counts.users || counts.courses)) ||
    (record.resource === "course" && Boolean(counts.progress || counts.attempts));
  return { id: record.id, label: record.label, code: record.code, requiresCode, counts };
}

/** 409 with the impact, and nothing changed, unless the code was typed when it is needed. */
export function checkConfirmCode(impact: DeletionImpact, confirmCode: string | undefined): void {
  if (!impact.requiresCode) return;
  const typed = (confirmCode ?? "").trim().toLowerCase();
  if (typed === "" || typed !== (impact.code ?? "").trim().toLowerCase()) {
    throw new ApiError(409, "errors.confirmCodeMismatch", { data: impact });
  }
}

/** Impact, then the code check: what every `delete` of a single record runs first. */
export async function confirmDeletion(
  app: FastifyInstance,
  record: BinRecord,
  confirmCode: string | undefined,
): Promise<DeletionImpact> {
  const impact = await deletionImpact(app, record);
  checkConfirmCode(impact, confirmCode);
  return impact;
}

/**
 * Moves the record and every row that depends on it to the bin, then deletes the live rows with
 * `removeLive` (the resource's own delete, which closes position gaps): inside the caller's
 * transaction. The files stay until the purge. Returns the bin entry's id.
 */
export async function moveToBin(
  app: FastifyInstance,
  db: Executor,
  record: BinRecord,
  deletedBy: string | null,
  removeLive: () => Promise<unknown>,
): Promise<number> {
  const bin = app.repos.recycleBin;
  const entryId = await bin.createEntry(db, {
    resource: record.resource,
    recordId: record.id,
    label: record.label,
    code: record.code,
    schoolId: record.schoolId,
    courseId: record.courseId,
    roleId: record.roleId,
    deletedBy,
    purgeAt: new Date(Date.now() + app.config.trash.days * DAY_MS),
  });
  const rows = await bin.capture(db, entryId, BIN_TABLES[record.resource], record.id);
  const counts: DeletionCounts = {};
  for (const key of COUNT_KEYS[record.resource]) {
    counts[key] = COUNT_TABLES[key].reduce((sum, table) => sum + (rows.get(table) ?? 0), 0);
  }
  await bin.finishEntry(db, entryId, counts, await bin.fileKeysOf(db, entryId));
  await removeLive();
  return entryId;
}

/**
 * Whose entries the caller reaches: a caller bound to a school only its school's; for elements
 * and materials only those of courses it may change; a teacher only the courses it deleted.
 */
export function binScope(caller: Caller, resource: BinResource): BinScope {
  const scope: BinScope = { schoolId: caller.schoolId };
  if (resource === "element" || resource === "material") {
    scope.courseViewer = {
      userId: caller.userId,
      roleId: caller.roleId,
      schoolId: caller.schoolId,
      grade: caller.grade,
      section: caller.section,
    };
  }
  if (resource === "course" && caller.roleId === ROLE_IDS.teacher) {
    scope.deletedBy = caller.userName;
  }
  return scope;
}

export function listTrash(
  app: FastifyInstance,
  caller: Caller,
  resource: BinResource,
  input: ListInput,
  filters: ListFilter[],
  courseId?: number,
) {
  return app.repos.recycleBin.list(resource, input, filters, binScope(caller, resource), courseId);
}

async function entryInScope(
  app: FastifyInstance,
  db: Executor,
  caller: Caller,
  resource: BinResource,
  id: number,
): Promise<EntryRow> {
  const entry = await app.repos.recycleBin.findForUpdate(
    db,
    resource,
    id,
    binScope(caller, resource),
  );
  if (!entry) throw notFound();
  if (resource === "user" && entry.roleId !== null) {
    // A deleted user comes back only for a caller who could act on it (services/user-authority).
    if (entry.recordId === caller.userId) throw forbidden();
    const rights = await app.repos.roles.permissionsOf(entry.roleId, db);
    if (rights && !rightsCover(caller, rights)) throw forbidden();
  }
  return entry;
}

/**
 * Restores an entry: its record with the same id and its dependants, progress and attempts.
 * 409 errors.restoreParentMissing when what it belongs to is gone (or in the bin), 409
 * errors.restoreConflict when its code, name, user name or e-mail is now taken.
 */
export async function restoreFromBin(
  app: FastifyInstance,
  caller: Caller,
  resource: BinResource,
  id: number,
): Promise<number> {
  try {
    return await app.repos.transaction(async (tx) => {
      const entry = await entryInScope(app, tx, caller, resource, id);
      if (resource === "course") {
        const record = await app.repos.recycleBin.recordOf(tx, entry);
        const code = typeof record?.course_code === "string" ? record.course_code : "";
        if (code && (await app.repos.courses.codeTaken(tx, code, entry.schoolId))) {
          throw new ApiError(409, "errors.restoreConflict");
        }
      }
      if (!(await app.repos.recycleBin.restoreRows(tx, entry))) {
        throw new ApiError(409, "errors.restoreParentMissing");
      }
      await app.repos.recycleBin.deleteEntry(tx, entry.id);
      return entry.recordId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, "errors.restoreConflict");
    throw error;
  }
}

/** Deletes an entry for ever, with its stored files. */
export async function purgeFromBin(
  app: FastifyInstance,
  caller: Caller,
  resource: BinResource,
  id: number,
): Promise<void> {
  const keys = await app.repos.transaction(async (tx) => {
    const entry = await entryInScope(app, tx, caller, resource, id);
    await app.repos.recycleBin.deleteEntry(tx, entry.id);
    return entry.fileKeys;
  });
  if (keys.length > 0) await app.storage.remove(keys);
}

/** SPEC.md §8: a course that a job is deleting answers 409 to every command on it. */
export async function assertCourseNotDeleting(
  app: FastifyInstance,
  courseId: number,
): Promise<void> {
  if (await app.repos.courseDeletions.isCourseBeingDeleted(courseId)) {
    throw new ApiError(409, "errors.courseDeletionInProgress");
  }
}

export function courseBinRecord(course: {
  id: number;
  courseName: string;
  courseCode: string;
  schoolId: number | null;
}): BinRecord {
  return {
    resource: "course",
    id: course.id,
    label: course.courseName,
    code: course.courseCode,
    schoolId: course.schoolId,
    courseId: course.id,
    roleId: null,
  };
}

/** Whether a course's deletion is large enough to run as a job (LMS_DELETE_JOB_ROWS). */
export function deletesAsJob(app: FastifyInstance, impact: DeletionImpact): boolean {
  const rows = Object.values(impact.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  return rows > app.config.trash.deleteJobRows;
}

/** Runs a marked course deletion (one process only: the mark is locked while it runs). */
async function runCourseDeletion(app: FastifyInstance, courseId: number): Promise<void> {
  try {
    await app.repos.transaction(async (tx) => {
      const claim = await app.repos.courseDeletions.claimCourseDeletion(tx, courseId);
      if (!claim) return;
      const course = await app.repos.courses.find(courseId, null, "view", tx);
      if (course) {
        await moveToBin(app, tx, courseBinRecord(course), claim.deletedBy, () =>
          app.repos.courses.delete(tx, courseId),
        );
      }
      await app.repos.courseDeletions.endCourseDeletion(courseId, tx);
    });
  } catch (error) {
    app.log.error({ err: error, courseId }, "course deletion failed");
    // The course stays as it was and may be used (and deleted) again.
    await app.repos.courseDeletions.endCourseDeletion(courseId);
  }
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The bin's background work in each server process: the purge (at start, then every hour) and
 * large course deletions. `startJob` runs a job in the background; tests replace it to hold one.
 */
export class RecycleBinJobs {
  private timer: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<unknown>>();

  startJob: (run: () => Promise<void>) => void = (run) => {
    this.track(new Promise((resolve) => setImmediate(resolve)).then(run));
  };

  constructor(private readonly app: FastifyInstance) {}

  private track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) => this.app.log.error({ err: error }, "recycle bin job failed"))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  start(): void {
    this.track(this.periodic());
    this.timer = setInterval(() => this.track(this.periodic()), HOUR_MS);
    this.timer.unref();
  }

  private async periodic(): Promise<void> {
    await this.purgeExpired();
    // Deletions a stopped process left unfinished.
    for (const courseId of await this.app.repos.courseDeletions.pendingCourseDeletions()) {
      await runCourseDeletion(this.app, courseId);
    }
  }

  /** Purges the entries due at `now`; returns how many. */
  async purgeExpired(now: Date = new Date()): Promise<number> {
    let purged = 0;
    for (;;) {
      const due = await this.app.repos.recycleBin.purgeDue(now);
      if (due.length === 0) return purged;
      const keys = due.flatMap((d) => d.fileKeys);
      if (keys.length > 0) await this.app.storage.remove(keys);
      purged += due.length;
    }
  }

  /** Starts the job of a course marked as being deleted. */
  deleteCourse(courseId: number): void {
    this.startJob(() => runCourseDeletion(this.app, courseId));
  }

  /** Waits for the jobs under way (tests, and the app's close). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }
}
